// Everything the spec marks "not shown" (or leaves open), as data. Each gap names the profile key that
// describes the target's choice, if any, and the observe rule that records it.
export interface Gap {
  id: string;
  section: string;
  what: string;
  profileKey?: string;
  observedBy?: string;
}

export const GAPS: readonly Gap[] = [
  { id: 'auth-scheme', section: 'Authentication', what: 'how the app proves its identity', profileKey: 'apps.*.headers', observedBy: 'observe/unauthenticated' },
  { id: 'media-type-selection', section: 'Endpoints > Consultas', what: 'how a caller chooses among the media types of a response', profileKey: 'mediaTypeSelection', observedBy: 'observe/media-type-selection' },
  { id: 'conditional-request-header', section: 'Endpoints > Home', what: 'the request header that triggers 304', profileKey: 'conditionalRequestHeader' },
  { id: 'topic-names', section: 'Events', what: 'topic names', profileKey: 'topics' },
  { id: 'webhook-config-fields', section: 'Events', what: 'fields of a webhook configuration (AppWebhookUpsert)', profileKey: 'templates.webhookUpsert' },
  { id: 'webhook-delivery', section: 'Events', what: 'delivery payloads, headers, signing and retries', profileKey: 'webhooks' },
  { id: 'resource-fields', section: 'Resources and their fields > Other resources', what: 'fields of Agencia, AgenciaProductos, AppWebhook(s), Carroceria, Ciudad, Color, Marca, EntryPoints', profileKey: 'templates, catalogKeys', observedBy: 'observe/unknown-members' },
  { id: 'list-shape', section: 'Resources and their fields > Other resources', what: 'the shape of lists other than the inquiry list', observedBy: 'observe/list-shape' },
  { id: 'enumerations', section: 'Resources and their fields > Other resources', what: 'complete OrigenLead, TipoAnuncio, Estado and Interes values' },
  { id: 'nullable-types', section: 'Resources and their fields > Other resources', what: 'types of RefStock, Anticipo, Cuota, Adelanto, Telefono, DocIdentidad, QuiereCotizacionSeguro' },
  { id: 'invitation-states', section: 'States and transitions', what: 'names of invitation states and their transitions', observedBy: 'observe/invitation-state-values' },
  { id: 'publication-states', section: 'States and transitions', what: 'states of publications' },
  { id: 'forbidden-body-fields', section: 'Errors', what: 'fields of the 403 problem body' },
  { id: 'not-found-body', section: 'Errors', what: 'a 404 body (none is defined)', observedBy: 'observe/not-found-body' },
  { id: 'failure-responses', section: 'Errors', what: 'responses for authentication failure, throttling and server failure', observedBy: 'observe/unauthenticated' },
  { id: 'rate-limits', section: 'Limits', what: 'rate limits and quotas', observedBy: 'observe/rate-limit-headers' },
  { id: 'resend-age-bound', section: 'Limits', what: 'the exact age bound for resending', profileKey: 'resendMaxAgeDays', observedBy: 'observe/resend-old-inquiry' },
  { id: 'page-size', section: 'Limits', what: 'the page size (PerPagina is 100 in the observed response)', profileKey: 'inquiryPageSize' },
  { id: 'pagina-lower-bound', section: 'Resources and their fields > Paged list envelope', what: 'what pagina below 1 or past the last page gets', observedBy: 'observe/pagina-below-first' },
  { id: 'today', section: 'Limits', what: 'the time zone in which "today" is reckoned for desde', profileKey: 'timeZone' },
  { id: 'marcas-bestmatch-responses', section: 'Endpoints > Marcas', what: 'responses beyond 200 of GET /v3/marcas/bestmatch, and its media types', observedBy: 'status/marcas-bestmatch/documented-only' },
  { id: 'unlisted-media-types', section: 'Endpoints', what: 'media types of GET /v3/carrocerias/{id} and of the resendwebhook body', observedBy: 'media/carrocerias-get/offered' },
  { id: 'options-response', section: 'States and transitions', what: 'status, media types and fields of OPTIONS on the agency URI' },
  { id: 'consultas-optional-admin-mail', section: 'Endpoints > Consultas', what: 'adminMail "optional when operador is given" in a path', observedBy: 'observe/consultas-without-admin-mail' },
  { id: 'location-form', section: 'Endpoints', what: 'whether Location headers are absolute or relative', observedBy: 'observe/location-form' },
  { id: 'admin-mail-body-limits', section: 'Endpoints > Agencias', what: 'limits of AdminMail in AgenciaCreate', observedBy: 'observe/invite-long-admin-mail' },
  { id: 'unknown-paths-methods', section: 'Endpoints', what: 'answers to unknown paths and undefined methods', observedBy: 'observe/unknown-path' },
  { id: 'deprecation', section: 'Versioning', what: 'deprecation and compatibility policy' },
];
