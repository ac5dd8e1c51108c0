import { ADMIN_MAIL_LIMITS, endpointRow } from './endpoint-row.ts';
import { inSection, restated, type Statement } from './statement.ts';

// Endpoints: the preamble that constrains every row, Home and Agencias.

const preamble = inSection('Endpoints');
const HOME = 'Endpoints > Home';
const home = endpointRow(HOME, 'home', 'GET', '/v3');
const A = 'Endpoints > Agencias';
const list = endpointRow(A, 'agencias-list', 'GET', '/v3/agencias');
const invite = endpointRow(A, 'agencias-invite', 'POST', '/v3/agencias');
const get = endpointRow(A, 'agencias-get', 'GET', '/v3/agencias/{adminMail}');
const put = endpointRow(A, 'agencias-put', 'PUT', '/v3/agencias/{adminMail}');
const desasociar = endpointRow(A, 'agencias-desasociar', 'PATCH', '/v3/agencias/{adminMail}/desasociar');
const productos = endpointRow(A, 'agencias-productos', 'GET', '/v3/agencias/{adminMail}/productos');

export const AGENCIAS_STATEMENTS: Statement[] = [
  restated(preamble('endpoints/prefix-v3', 'All endpoints are under the prefix /v3.', []), 'versioning/v3-prefix'),
  preamble('endpoints/admin-mail-is-email', "Path parameter adminMail is the e-mail of the agency's administrator operator", [
    'limits/admin-mail-email-format/non-email-rejected',
    'limits/email-format/rfc-forms-accepted',
    'limits/email-format/invalid-forms-rejected',
    'lifecycle/invitation-location-is-agency',
    'agencias/values-round-trip',
  ]),
  preamble('endpoints/admin-mail-case-insensitive', 'the path segment is matched case-insensitively with the name shown', [
    'agencias/admin-mail-case-insensitive',
    'agencias/admin-mail-case-insensitive-modify',
  ]),
  preamble('endpoints/preamble-400', 'Every endpoint may answer 400 with a validation problem body unless the table lists only other codes', [
    'status/*/400',
    'errors/validation-problem-body',
  ]),
  preamble('endpoints/codes-defined', 'codes listed are the ones defined', ['status/*/documented-only', 'errors/no-server-error']),

  home('200', '200 EntryPoints', ['status/home/200', 'home/entry-points-lead']),
  home('media', '(application/json, text/json, entry form)', ['media/home/*']),
  home('etag', 'header ETag (string)', ['home/etag-present']),
  home('304', '304 (no body)', ['status/home/304', 'home/etag-304', 'home/304-no-body', 'home/etag-mismatch-not-304']),
  inSection(HOME)(
    'endpoints/home/304-trigger-not-shown',
    'The request header that triggers 304: not shown.',
    [],
    "not shown: the profile's conditionalRequestHeader names it, and home/etag-304 sends it",
  ),

  list('operador-format', 'query operador (optional, string, email)', [
    'status/agencias-list/400',
    'limits/email-format/rfc-forms-accepted',
    'limits/email-format/invalid-forms-rejected',
  ]),
  list('operador', "e-mail of one of the agency's operators", [
    'filters/agencias-operador',
    'filters/agencias-operador-unknown',
    'filters/agencias-operador-whole-email',
    'scoping/filters-within-app',
  ]),
  list('200', '200 list of Agencias', ['status/agencias-list/200']),
  list('media', '(json, text/json, entry, ref)', ['media/agencias-list/*']),
  list('400', '| 400 |', ['status/agencias-list/400']),

  invite('body', 'body AgenciaCreate (application/json or text/json)', ['status/agencias-invite/202', 'media/agencias-invite/request-text-json']),
  invite('202', '202, no body, header Location (URI of the agency)', [
    'status/agencias-invite/202',
    'lifecycle/invitation-accepted-202',
    'lifecycle/invitation-location-is-agency',
  ]),
  invite('409', '409 (e-mail already registered; the administrator must contact customer support)', [
    'status/agencias-invite/409',
    'lifecycle/invitation-conflict-409',
    'lifecycle/registered-invitation-409',
    'model/refused-write-unchanged',
  ]),
  invite('400', ', 400 |', ['status/agencias-invite/400']),

  get('admin-mail', 'path adminMail (required, string, email, max length 50)', ADMIN_MAIL_LIMITS),
  get('200', '200 Agencia', ['status/agencias-get/200']),
  get('media', '(json, text/json, entry, ref)', ['media/agencias-get/*']),
  get('404', '404 (agency does not exist for the app)', ['status/agencias-get/404', 'scoping/foreign-agency-get-404', 'scoping/agency-reads']),

  put('admin-mail', 'path adminMail (required, email, max 50)', ADMIN_MAIL_LIMITS),
  put('body', 'body AgenciaEdit (json or text/json)', ['status/agencias-put/200', 'media/agencias-put/request-text-json', 'agencias/values-round-trip']),
  put('200', '200 Agencia', ['status/agencias-put/200']),
  put('media', '(json, text/json, entry, ref)', ['media/agencias-put/*']),
  put('400', '| 400, 403 |', [
    'status/agencias-put/400',
    'status/agencias-put/403',
    'scoping/foreign-agency-put-403',
    'scoping/agency-modifications',
    'model/refused-write-unchanged',
  ]),

  desasociar('admin-mail', 'path adminMail (required, email, max 50)', ADMIN_MAIL_LIMITS),
  desasociar('no-body', '; no body', ['lifecycle/desasociar-204']),
  desasociar('204', '204, no body', ['status/agencias-desasociar/204', 'lifecycle/desasociar-204']),
  desasociar('403', '403 (the app has no permission over the agency)', [
    'status/agencias-desasociar/403',
    'scoping/foreign-agency-desasociar-403',
    'scoping/agency-modifications',
    'model/refused-write-unchanged',
  ]),

  productos('admin-mail', 'path adminMail (required, email, max 50)', ADMIN_MAIL_LIMITS),
  productos('200', '200 AgenciaProductos', ['status/agencias-productos/200']),
  productos('media', '(json, text/json, entry)', ['media/agencias-productos/*']),
  productos('404', '404 (agency does not exist for the app)', [
    'status/agencias-productos/404',
    'scoping/foreign-agency-productos-404',
    'scoping/agency-reads',
  ]),
  productos('400', ', 400 |', ['status/agencias-productos/400']),
];
