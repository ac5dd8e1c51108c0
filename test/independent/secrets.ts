/** The signing secrets the independent profiles name as ${ENV}: they reach a run through the environment only. */
export const SECRETS = {
  VMP_INDEP_HOOK_SECRET: 'indep-hook-secret-5f2a9c',
  VMP_INDEP_ALT_SECRET: 'whsec_aW5kZXAtYWx0LXNpZ25pbmcta2V5LTAx',
  VMP_INDEP_SUR_SECRET: 'sur-firma-secreta-7d3b1e',
};
