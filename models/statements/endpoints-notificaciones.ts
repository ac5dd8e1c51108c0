import { endpointRow } from './endpoint-row.ts';
import { inSection, type Statement } from './statement.ts';

// Endpoints > AppNotificaciones (webhook configuration).

const S = 'Endpoints > AppNotificaciones (webhook configuration)';
const list = endpointRow(S, 'appnotificaciones-list', 'GET', '/v3/appnotificaciones');
const get = endpointRow(S, 'appnotificaciones-get', 'GET', '/v3/appnotificaciones/{topic}');
const post = endpointRow(S, 'appnotificaciones-post', 'POST', '/v3/appnotificaciones/{topic}');
const put = endpointRow(S, 'appnotificaciones-put', 'PUT', '/v3/appnotificaciones/{topic}');
const del = endpointRow(S, 'appnotificaciones-delete', 'DELETE', '/v3/appnotificaciones/{topic}');

export const NOTIFICACIONES_STATEMENTS: Statement[] = [
  inSection(S)('endpoints/topic-limits', 'Path parameter topic: string, required, max length 80.', [
    'limits/topic-max-80/at-limit-accepted',
    'limits/topic-max-80/past-limit-rejected',
  ]),

  list('200', '200 AppWebhooks', ['status/appnotificaciones-list/200']),
  list('topics', 'topics available and configured for the app', [
    'appnotificaciones/list-shows-configured',
    'appnotificaciones/list-names-available',
    'scoping/webhook-config-per-app',
  ]),
  list('media', '(json, text/json, entry)', ['media/appnotificaciones-list/*']),
  list('none-defined', 'none defined', ['status/appnotificaciones-list/documented-only']),

  get('200', '200 AppWebhook', ['status/appnotificaciones-get/200', 'appnotificaciones/lifecycle-model']),
  get('media', '(json, text/json, entry)', ['media/appnotificaciones-get/*']),
  get('404', '404 (webhook unavailable or never configured)', [
    'status/appnotificaciones-get/404',
    'appnotificaciones/unconfigured-404',
    'appnotificaciones/delete-204',
    'scoping/topics-per-app',
  ]),

  post('body', 'body AppWebhookUpsert (json or text/json)', [
    'appnotificaciones/post-201-location',
    'media/appnotificaciones-post/request-text-json',
    'conventions/body-other-type-refused',
  ]),
  post('201', '201 AppWebhook', ['status/appnotificaciones-post/201', 'appnotificaciones/post-201-location']),
  post('media', '(json, text/json, entry)', ['media/appnotificaciones-post/*']),
  post('location', 'header Location (URI of the webhook)', ['appnotificaciones/post-201-location', 'appnotificaciones/post-location-resolves']),
  post('403', '403 (topic not available)', ['status/appnotificaciones-post/403', 'appnotificaciones/unavailable-403', 'model/refused-write-unchanged']),
  post('409', '409 (configuration already created; use PUT)', [
    'status/appnotificaciones-post/409',
    'appnotificaciones/post-again-409',
    'model/refused-write-unchanged',
  ]),
  post('400', ', 400 |', ['status/appnotificaciones-post/400']),

  put('body', 'path topic; body AppWebhookUpsert |', ['appnotificaciones/put-200']),
  put('200', '200 AppWebhook', ['status/appnotificaciones-put/200', 'appnotificaciones/put-200', 'appnotificaciones/lifecycle-model']),
  put('media', '(json, text/json, entry)', ['media/appnotificaciones-put/*']),
  put('404', '404 (unavailable or never configured)', [
    'status/appnotificaciones-put/404',
    'appnotificaciones/unconfigured-404',
    'scoping/topics-per-app',
    'model/refused-write-unchanged',
  ]),
  put('400', ', 400 |', ['status/appnotificaciones-put/400']),

  del('204', '204, no body', ['status/appnotificaciones-delete/204', 'appnotificaciones/delete-204']),
  del('404', '404 (unavailable or never configured)', [
    'status/appnotificaciones-delete/404',
    'appnotificaciones/unconfigured-404',
    'scoping/topics-per-app',
    'model/refused-write-unchanged',
  ]),
];
