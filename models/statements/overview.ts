import { inRow, inSection, restated, type Statement } from './statement.ts';

// The preface, What the service does, and Resources and their fields: Conventions, Link object and the
// paged list envelope.

const top = inSection('Vehicle Marketplace Partner API, version v3');
const what = inSection('What the service does');
const conv = inSection('Resources and their fields > Conventions');
const mediaRow = (type: string) => inRow('Resources and their fields > Conventions', `| ${type} |`);
const LINK = 'Resources and their fields > Link object';
const link = (field: string) => inRow(LINK, `| ${field} |`);
const PAGED = 'Resources and their fields > Paged list envelope (inquiry list)';
const paged = (field: string) => inRow(PAGED, `| ${field} |`);

export const OVERVIEW_STATEMENTS: Statement[] = [
  top(
    'preface/paths-relative',
    'All paths below are relative to it.',
    [],
    'how the suites address the target: every request goes under the base URL, so a target that breaks it fails every rule',
  ),

  restated(what('service/invite', 'invite a dealership (agencia) to register', []), 'endpoints/agencias-invite/202'),
  what('service/read-modify', 'read and modify its data', ['agencias/put-sets-fields', 'status/agencias-get/200']),
  restated(what('service/productos', 'read the state of its publication package', []), 'endpoints/agencias-productos/200'),
  restated(what('service/dissociate', 'dissociate it from the app', []), 'states/desasociar-result'),
  restated(what('service/webhooks', 'configure webhook notifications per topic for the app', []), 'events/per-topic', 'events/topic-operations'),
  restated(
    what(
      'service/catalog',
      'read the reference catalog: body styles (carrocerias), cities (ciudades), colors (colores), makes (marcas), each with a best-match lookup for some of them',
      [],
    ),
    'endpoints/carrocerias-list/200',
    'endpoints/ciudades-list/200',
    'endpoints/colores-list/200',
    'endpoints/marcas-list/200',
  ),
  restated(
    what(
      'service/inquiries',
      "read the inquiries (consultas) that prospective buyers sent to a dealership's publications, and ask for the webhook of one inquiry to be sent again",
      [],
    ),
    'endpoints/consultas-list/200',
    'endpoints/consultas-get/200',
    'events/resend',
  ),
  restated(what('service/home', 'read a home document that lists the entry points of the API', []), 'endpoints/home/200'),
  what('service/scoped-to-app', 'All operations are scoped to the calling app: an agency is visible only if it is associated with the calling app.', [
    'scoping/agency-lists-disjoint',
    'scoping/foreign-agency-get-404',
    'scoping/foreign-agency-productos-404',
    'scoping/empty-app-no-agencies',
    'lifecycle/desasociar-removes-association',
    'scoping/agency-reads',
    'scoping/agencias-list',
    'model/command-sequences',
  ]),
  what('service/inquiries-visible', 'Inquiries visible to the app are those received by publications that the app published', [
    'scoping/foreign-consultas-list-404',
    'scoping/foreign-consulta-get-404',
    'scoping/agency-reads',
    'scoping/lookup-by-id',
    'scoping/inquiries-of-app',
  ]),
  what(
    'service/inquiries-enabled',
    'if the agency has enabled the app for it, other kinds of inquiries appear in the same list',
    [],
    'which kinds an agency enabled is not exposed by any operation: a client cannot tell which inquiries should appear',
  ),
  what('service/not-shown', 'Endpoints for managing publications, and the rest of the catalog beyond the operations listed under Endpoints, are not shown.', [
    'observe/unknown-path',
  ]),

  conv('conventions/wire-json', 'Wire format: JSON.', ['media/*/json', 'media/*/text-json', 'media/*/entry', 'media/*/ref', 'conventions/json-no-bom']),
  conv('conventions/pascal-case', 'Field names in inquiry payloads are PascalCase (for example Momento)', [
    'consultas/consulta-schema',
    'consultas/list/envelope-schema',
  ]),
  conv('conventions/link-lower-case', 'link members are lower case (_links, _entries, href, title, templated)', [
    'consultas/list/envelope-schema',
    'consultas/ref/entries-link-only',
    'conventions/link-href-relative',
  ]),
  conv('conventions/timestamps', 'Timestamps are ISO 8601 date-times with a UTC offset.', ['conventions/datetime-offset']),
  conv('conventions/query-dates', 'Query dates (desde, hasta) are ISO 8601 dates (yyyy-mm-dd).', [
    'limits/desde-min-today-minus-90/at-limit-accepted',
    'consultas/list/filter-desde-hasta',
    'status/consultas-list/400',
    'limits/date-format/invalid-dates-rejected',
  ]),
  conv('conventions/null', 'A field that has no value is sent as null.', [
    'conventions/null-not-omitted',
    'consultas/values-as-given',
    'conventions/presence-stable',
  ]),
  conv('conventions/success-media-types', 'Media types that a success response can have (not every endpoint offers every one; see Endpoints)', [
    'conventions/success-media-type',
    'conventions/unlisted-media-form-never-served',
  ]),
  mediaRow('application/json')('conventions/media-json', 'full representation', ['media/*/json', 'conventions/full-forms-agree']),
  mediaRow('text/json')('conventions/media-text-json', 'full representation', ['media/*/text-json', 'conventions/full-forms-agree']),
  mediaRow('application/vnd.service.entry+json')('conventions/media-entry', 'full representation (entry form)', [
    'media/*/entry',
    'conventions/full-forms-agree',
  ]),
  mediaRow('application/vnd.service.ref+json')('conventions/media-ref', 'reference form: each list entry is only a link object with href and title', [
    'media/*/ref',
    'consultas/ref/entries-link-only',
    'consultas/ref/links-to-inquiry',
    'model/forms-agree',
  ]),
  conv('conventions/problem-media-type', 'Error bodies use application/problem+json (see Errors).', ['errors/problem-media-type']),

  link('href')('link/href-relative', 'relative URI', ['conventions/link-href-relative', 'conventions/self-link-resolves']),
  link('href')('link/href-templated', 'may contain {param} placeholders when templated is true', ['conventions/link-templated']),
  link('templated')('link/templated', 'present and true when href is a URI template', ['conventions/link-templated']),
  link('title')('link/title', 'present in reference-form entries; a short human label for the target', [
    'consultas/ref/entries-link-only',
    'consultas/ref/links-to-inquiry',
    'media/*/ref',
    'conventions/ref-title-non-empty',
  ]),

  paged('Desde')('paged/desde', 'first instant of the period covered', [
    'consultas/list/desde-start-of-day',
    'consultas/list/momento-in-range',
    'consultas/list/envelope-schema',
    'consultas/list/period-by-zone-day',
    'consultas/list/period-days-not-24-hours',
  ]),
  paged('Hasta')('paged/hasta', 'last instant of the period covered (end of the final day)', [
    'consultas/list/hasta-end-of-day',
    'consultas/list/momento-in-range',
    'consultas/list/period-by-zone-day',
    'consultas/list/period-days-not-24-hours',
  ]),
  paged('Pagina')('paged/pagina', 'current page number, starting at 1', ['consultas/list/pagina-echoed', 'consultas/list/pagina-starts-at-1']),
  paged('Total')('paged/total', 'total number of inquiries', [
    'consultas/list/total-consistent',
    'consultas/list/no-gaps',
    'consultas/list/no-duplicates',
    'consultas/list/ties-across-pages',
    'model/inquiry-selection',
  ]),
  paged('PerPagina')('paged/per-pagina', 'page size; 100 in the observed response', [
    'consultas/list/per-pagina-100',
    'consultas/list/entries-within-per-pagina',
    'model/inquiry-selection',
  ]),
  paged('_links')('paged/links', 'map of relation name to link object', ['consultas/list/envelope-schema']),
  paged('_entries')('paged/entries', 'full form: Consulta objects; reference form: link objects with href and title', [
    'model/forms-agree',
    'media/consultas-list/json',
    'media/consultas-list/ref',
    'consultas/ref/entries-link-only',
    'consultas/consulta-schema',
  ]),
];
