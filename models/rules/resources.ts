import { rule } from '../rule.ts';

// Conventions, Link object, Paged list envelope, Consulta, Versioning.
const C = 'Resources and their fields > Conventions';
const L = 'Resources and their fields > Paged list envelope';
const Q = 'Resources and their fields > Consulta';
const list = 'consultas-list';

export const RESOURCE_RULES = [
  // Other resources: the fields of AgenciaCreate (but AdminMail), AgenciaEdit and AppWebhookUpsert are not shown, so
  // the profile's templates describe what the target takes. A 400 keyed by a member its template filled is that
  // description failing: one rule reports it (the checks that met it skip, naming it), never a must rule.
  rule(
    'profile/templates-accepted',
    'profile',
    'Resources and their fields > Other resources',
    "the target takes the write bodies the profile's templates give (agenciaCreate, agenciaEdit, webhookUpsert): no 400 keyed by a member with its template's value",
  ),
  rule('conventions/success-media-type', 'must', C, 'every success response with a body has one of the four listed media types'),
  rule(
    'conventions/json-no-bom',
    'must',
    C,
    'no JSON body starts with a byte order mark (Wire format: JSON; RFC 8259 section 8.1: implementations MUST NOT add one)',
  ),
  rule('conventions/link-href-relative', 'must', 'Resources and their fields > Link object', 'every link href is a relative URI'),
  rule('conventions/link-templated', 'must', 'Resources and their fields > Link object', 'an href with {param} placeholders carries templated: true'),
  rule(
    'conventions/self-link-resolves',
    'must',
    'Resources and their fields > Link object',
    'a link under the relation self (RFC 8288: the identifier of its context) leads, dereferenced, to the representation that carries it: the same agency, inquiry, topic or record (a list entry, which may summarise its record, agreeing on every member it has)',
  ),
  rule(
    'conventions/ref-title-non-empty',
    'must',
    'Resources and their fields > Link object',
    'every entry of every reference-form answer has a title that is a non-empty string (a short human label for the target), after every write as before',
  ),
  rule(
    'conventions/full-forms-agree',
    'must',
    C,
    'the full forms (application/json, text/json, entry) of one request read in one state are one representation: the same members, nulls included, and the same entries',
  ),
  rule(
    'conventions/presence-stable',
    'must',
    C,
    'a write never takes a member away: every member a resource showed before a PUT of it is present (null when it has no value) in the answer and in every full-form read after it, also when the write set it to null',
  ),
  rule('conventions/datetime-offset', 'must', C, 'every timestamp is an ISO 8601 date-time with a UTC offset'),
  rule('conventions/null-not-omitted', 'must', C, 'a field without a value is sent as null, not left out'),
  rule(
    'versioning/links-under-v3',
    'must',
    'Versioning',
    'every link href of every success answer names a path whose first segment is v3 (below the base address), as every path of the API',
  ),
  rule('versioning/media-type-unversioned', 'must', 'Versioning', 'no response media type carries a version parameter'),
  rule(
    'consultas/list/envelope-schema',
    'must',
    L,
    'every page is a paged envelope with Desde, Hasta, Pagina, Total, PerPagina, _links and _entries of the right types',
    list,
  ),
  rule('consultas/list/pagina-echoed', 'must', L, 'Pagina is the requested page number (1 when none is requested)', list),
  rule(
    'consultas/list/pagina-starts-at-1',
    'must',
    L,
    'Pagina is never below 1 ("starting at 1"): a page below the first (pagina 0 or -1) is refused with 400 or answered with Pagina 1 or more',
    list,
  ),
  rule('consultas/list/total-consistent', 'must', L, 'Total is the same on every page and equals the number of entries over all pages', list),
  rule('consultas/list/entries-within-per-pagina', 'must', L, 'no page has more entries than PerPagina, and every page but the last is full', list),
  rule('consultas/list/no-duplicates', 'must', L, 'no inquiry appears on two pages', list),
  rule('consultas/list/no-gaps', 'must', L, 'walking the pages yields every inquiry the agency has in the period', list),
  rule('consultas/list/hasta-end-of-day', 'must', L, 'Hasta is the last instant of the final day (23:59:59), on the hasta date when one is given', list),
  rule('consultas/list/desde-start-of-day', 'must', L, 'Desde is the first instant of the first day (00:00:00), on the desde date when one is given', list),
  rule('consultas/list/momento-in-range', 'must', L, 'every Momento lies within [Desde, Hasta]', list),
  // On data the run makes through the simulation hooks (suites/run-data.suite.ts, issue 21).
  rule(
    'consultas/list/ties-across-pages',
    'must',
    L,
    'inquiries received at one same instant, more than a page of them, are each listed exactly once over the pages (no duplicate, no gap), and Total counts them',
    list,
  ),
  rule(
    'consultas/list/period-by-zone-day',
    'profile',
    'Endpoints > Consultas',
    "desde and hasta select by the day of the profile's time zone, whatever offset a Momento is written in: 00:00:00 and 23:59:59 of a day are in its list, the second before and after are not; Desde and Hasta are that day's first and last instant, and Total counts its inquiries",
    list,
  ),
  rule(
    'consultas/list/period-days-not-24-hours',
    'profile',
    'Endpoints > Consultas',
    "a day of the profile's time zone whose offset changes (23 or 25 hours long, or with a midnight the clock skips), when the desde window holds one, bounds desde and hasta and the envelope's Desde and Hasta like any other day, by the zone's rules: the inquiries at its edges in its list and those of the days either side not, Desde and Hasta its first and last instant, Total its inquiries",
    list,
  ),
  rule(
    'consultas/list/filter-externalid',
    'must',
    'Endpoints > Consultas',
    'externalid returns the inquiries of that publication and only them; an external id of no publication, or a strict prefix of one, lists none (or 400)',
    list,
  ),
  rule(
    'consultas/list/filter-operador',
    'must',
    'Endpoints > Consultas',
    'operador narrows the list to a subset of the unfiltered one that holds the inquiries that operator is responsible for; an e-mail of no collaborator lists none (or 400)',
    list,
  ),
  rule(
    'consultas/list/filter-operador-whole-email',
    'must',
    'Endpoints > Consultas',
    "operador is matched as a collaborator's whole e-mail, never a part of one: a strict part of the fixture operator's address that is itself an e-mail (the local part without its first character, the domain without its last) lists no inquiry (or is refused with 400)",
    list,
  ),
  rule(
    'consultas/list/filter-desde-hasta',
    'must',
    'Endpoints > Consultas',
    'desde and hasta, together or alone, bound the days of reception: the answer holds exactly the inquiries received on those days',
    list,
  ),
  rule('consultas/consulta-schema', 'must', Q, 'every Consulta has exactly the documented members, types and nullability'),
  rule('consultas/catalogo-external-id-empty', 'must', Q, 'a catalogo inquiry has Auto.ExternalId "" (a string, never null)'),
  rule(
    'consultas/values-as-given',
    'must',
    C,
    'zero, null and empty values of an inquiry are read back as given — Kilometraje 0 and Importe 0 as 0, null as null (present), "" as "" — by sid, in the list and in its webhook payload',
  ),
  rule('consultas/get/equals-list-entry', 'must', 'Endpoints > Consultas', 'GET by sid returns the same Consulta as its list entry', 'consultas-get'),
  rule('consultas/ref/entries-link-only', 'must', Q, 'reference-form entries are link objects with href and title only', list),
  rule(
    'consultas/ref/links-to-inquiry',
    'must',
    Q,
    "every reference form of an inquiry the run hears (an entry of a reference-form list, the link GET by sid answers) links to that inquiry: its href, read in the full form by the same app, is a Consulta its title labels (buyer e-mail, make, model, external id), and GET by sid's is the inquiry its path names",
  ),
  rule('consultas/ref/title-combines', 'must', Q, "a Consulta's reference title combines buyer e-mail, make, model and external id"),
];
