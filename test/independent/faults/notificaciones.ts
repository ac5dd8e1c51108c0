import { empty, MutantResponse } from '../../mutants/exchange.ts';
import { answers, recode, requests } from '../../support/fault-shapes.ts';
import type { OutsiderFault } from './outsider.ts';

// Endpoints > AppNotificaciones and Events: the per-topic webhook configuration of the calling app.

const topicPath = (topic: string): string => `/v3/appnotificaciones/${encodeURIComponent(topic)}`;

export const NOTIFICACION_FAULTS: OutsiderFault[] = [
  {
    name: 'topic-post-answers-200',
    says: '201 AppWebhook (json, text/json, entry); header Location (URI of the webhook)',
    fault: recode('appnotificaciones-post', 201, 200),
  },
  {
    name: 'topic-post-without-location',
    says: 'header Location (URI of the webhook)',
    fault: answers(['appnotificaciones-post'], (_req, res) => void delete res.headers.location),
  },
  {
    name: 'topic-post-location-is-the-collection',
    says: 'header Location (URI of the webhook)',
    fault: answers(['appnotificaciones-post'], (_req, res) => {
      if (res.status === 201) res.headers.location = '/v3/appnotificaciones';
    }),
  },
  {
    name: 'topic-post-again-replaces',
    says: '409 (configuration already created; use PUT)',
    fault: requests(['appnotificaciones-post'], async (req, ctx) => {
      const topic = req.param('topic') ?? '';
      if ((await ctx.upstream('GET', topicPath(topic), { app: req.app })).status !== 200) return;
      const put = await ctx.upstream('PUT', topicPath(topic), { app: req.app, json: req.json() });
      return new MutantResponse(201, { ...put.headers, location: topicPath(topic) }, put.body);
    }),
  },
  {
    name: 'unavailable-topic-404',
    says: 'only topics available to the app can be configured (otherwise 403)',
    fault: answers(['appnotificaciones-post'], (_req, res) => {
      if (res.status === 403) Object.assign(res, empty(404));
    }),
  },
  {
    name: 'put-of-unconfigured-topic-creates',
    says: '404 (unavailable or never configured)',
    fault: requests(['appnotificaciones-put'], async (req, ctx) => {
      const topic = req.param('topic') ?? '';
      if ((await ctx.upstream('GET', topicPath(topic), { app: req.app })).status !== 404) return;
      const post = await ctx.upstream('POST', topicPath(topic), { app: req.app, json: req.json() });
      if (post.status === 201) return new MutantResponse(200, { 'content-type': post.headers['content-type'] ?? 'application/json' }, post.body);
    }),
  },
  {
    name: 'unconfigured-topic-reads-empty',
    says: '404 (webhook unavailable or never configured)',
    fault: answers(['appnotificaciones-get'], (_req, res) => {
      if (res.status === 404) Object.assign(res, new MutantResponse(200, { 'content-type': 'application/json' }, '{}'));
    }),
  },
  {
    name: 'delete-has-no-effect',
    says: 'A topic can be … removed (DELETE)',
    fault: requests(['appnotificaciones-delete'], async (req, ctx) => {
      if ((await ctx.upstream('GET', topicPath(req.param('topic') ?? ''), { app: req.app })).status === 200) return empty(204);
    }),
  },
  {
    name: 'delete-answers-200',
    says: '204, no body',
    fault: recode('appnotificaciones-delete', 204, 200),
  },
  {
    name: 'topic-configuration-shared-by-apps',
    says: 'the agencies, inquiries and webhook configuration that are visible or changeable are those of the calling app',
    fault: requests(['appnotificaciones-get', 'appnotificaciones-list'], (req) => (req.app === 'other' ? req.actAs('primary') : undefined)),
  },
  {
    name: 'topic-list-omits-configured',
    says: 'AppWebhooks: topics available and configured for the app',
    fault: answers(['appnotificaciones-list'], (_req, res) => {
      if (res.status === 200) res.body = res.body.replace(/"Configurado":true/g, '"Configurado":false').replace(/"Destino":"[^"]*"/g, '"Destino":null');
    }),
  },
  {
    name: 'topic-past-80-truncated',
    says: 'Path parameter topic: string, required, max length 80.',
    fault: requests(['appnotificaciones-get', 'appnotificaciones-post', 'appnotificaciones-put', 'appnotificaciones-delete'], (req) => {
      const topic = req.param('topic') ?? '';
      if (topic.length > 80) req.setParam('topic', topic.slice(0, 80));
    }),
  },
];
