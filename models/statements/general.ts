import { inRow, inSection, restated, type Statement } from './statement.ts';

// Authentication, Events, Errors, Limits and Versioning: the general sentences that constrain every row.

const auth = inSection('Authentication');
const events = inSection('Events');
const event = (name: string) => inRow('Events', `| ${name} |`);
const status = (code: number) => inRow('Errors > Status codes', `| ${code} |`);
const PROBLEM = 'Errors > Validation problem body (400, 409; application/problem+json)';
const problem = (field: string) => inRow(PROBLEM, `| ${field} |`);
const errors = inSection(PROBLEM);
const limit = (where: string) => inRow('Limits', `| ${where} |`);
const limits = inSection('Limits');
const versioning = inSection('Versioning');

export const GENERAL_STATEMENTS: Statement[] = [
  auth('auth/scoped-to-app', 'the agencies, inquiries and webhook configuration that are visible or changeable are those of the calling app', [
    'scoping/agency-lists-disjoint',
    'scoping/webhook-config-per-app',
    'scoping/foreign-consultas-list-404',
    'scoping/foreign-consulta-get-404',
    'events/resend-delivers-payload',
    'scoping/agencias-list',
    'scoping/agency-modifications',
    'scoping/filters-within-app',
    'scoping/topics-per-app',
    'scoping/webhook-delivery',
    'model/write-neighbours-unchanged',
    'model/command-sequences',
  ]),
  auth(
    'auth/absent-agency',
    'An agency that does not exist for the app is answered as not found (404) or, on modifying operations that name the agency, as forbidden (403)',
    [
      'scoping/foreign-agency-get-404',
      'scoping/pending-invitation-hidden',
      'scoping/foreign-agency-productos-404',
      'scoping/foreign-agency-put-403',
      'scoping/foreign-resend-403',
      'lifecycle/desasociar-removes-association',
      'lifecycle/desasociar-inquiry-404',
      'lifecycle/desasociar-modifications-403',
      'scoping/foreign-consultas-list-404',
      'scoping/foreign-consulta-get-404',
      'scoping/empty-app-no-agencies',
      'scoping/agency-reads',
      'scoping/agency-modifications',
      'model/refused-write-unchanged',
    ],
  ),
  auth('auth/no-permission-403', 'a 403 also answers an app that lacks permission over an agency', [
    'scoping/foreign-agency-desasociar-403',
    'scoping/foreign-agency-put-403',
    'lifecycle/desasociar-modifications-403',
    'scoping/agency-modifications',
    'model/refused-write-unchanged',
  ]),
  auth(
    'auth/enabled-inquiries',
    'An agency may enable the app to see further kinds of inquiries.',
    [],
    'no operation enables it or shows it: nothing a client can check',
  ),
  auth('auth/identity-not-shown', 'How the app proves its identity (scheme, credential, header or parameter names, token lifetime): not shown.', [
    'observe/unauthenticated',
  ]),

  events('events/per-topic', 'The service sends webhooks to the app, configured per topic through the /v3/appnotificaciones endpoints.', [
    'events/inquiry-webhook-delivered',
    'events/registration-webhook',
    'events/each-event-own-topic',
    'scoping/webhook-config-per-app',
    'events/deleted-topic-not-delivered',
    'scoping/topics-per-app',
    'scoping/webhook-delivery',
    'model/write-neighbours-unchanged',
  ]),
  events('events/topic-operations', 'A topic can be created (POST), replaced (PUT), read (GET) and removed (DELETE)', [
    'appnotificaciones/lifecycle-model',
    'appnotificaciones/post-201-location',
    'appnotificaciones/put-200',
    'appnotificaciones/delete-204',
    'appnotificaciones/reads-show-callback',
    'events/deleted-topic-not-delivered',
    'model/write-neighbours-unchanged',
    'model/refused-write-unchanged',
    'model/command-sequences',
  ]),
  events('events/available-only', 'only topics available to the app can be configured (otherwise 403)', [
    'appnotificaciones/unavailable-403',
    'status/appnotificaciones-post/403',
  ]),
  event('Agency registration completed')('events/registration', 'an invited person completes registration, provided the app is subscribed to notifications', [
    'events/registration-webhook',
    'events/each-event-own-topic',
    'events/delivered-once-each',
    'scoping/webhook-delivery',
  ]),
  event('Inquiry webhook')('events/inquiry', 'an inquiry is received', [
    'events/inquiry-webhook-delivered',
    'events/each-event-own-topic',
    'events/hook-inquiry-location-resolves',
    'events/delivered-once-each',
    'scoping/webhook-delivery',
  ]),
  event('Inquiry webhook')('events/resend', 'it can be sent again on request', ['events/resend-delivers-payload', 'events/resend-returns-payload']),
  restated(
    event('Inquiry webhook')(
      'events/resend-returns',
      'POST /v3/consultas/{adminMail}/{sid}/resendwebhook returns the payload that was sent and a Location header for the callback',
      [],
    ),
    'endpoints/consultas-resend/202',
    'endpoints/consultas-resend/payload',
  ),
  events(
    'events/unsubscribed-state',
    'When the app is not subscribed, the invitation state is read on the Location URI returned by the invitation (GET or OPTIONS).',
    ['lifecycle/invitation-state-get', 'lifecycle/invitation-state-options'],
  ),
  events(
    'events/topics-not-shown',
    'Topic names and the fields of a webhook configuration: not shown.',
    [],
    'the profile names the topics (topics.*) and the AppWebhookUpsert members (templates.webhookUpsert)',
  ),
  events(
    'events/delivery-not-shown',
    'Delivery payloads (other than being the inquiry webhook payload on resend), headers, signing and retry behavior: not shown.',
    ['events/webhook-signature-valid'],
  ),

  status(304)('errors/304', 'home document not modified', ['status/home/304', 'home/etag-304', 'home/etag-mismatch-not-304']),
  status(400)('errors/400', 'validation failed (validation problem body)', [
    'errors/validation-problem-body',
    'errors/problem-media-type',
    'model/refused-write-unchanged',
  ]),
  status(403)(
    'errors/403',
    'forbidden: no permission over the agency, agency does not exist for the app on some operations, or topic not available (problem body)',
    ['errors/forbidden-problem-body', 'errors/problem-media-type'],
  ),
  status(404)('errors/404', 'agency, inquiry, body style, city, color or webhook does not exist (no body defined)', ['status/*/404', 'observe/not-found-body']),
  status(409)(
    'errors/409',
    'conflict: agency e-mail already registered on invitation; webhook configuration already created on POST (validation problem body)',
    ['errors/validation-problem-body', 'lifecycle/invitation-conflict-409', 'appnotificaciones/post-again-409'],
  ),
  inSection('Errors')('errors/problem-type', 'Validation problem body (400, 409; application/problem+json)', [
    'errors/problem-media-type',
    'errors/validation-problem-body',
  ]),
  problem('Errors')(
    'problem/errors',
    'map from property name to an array of message strings; the key _ holds entry-level problems that belong to no single property',
    ['errors/errors-keyed-by-property', 'errors/validation-problem-body'],
  ),
  problem('Type')('problem/type', '| Type | string, URI | identifies the kind of problem |', ['errors/validation-problem-body']),
  problem('Title')('problem/title', '| Title | string | short human-readable summary |', ['errors/validation-problem-body']),
  problem('Status')('problem/status', '| Status | integer | the HTTP status |', ['errors/status-member-matches', 'errors/validation-problem-body']),
  problem('Detail')('problem/detail', '| Detail | string | human-readable explanation |', ['errors/validation-problem-body']),
  problem('Instance')('problem/instance', '| Instance | string | URI path of the request |', ['errors/instance-is-request-path']),
  problem('Extensions')('problem/extensions', '| Extensions | object | additional members; may be empty |', ['errors/validation-problem-body']),
  errors('problem/403-body', 'The 403 body is a problem body (application/problem+json); its fields: not shown.', [
    'errors/forbidden-problem-body',
    'errors/problem-media-type',
  ]),
  errors('errors/failures-not-shown', 'Responses for authentication failure, throttling and server failure: not shown.', [
    'observe/unauthenticated',
    'observe/rate-limit-headers',
  ]),

  limit('adminMail path parameter')('limits/admin-mail', 'string, e-mail format, at most 50 characters', [
    'limits/admin-mail-max-50/at-limit-accepted',
    'limits/admin-mail-max-50/past-limit-rejected',
    'limits/admin-mail-email-format/non-email-rejected',
    'limits/email-format/rfc-forms-accepted',
    'limits/email-format/invalid-forms-rejected',
  ]),
  limit('topic path parameter')('limits/topic', 'string, at most 80 characters', ['limits/topic-max-80/*']),
  limit('sid path parameter')('limits/sid', 'string, 20 to 30 characters', ['limits/sid-length-20-30/*']),
  limit('pagina query parameter')('limits/pagina', 'at most 99', ['limits/pagina-max-99/*']),
  limit('desde query parameter')('limits/desde', 'not earlier than today minus 90 days', ['limits/desde-min-today-minus-90/*']),
  limit('Inquiry list page size')('limits/per-pagina', 'PerPagina is 100 in the observed response', ['consultas/list/per-pagina-100']),
  limit('Inquiry resend')('limits/resend', 'applies to relatively recent inquiries only', ['limits/resend-recent-only']),
  limits('limits/not-shown', 'Rate limits, quotas and the exact age bound for resending: not shown.', [
    'observe/rate-limit-headers',
    'observe/resend-old-inquiry',
  ]),

  versioning('versioning/v3-prefix', 'The API version is v3; it is the first path segment of every path, and the home document is at /v3.', [
    'status/home/200',
    'versioning/links-under-v3',
  ]),
  restated(
    versioning('versioning/media-types', 'Representations are selected among the media types listed under Resources', []),
    'conventions/success-media-types',
  ),
  versioning('versioning/unversioned', 'none of them carries a version number', ['versioning/media-type-unversioned']),
  versioning('versioning/policy-not-shown', 'Deprecation and compatibility policy: not shown.', [], 'not shown: nothing to check'),
];
