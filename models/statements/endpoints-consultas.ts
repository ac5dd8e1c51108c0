import { ADMIN_MAIL_LIMITS, endpointRow } from './endpoint-row.ts';
import { inSection, restated, type Statement } from './statement.ts';

// Endpoints > Consultas (inquiries): the paged list, one inquiry, and resendwebhook.

const S = 'Endpoints > Consultas (inquiries)';
const list = endpointRow(S, 'consultas-list', 'GET', '/v3/consultas/{adminMail}');
const get = endpointRow(S, 'consultas-get', 'GET', '/v3/consultas/{adminMail}/{sid}');
const resend = endpointRow(S, 'consultas-resend', 'POST', '/v3/consultas/{adminMail}/{sid}/resendwebhook');

const SID_LIMITS = [
  'limits/sid-length-20-30/min-accepted',
  'limits/sid-length-20-30/below-min-rejected',
  'limits/sid-length-20-30/max-accepted',
  'limits/sid-length-20-30/above-max-rejected',
];

export const CONSULTAS_STATEMENTS: Statement[] = [
  list('admin-mail', 'path adminMail (required, email, max 50', ADMIN_MAIL_LIMITS),
  list('admin-mail-optional', 'the description also says it is optional when operador is given', ['observe/consultas-without-admin-mail']),
  list('operador', 'query operador (email; only inquiries visible to that collaborator)', [
    'consultas/list/filter-operador',
    'consultas/list/filter-operador-whole-email',
    'filters/pairs-combine',
    'limits/email-format/rfc-forms-accepted',
    'limits/email-format/invalid-forms-rejected',
    'model/inquiry-selection',
    'scoping/filters-within-app',
  ]),
  list('externalid', 'externalid (string; external id of a publication)', [
    'consultas/list/filter-externalid',
    'filters/pairs-combine',
    'model/inquiry-selection',
    'scoping/filters-within-app',
  ]),
  list('desde', 'desde (date; first day of reception; minimum is today minus 90 days)', [
    'consultas/list/filter-desde-hasta',
    'consultas/list/desde-start-of-day',
    'limits/desde-min-today-minus-90/at-limit-accepted',
    'limits/desde-min-today-minus-90/past-limit-rejected',
    'model/inquiry-selection',
    'limits/date-format/invalid-dates-rejected',
    'consultas/list/period-by-zone-day',
    'consultas/list/period-days-not-24-hours',
    'filters/pairs-combine',
  ]),
  list('hasta', 'hasta (date; last day of reception)', [
    'consultas/list/filter-desde-hasta',
    'consultas/list/hasta-end-of-day',
    'limits/date-format/invalid-dates-rejected',
    'consultas/list/period-by-zone-day',
    'consultas/list/period-days-not-24-hours',
    'model/inquiry-selection',
    'filters/pairs-combine',
  ]),
  list('pagina', 'pagina (integer int32; page number, maximum 99)', [
    'consultas/list/pagina-echoed',
    'consultas/list/no-duplicates',
    'consultas/list/ties-across-pages',
    'limits/pagina-max-99/at-limit-accepted',
    'limits/pagina-max-99/past-limit-rejected',
    'limits/int32/invalid-forms-rejected',
  ]),
  list('200', '200 paged list of Consulta', ['status/consultas-list/200', 'consultas/list/envelope-schema']),
  list('media', '(json, text/json, entry) or of link objects (ref)', ['media/consultas-list/*']),
  list('404', '404 (agency does not exist for the app)', ['status/consultas-list/404', 'scoping/foreign-consultas-list-404', 'scoping/agency-reads']),
  list('400', ', 400 |', ['status/consultas-list/400']),

  get('admin-mail', 'path adminMail (required, email, max 50)', ADMIN_MAIL_LIMITS),
  get('sid', 'sid (required, string, length 20 to 30; inquiry id)', SID_LIMITS),
  get('200', '200 Consulta', ['status/consultas-get/200', 'consultas/get/equals-list-entry']),
  get('media', '(json, text/json, entry) or link object (ref)', ['media/consultas-get/*']),
  get('404', '404 (for the app the agency or the inquiry does not exist)', [
    'status/consultas-get/404',
    'scoping/foreign-consulta-get-404',
    'scoping/agency-reads',
    'scoping/lookup-by-id',
  ]),
  get('400', ', 400 |', ['status/consultas-get/400']),

  resend('params', 'same path parameters as above; no body', [...ADMIN_MAIL_LIMITS, ...SID_LIMITS]),
  resend('202', '202 with header Location (URI of the webhook callback)', [
    'status/consultas-resend/202',
    'events/resend-returns-payload',
    'events/resend-location-is-callback',
    'events/resend-without-callback-location',
  ]),
  resend('payload', 'the body carries the webhook payload that was sent', ['events/resend-returns-payload', 'events/resend-delivers-payload']),
  resend('403', '403 (agency does not exist for the app)', [
    'status/consultas-resend/403',
    'scoping/foreign-resend-403',
    'scoping/agency-modifications',
    'model/refused-write-unchanged',
  ]),
  resend('404', '404 (inquiry does not exist for the app)', ['status/consultas-resend/404', 'scoping/lookup-by-id']),
  resend('400', ', 400 |', ['status/consultas-resend/400']),
  restated(inSection(S)('endpoints/resend-recent', 'Resend applies to a relatively recent inquiry', []), 'limits/resend'),
  inSection(S)(
    'endpoints/media-selection-not-shown',
    'How a caller chooses among the media types of a response (for example by an Accept header): not shown.',
    ['observe/media-type-selection', 'observe/unoffered-media-type'],
  ),
];
