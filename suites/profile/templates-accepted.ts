import { judgeHeard } from '../errors/problem-checks.ts';
import { check } from '../harness/check.ts';
import { freshAdminMail, invite, registerCheckAgency } from '../harness/invitations.ts';
import { agenciaEditBody } from '../harness/request-inputs.ts';
import { runLedger } from '../harness/run-ledger.ts';
import { TEMPLATES_RULE } from '../harness/template-refusal.ts';

// Resources > Other resources: the fields of AgenciaCreate (but AdminMail), AgenciaEdit and AppWebhookUpsert are
// not shown, so the profile's templates say what the target takes. Every write the run heard that carried a
// template's value is judged (harness/template-refusal.ts): a 400 keyed by such a member fails this rule once, while
// the checks that met it skip naming it. Registered in the last suite file, so the ledger has heard the whole run;
// a run of this rule alone sends an invitation and, where the hooks can register an agency, an edit of it.

export function registerTemplatesAcceptedCheck(): void {
  check(
    TEMPLATES_RULE,
    async (c) => {
      const heard = runLedger(c.ctx.runId)?.heardVerdicts(TEMPLATES_RULE, true).judged ?? 0;
      if (heard === 0) {
        const invited = await invite(c, freshAdminMail(c, 'tpl'));
        if (invited.status === 202 && c.ctx.profile.templates.agenciaEdit && c.ctx.profile.simulationHooks) {
          const adminMail = await registerCheckAgency(c);
          await c.send('agencias-put', { params: { adminMail }, json: agenciaEditBody(c, adminMail) });
        }
      }
      judgeHeard(c, TEMPLATES_RULE, true);
    },
    // A read-only run sends no template; mutating checks run one after another, so this one hears those before it.
    { judgesRun: true, judgesTemplates: true, mutates: true },
  );
}
