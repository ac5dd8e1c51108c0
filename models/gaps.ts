// Everything the spec marks "not shown" (or leaves open), as data. Each gap names the profile key that
// describes the target's choice, if any, and the observe rule that records it.
export interface Gap {
  id: string;
  section: string;
  what: string;
  /** The statements (models/statements/) whose words leave it open: the spec's own words for the gap. */
  statements: readonly string[];
  profileKey?: string;
  observedBy?: string;
}

export const GAPS: readonly Gap[] = [
  {
    id: 'auth-scheme',
    section: 'Authentication',
    what: 'how the app proves its identity',
    statements: ['auth/identity-not-shown'],
    profileKey: 'apps.*.headers',
    observedBy: 'observe/unauthenticated',
  },
  {
    id: 'media-type-selection',
    section: 'Endpoints > Consultas',
    what: 'how a caller chooses among the media types of a response',
    statements: ['endpoints/media-selection-not-shown'],
    profileKey: 'mediaTypeSelection',
    observedBy: 'observe/media-type-selection',
  },
  {
    id: 'conditional-request-header',
    section: 'Endpoints > Home',
    what: 'the request header that triggers 304',
    statements: ['endpoints/home/304-trigger-not-shown'],
    profileKey: 'conditionalRequestHeader',
  },
  { id: 'topic-names', section: 'Events', what: 'topic names', statements: ['events/topics-not-shown'], profileKey: 'topics' },
  {
    id: 'webhook-config-fields',
    section: 'Events',
    what: 'fields of a webhook configuration (AppWebhookUpsert)',
    statements: ['events/topics-not-shown', 'resources/fields-not-shown'],
    profileKey: 'templates.webhookUpsert',
  },
  {
    id: 'webhook-delivery',
    section: 'Events',
    what: 'delivery payloads, headers, signing and retries',
    statements: ['events/delivery-not-shown'],
    profileKey: 'webhooks',
  },
  {
    id: 'resource-fields',
    section: 'Resources and their fields > Other resources',
    what: 'fields of Agencia, AgenciaProductos, AppWebhook(s), Carroceria, Ciudad, Color, Marca, EntryPoints',
    statements: ['resources/fields-not-shown', 'resources/catalog-fields-not-shown'],
    profileKey: 'templates, catalogKeys',
    observedBy: 'observe/unknown-members',
  },
  {
    id: 'list-shape',
    section: 'Resources and their fields > Other resources',
    what: 'the shape of lists other than the inquiry list',
    statements: ['resources/catalog-fields-not-shown'],
    observedBy: 'observe/list-shape',
  },
  {
    id: 'enumerations',
    section: 'Resources and their fields > Other resources',
    what: 'complete OrigenLead, TipoAnuncio, Estado and Interes values',
    statements: ['resources/enumerations-not-shown'],
  },
  {
    id: 'nullable-types',
    section: 'Resources and their fields > Other resources',
    what: 'types of RefStock, Anticipo, Cuota, Adelanto, Telefono, DocIdentidad, QuiereCotizacionSeguro',
    statements: ['resources/types-not-shown'],
  },
  {
    id: 'invitation-states',
    section: 'States and transitions',
    what: 'names of invitation states and their transitions',
    statements: ['states/invitation-names-not-shown'],
    observedBy: 'observe/invitation-state-values',
  },
  { id: 'publication-states', section: 'States and transitions', what: 'states of publications', statements: ['states/publications-not-shown'] },
  { id: 'forbidden-body-fields', section: 'Errors', what: 'fields of the 403 problem body', statements: ['problem/403-body'] },
  { id: 'not-found-body', section: 'Errors', what: 'a 404 body (none is defined)', statements: ['errors/404'], observedBy: 'observe/not-found-body' },
  {
    id: 'failure-responses',
    section: 'Errors',
    what: 'responses for authentication failure, throttling and server failure',
    statements: ['errors/failures-not-shown'],
    observedBy: 'observe/unauthenticated',
  },
  { id: 'rate-limits', section: 'Limits', what: 'rate limits and quotas', statements: ['limits/not-shown'], observedBy: 'observe/rate-limit-headers' },
  {
    id: 'resend-age-bound',
    section: 'Limits',
    what: 'the exact age bound for resending',
    statements: ['limits/resend', 'limits/not-shown'],
    profileKey: 'resendMaxAgeDays',
    observedBy: 'observe/resend-old-inquiry',
  },
  {
    id: 'page-size',
    section: 'Limits',
    what: 'the page size (PerPagina is 100 in the observed response)',
    statements: ['limits/per-pagina', 'paged/per-pagina'],
    profileKey: 'inquiryPageSize',
  },
  {
    id: 'pagina-lower-bound',
    section: 'Resources and their fields > Paged list envelope',
    what: 'what pagina below 1 or past the last page gets',
    statements: ['paged/pagina', 'limits/pagina'],
    observedBy: 'observe/pagina-below-first',
  },
  { id: 'today', section: 'Limits', what: 'the time zone in which "today" is reckoned for desde', statements: ['limits/desde'], profileKey: 'timeZone' },
  {
    id: 'marcas-bestmatch-responses',
    section: 'Endpoints > Marcas',
    what: 'responses beyond 200 of GET /v3/marcas/bestmatch, and its media types',
    statements: ['endpoints/marcas-bestmatch/200', 'endpoints/marcas-bestmatch/others-not-shown'],
    profileKey: 'marcasNoMatch',
    observedBy: 'status/marcas-bestmatch/documented-only',
  },
  {
    id: 'further-codes',
    section: 'Endpoints > Marcas',
    what: 'response codes of the Consultas rows beyond those they list',
    statements: ['endpoints/further-not-shown'],
    observedBy: 'status/consultas-list/documented-only',
  },
  {
    id: 'unlisted-media-types',
    section: 'Endpoints',
    what: 'media types of GET /v3/carrocerias/{id} and of the resendwebhook body',
    statements: ['endpoints/carrocerias-get/media-not-shown', 'endpoints/consultas-resend/payload'],
    observedBy: 'media/carrocerias-get/offered',
  },
  {
    id: 'options-response',
    section: 'States and transitions',
    what: 'status, media types and fields of OPTIONS on the agency URI',
    statements: ['states/invitation-state'],
  },
  {
    id: 'consultas-optional-admin-mail',
    section: 'Endpoints > Consultas',
    what: 'adminMail "optional when operador is given" in a path',
    statements: ['endpoints/consultas-list/admin-mail-optional'],
    observedBy: 'observe/consultas-without-admin-mail',
  },
  {
    id: 'location-form',
    section: 'Endpoints',
    what: 'whether Location headers are absolute or relative',
    statements: ['endpoints/agencias-invite/202', 'endpoints/appnotificaciones-post/location', 'endpoints/consultas-resend/202'],
    observedBy: 'observe/location-form',
  },
  {
    id: 'admin-mail-body-limits',
    section: 'Endpoints > Agencias',
    what: 'limits of AdminMail in AgenciaCreate',
    statements: ['resources/agencia-create-admin-mail'],
    observedBy: 'observe/invite-long-admin-mail',
  },
  {
    id: 'unknown-paths-methods',
    section: 'Endpoints',
    what: 'answers to unknown paths and undefined methods',
    statements: ['service/not-shown', 'endpoints/further-not-shown'],
    observedBy: 'observe/unknown-path',
  },
  { id: 'deprecation', section: 'Versioning', what: 'deprecation and compatibility policy', statements: ['versioning/policy-not-shown'] },
];
