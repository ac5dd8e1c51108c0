import type { Endpoint } from '../endpoint.ts';
import { FULL_FORMS, badRequest, conflict, forbidden, location, noContent, notFound, success, topicPath } from './parts.ts';

const section = 'Endpoints > AppNotificaciones';
const unconfigured = notFound('webhook unavailable or never configured');

export const appnotificaciones: Endpoint[] = [
  {
    id: 'appnotificaciones-list',
    method: 'GET',
    path: '/v3/appnotificaciones',
    section,
    summary: 'topics available and configured for the app',
    params: [],
    success: success(200, 'AppWebhooks', 'AppWebhooks', FULL_FORMS),
    // "none defined": the row lists no other code, so only the preamble's 400 remains.
    others: [badRequest('preamble')],
    scoping: 'app',
  },
  {
    id: 'appnotificaciones-get',
    method: 'GET',
    path: '/v3/appnotificaciones/{topic}',
    section,
    summary: "read the app's configuration of one topic",
    params: [topicPath],
    success: success(200, 'AppWebhook', 'AppWebhook', FULL_FORMS),
    others: [unconfigured],
    scoping: 'app',
  },
  {
    id: 'appnotificaciones-post',
    method: 'POST',
    path: '/v3/appnotificaciones/{topic}',
    section,
    summary: 'create the configuration of a topic',
    params: [topicPath],
    body: { model: 'AppWebhookUpsert', mediaTypes: ['json', 'textJson'] },
    success: success(201, 'AppWebhook', 'AppWebhook', FULL_FORMS, [location('URI of the webhook')]),
    others: [forbidden('topic not available'), conflict('configuration already created; use PUT'), badRequest()],
    scoping: 'app',
  },
  {
    id: 'appnotificaciones-put',
    method: 'PUT',
    path: '/v3/appnotificaciones/{topic}',
    section,
    summary: 'replace the configuration of a topic',
    params: [topicPath],
    // The row names the body but not its media types.
    body: { model: 'AppWebhookUpsert' },
    success: success(200, 'AppWebhook', 'AppWebhook', FULL_FORMS),
    others: [unconfigured, badRequest()],
    scoping: 'app',
  },
  {
    id: 'appnotificaciones-delete',
    method: 'DELETE',
    path: '/v3/appnotificaciones/{topic}',
    section,
    summary: 'remove the configuration of a topic',
    params: [topicPath],
    success: noContent(204, 'configuration removed'),
    others: [unconfigured],
    scoping: 'app',
  },
];
