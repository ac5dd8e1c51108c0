import {
  GAPS,
  statementById,
  type Endpoint,
  type Gap,
  type HeaderSpec,
  type ParamSpec,
  type RepresentationName,
  type ResponseSpec,
  type SuccessSpec,
} from '../models/index.ts';

// Where the document marks what the spec leaves open: every gap of models/gaps.ts is an `x-vmp-gap` on the
// objects it concerns, carrying the spec's own words (the quotes of models/statements/), so a reader of the
// OpenAPI document sees which parts are a target's choice and not the spec's.

/** A place in the document that may carry `x-vmp-gap`. */
export type Place =
  | { kind: 'document' }
  | { kind: 'operation'; endpoint: Endpoint }
  | { kind: 'response'; endpoint: Endpoint; response: ResponseSpec | SuccessSpec }
  | { kind: 'parameter'; endpoint: Endpoint; param: ParamSpec }
  | { kind: 'header'; endpoint: Endpoint; header: HeaderSpec }
  | { kind: 'requestBody'; endpoint: Endpoint }
  /** The `default` response of a row whose further codes are not shown. */
  | { kind: 'otherCodes'; endpoint: Endpoint }
  | { kind: 'webhook' };

export interface GapMark {
  gap: string;
  section: string;
  what: string;
  /** The spec's words that leave it open. */
  spec: { statement: string; section: string; quote: string }[];
  profileKey?: string;
  observedBy?: string;
  /** The document was built with a target profile, and shows that profile's choice here. */
  filledFromProfile?: true;
}

type Where = (p: Place) => boolean;

const LISTS: RepresentationName[] = ['Agencias', 'Carrocerias', 'Ciudades', 'Colores', 'Marcas'];
/** Representations whose fields are not shown (Resources and their fields > Other resources). */
const OPAQUE: RepresentationName[] = [
  ...LISTS,
  'EntryPoints',
  'Agencia',
  'AgenciaProductos',
  'InvitationState',
  'AppWebhooks',
  'AppWebhook',
  'Carroceria',
  'Ciudad',
  'Color',
  'Marca',
];

const document: Where = (p) => p.kind === 'document';
const operation =
  (...ids: string[]): Where =>
  (p) =>
    p.kind === 'operation' && ids.includes(p.endpoint.id);
const response =
  (test: (e: Endpoint, r: ResponseSpec | SuccessSpec) => boolean): Where =>
  (p) =>
    p.kind === 'response' && test(p.endpoint, p.response);
const representation = (names: RepresentationName[]) =>
  response((_, r) => 'representation' in r && r.representation !== undefined && names.includes(r.representation));
const parameter =
  (name: string, ...ids: string[]): Where =>
  (p) =>
    p.kind === 'parameter' && p.param.name === name && (ids.length === 0 || ids.includes(p.endpoint.id));
const requestBody =
  (...models: string[]): Where =>
  (p) =>
    p.kind === 'requestBody' && models.includes(p.endpoint.body?.model ?? '');
const otherCodes =
  (test: (e: Endpoint) => boolean): Where =>
  (p) =>
    p.kind === 'otherCodes' && test(p.endpoint);
const webhook: Where = (p) => p.kind === 'webhook';
const anyOf =
  (...wheres: Where[]): Where =>
  (p) =>
    wheres.some((w) => w(p));

/** Every gap's places; a gap missing here fails the document's test (every gap is marked somewhere). */
const PLACES: Record<string, Where> = {
  'auth-scheme': document,
  'media-type-selection': document,
  'conditional-request-header': response((e, r) => e.id === 'home' && r.status === 304),
  'topic-names': anyOf(parameter('topic'), webhook),
  'webhook-config-fields': requestBody('AppWebhookUpsert'),
  'webhook-delivery': anyOf(
    response((_e, r) => r.body === 'webhook-payload'),
    webhook,
  ),
  'resource-fields': anyOf(representation(OPAQUE), requestBody('AgenciaCreate', 'AgenciaEdit')),
  'list-shape': representation(LISTS),
  enumerations: representation(['Consulta', 'ConsultaPage']),
  'nullable-types': representation(['Consulta', 'ConsultaPage']),
  'invitation-states': anyOf(
    operation('agencias-options'),
    response((e, r) => e.id === 'agencias-get' && r.status === 200),
  ),
  'publication-states': document,
  'forbidden-body-fields': response((_, r) => r.body === 'problem'),
  'not-found-body': response((_, r) => r.body === 'undefined-body'),
  'failure-responses': document,
  'rate-limits': document,
  'resend-age-bound': operation('consultas-resend'),
  'page-size': response((e, r) => e.id === 'consultas-list' && r.status === 200),
  'pagina-lower-bound': parameter('pagina'),
  today: parameter('desde'),
  'marcas-bestmatch-responses': anyOf(
    operation('marcas-bestmatch'),
    otherCodes((e) => e.id === 'marcas-bestmatch'),
  ),
  'further-codes': otherCodes((e) => e.section === 'Endpoints > Consultas'),
  'unlisted-media-types': response((e, r) => (e.id === 'carrocerias-get' && r.status === 200) || r.body === 'webhook-payload'),
  'options-response': anyOf(
    operation('agencias-options'),
    otherCodes((e) => e.id === 'agencias-options'),
  ),
  'consultas-optional-admin-mail': parameter('adminMail', 'consultas-list'),
  'location-form': (p) => p.kind === 'header' && p.header.name === 'Location',
  'admin-mail-body-limits': requestBody('AgenciaCreate'),
  'unknown-paths-methods': document,
  deprecation: document,
};

function mark(gap: Gap, filled: ReadonlySet<string>): GapMark {
  const spec = gap.statements.map((id) => {
    const s = statementById(id);
    if (!s) throw new Error(`gap ${gap.id} names statement ${id}, which is not in models/statements/`);
    return { statement: s.id, section: s.section, quote: s.quote };
  });
  return {
    gap: gap.id,
    section: gap.section,
    what: gap.what,
    spec,
    ...(gap.profileKey ? { profileKey: gap.profileKey } : {}),
    ...(gap.observedBy ? { observedBy: gap.observedBy } : {}),
    ...(filled.has(gap.id) ? { filledFromProfile: true as const } : {}),
  };
}

/**
 * `{ 'x-vmp-gap': [...] }` for a place where gaps apply, `{}` elsewhere: spread into the object built for it.
 * `filled` names the gaps whose profile choice the document shows.
 */
export function gapMarks(place: Place, filled: ReadonlySet<string> = new Set()): { 'x-vmp-gap'?: GapMark[] } {
  const marks = GAPS.filter((g) => {
    const where = PLACES[g.id];
    if (!where) throw new Error(`gap ${g.id} has no place in the OpenAPI document (openapi/gap-marks.ts)`);
    return where(place);
  }).map((g) => mark(g, filled));
  return marks.length > 0 ? { 'x-vmp-gap': marks } : {};
}
