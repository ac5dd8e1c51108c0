import { empty } from '../../mutants/exchange.ts';
import { answers, type Json, recode } from '../../support/fault-shapes.ts';
import type { R3Fault } from './r3.ts';
import { availableTopics, configured, forbidden, isObject, otherApps, upsertFor } from './shapes.ts';
import { expectStatus, saw, TOPIC_INQUIRY, TOPIC_REGISTRATION, TOPIC_UNAVAILABLE } from './seed-facts.ts';

// AppNotificaciones: webhook configuration per topic — each row's codes, the refused writes, and what a write on
// one topic (or app) must leave alone.

const topicPath = (topic: string): string => `/v3/appnotificaciones/${encodeURIComponent(topic)}`;
const A = 'http://127.0.0.1:9/r3-primera';
const B = 'http://127.0.0.1:9/r3-segunda';

export const NOTIFICACION_FAULTS: R3Fault[] = [
  {
    name: 'appnotificaciones-post-409-still-replaces',
    kind: 'refused-write',
    says: '409 (configuration already created; use PUT)',
    why: 'A POST refused with 409 creates nothing and replaces nothing: the existing configuration stays as it was.',
    fault: answers(['appnotificaciones-post'], async (req, res, ctx) => {
      if (res.status === 409) await ctx.upstream('PUT', req.path, { app: req.app ?? 'primary', json: req.json() });
    }),
    witness: async (w) => {
      const refused = await w.call('POST', topicPath(TOPIC_REGISTRATION), { json: w.upsert(B) });
      if (refused.status !== 409) return saw(`POST ${TOPIC_REGISTRATION} (configured)`, refused.status, '409');
      const now = await w.get(topicPath(TOPIC_REGISTRATION));
      return now.body.includes(B) ? saw(`GET ${TOPIC_REGISTRATION} after the refused POST`, now.body, 'the old callback') : undefined;
    },
  },
  {
    name: 'appnotificaciones-put-400-still-applies',
    kind: 'refused-write',
    says: 'validation failed (validation problem body)',
    why: 'A PUT refused with 400 (validation failed) changes nothing: the configuration keeps its callback.',
    fault: answers(['appnotificaciones-put'], async (req, res, ctx) => {
      const sent = req.json() as Json | undefined;
      const url = Object.values(sent ?? {}).find((v) => typeof v === 'string' && /^https?:\/\//.test(v));
      if (res.status === 400 && typeof url === 'string') await ctx.upstream('PUT', req.path, { app: req.app ?? 'primary', json: upsertFor(ctx, url) });
    }),
    witness: async (w) => {
      const refused = await w.call('PUT', topicPath(TOPIC_REGISTRATION), { json: { ...w.upsert(B), Secreto: 'corto' } });
      if (refused.status !== 400) return saw(`PUT ${TOPIC_REGISTRATION} with a 5-character secret`, refused.status, '400');
      const now = await w.get(topicPath(TOPIC_REGISTRATION));
      return now.body.includes(B) ? saw(`GET ${TOPIC_REGISTRATION} after the refused PUT`, now.body, 'the old callback') : undefined;
    },
  },
  {
    name: 'appnotificaciones-post-unavailable-topic-404',
    kind: 'row',
    says: '403 (topic not available)',
    why: 'POST row: a topic not available to the app is answered 403, not 404.',
    fault: answers(['appnotificaciones-post'], (_req, res) => {
      if (res.status === 403) Object.assign(res, empty(404));
    }),
    witness: async (w) => expectStatus(`POST ${TOPIC_UNAVAILABLE}`, await w.call('POST', topicPath(TOPIC_UNAVAILABLE), { json: w.upsert(A) }), 403),
  },
  {
    name: 'appnotificaciones-post-answers-200',
    kind: 'row',
    says: '201 AppWebhook (json, text/json, entry); header Location (URI of the webhook)',
    why: 'POST row: a configuration created is answered 201.',
    fault: recode('appnotificaciones-post', 201, 200),
    witness: async (w) => expectStatus(`POST ${TOPIC_INQUIRY} (never configured)`, await w.call('POST', topicPath(TOPIC_INQUIRY), { json: w.upsert(A) }), 201),
  },
  {
    name: 'appnotificaciones-post-location-is-the-list',
    kind: 'link-problem-media',
    says: '201 AppWebhook (json, text/json, entry); header Location (URI of the webhook)',
    why: 'The Location of a created configuration is the URI of that webhook, not of the list of topics.',
    fault: answers(['appnotificaciones-post'], (_req, res) => {
      const location = res.headers.location;
      if (res.status === 201 && location) res.headers.location = location.replace(/\/v3\/appnotificaciones\/.*$/, '/v3/appnotificaciones');
    }),
    witness: async (w) => {
      const created = await w.call('POST', topicPath(TOPIC_INQUIRY), { json: w.upsert(A) });
      const there = await w.get(created.headers.location ?? '');
      const webhook = await w.get(topicPath(TOPIC_INQUIRY));
      return there.status === 200 && there.body === webhook.body
        ? undefined
        : saw('GET the Location of the created webhook', there.body.slice(0, 80), 'the webhook');
    },
  },
  {
    name: 'appnotificaciones-put-creates-unconfigured',
    kind: 'row',
    says: '404 (unavailable or never configured), 400',
    why: 'PUT row: a topic never configured is answered 404 (create it with POST), not created.',
    fault: answers(['appnotificaciones-put'], async (req, res, ctx) => {
      if (res.status !== 404 || !availableTopics(ctx).includes(req.param('topic') ?? '')) return;
      const created = await ctx.upstream('POST', req.path, { app: req.app ?? 'primary', json: req.json() });
      if (created.status === 201) Object.assign(res, { status: 200, headers: created.headers, body: created.body });
    }),
    witness: async (w) => expectStatus(`PUT ${TOPIC_INQUIRY} (never configured)`, await w.call('PUT', topicPath(TOPIC_INQUIRY), { json: w.upsert(A) }), 404),
  },
  {
    name: 'appnotificaciones-delete-unconfigured-204',
    kind: 'row',
    says: '204, no body | 404 (unavailable or never configured)',
    why: 'DELETE row: a topic never configured is answered 404, not 204.',
    fault: recode('appnotificaciones-delete', 404, 204),
    witness: async (w) => expectStatus(`DELETE ${TOPIC_INQUIRY} (never configured)`, await w.call('DELETE', topicPath(TOPIC_INQUIRY)), 404),
  },
  {
    name: 'appnotificaciones-get-unavailable-403',
    kind: 'row',
    says: '404 (webhook unavailable or never configured)',
    why: 'GET row: an unavailable topic is answered 404; 403 is not a code of this row.',
    fault: answers(['appnotificaciones-get'], (req, res, ctx) => {
      if (res.status === 404 && !availableTopics(ctx).includes(req.param('topic') ?? '')) Object.assign(res, forbidden(req));
    }),
    witness: async (w) => expectStatus(`GET ${TOPIC_UNAVAILABLE}`, await w.get(topicPath(TOPIC_UNAVAILABLE)), 404),
  },
  {
    name: 'appnotificaciones-list-only-configured',
    kind: 'row',
    says: '200 AppWebhooks: topics available and configured for the app',
    why: 'The list shows the topics available to the app as well as the configured ones.',
    fault: answers(['appnotificaciones-list'], (_req, res) => {
      if (res.status !== 200) return;
      res.editJson((body) => {
        if (Array.isArray(body.Topicos)) body.Topicos = body.Topicos.filter((t) => isObject(t) && t.Configurado === true);
      });
    }),
    witness: async (w) => {
      const a = await w.get('/v3/appnotificaciones', { app: 'other' });
      return a.body.includes(TOPIC_INQUIRY)
        ? undefined
        : saw('GET /v3/appnotificaciones as an app with nothing configured', a.body, `${TOPIC_INQUIRY} (available) listed`);
    },
  },
  {
    name: 'appnotificaciones-delete-removes-every-topic',
    kind: 'neighbours',
    says: 'A topic can be created (POST), replaced (PUT), read (GET) and removed (DELETE)',
    why: 'DELETE removes the topic its path names; the app’s other topics stay configured.',
    fault: answers(['appnotificaciones-delete'], async (req, res, ctx) => {
      if (res.status !== 204) return;
      for (const topic of availableTopics(ctx)) if (topic !== req.param('topic')) await ctx.upstream('DELETE', topicPath(topic), { app: req.app ?? 'primary' });
    }),
    witness: async (w) => {
      await w.subscribe(TOPIC_INQUIRY, A);
      await w.call('DELETE', topicPath(TOPIC_INQUIRY));
      return expectStatus(`GET ${TOPIC_REGISTRATION} after DELETE ${TOPIC_INQUIRY}`, await w.get(topicPath(TOPIC_REGISTRATION)), 200);
    },
  },
  {
    name: 'appnotificaciones-delete-removes-other-apps-topic',
    kind: 'neighbours',
    says: 'the agencies, inquiries and webhook configuration that are visible or changeable are those of the calling app',
    why: 'An app’s DELETE removes its own configuration; another app’s configuration of the same topic stays.',
    fault: answers(['appnotificaciones-delete'], async (req, res, ctx) => {
      if (res.status !== 204) return;
      for (const app of otherApps(ctx, req.app)) await ctx.upstream('DELETE', req.path, { app });
    }),
    witness: async (w) => {
      await w.subscribe(TOPIC_REGISTRATION, A, 'other');
      await w.call('DELETE', topicPath(TOPIC_REGISTRATION));
      return expectStatus(
        `GET ${TOPIC_REGISTRATION} as the other app after the primary app deleted its own`,
        await w.get(topicPath(TOPIC_REGISTRATION), { app: 'other' }),
        200,
      );
    },
  },
  {
    name: 'appnotificaciones-put-replaces-every-topic',
    kind: 'neighbours',
    says: 'A topic can be created (POST), replaced (PUT), read (GET) and removed (DELETE)',
    why: 'PUT replaces the configuration of the topic its path names only.',
    fault: answers(['appnotificaciones-put'], async (req, res, ctx) => {
      if (res.status !== 200) return;
      const app = req.app ?? 'primary';
      for (const topic of availableTopics(ctx))
        if (topic !== req.param('topic') && (await configured(ctx, app, topic))) await ctx.upstream('PUT', topicPath(topic), { app, json: req.json() });
    }),
    witness: async (w) => {
      await w.subscribe(TOPIC_INQUIRY, A);
      await w.call('PUT', topicPath(TOPIC_REGISTRATION), { json: w.upsert(B) });
      const other = await w.get(topicPath(TOPIC_INQUIRY));
      return other.body.includes(B) ? saw(`GET ${TOPIC_INQUIRY} after PUT ${TOPIC_REGISTRATION}`, other.body, 'its own callback') : undefined;
    },
  },
  {
    name: 'appnotificaciones-post-overwrites-other-apps-topic',
    kind: 'neighbours',
    says: 'the agencies, inquiries and webhook configuration that are visible or changeable are those of the calling app',
    why: 'Creating a topic’s configuration for one app leaves another app’s configuration of it unchanged.',
    fault: answers(['appnotificaciones-post'], async (req, res, ctx) => {
      if (res.status !== 201) return;
      for (const app of otherApps(ctx, req.app))
        if (await configured(ctx, app, req.param('topic') ?? '')) await ctx.upstream('PUT', req.path, { app, json: req.json() });
    }),
    witness: async (w) => {
      await w.subscribe(TOPIC_INQUIRY, A, 'other');
      await w.call('POST', topicPath(TOPIC_INQUIRY), { json: w.upsert(B) });
      const theirs = await w.get(topicPath(TOPIC_INQUIRY), { app: 'other' });
      return theirs.body.includes(B) ? saw(`GET ${TOPIC_INQUIRY} as the other app after the primary app's POST`, theirs.body, 'its own callback') : undefined;
    },
  },
  {
    name: 'appnotificaciones-get-falls-back-to-another-app',
    kind: 'scoping',
    says: 'the agencies, inquiries and webhook configuration that are visible or changeable are those of the calling app',
    why: 'An app never configured a topic: GET answers 404, never another app’s configuration of it.',
    fault: answers(['appnotificaciones-get'], async (req, res, ctx) => {
      if (res.status !== 404) return;
      for (const app of otherApps(ctx, req.app)) {
        const theirs = await ctx.upstream('GET', req.url, { app });
        if (theirs.status === 200) return void Object.assign(res, { status: 200, headers: theirs.headers, body: theirs.body });
      }
    }),
    witness: async (w) => {
      await w.subscribe(TOPIC_INQUIRY, A, 'other');
      return expectStatus(`GET ${TOPIC_INQUIRY} as primary (configured by the other app only)`, await w.get(topicPath(TOPIC_INQUIRY)), 404);
    },
  },
  {
    name: 'appnotificaciones-post-409-status-member-400',
    kind: 'link-problem-media',
    says: '| Status | integer | the HTTP status |',
    why: 'Validation problem body: Status is the HTTP status of the answer (409 on a conflict).',
    fault: answers(['appnotificaciones-post'], (_req, res) => {
      if (res.status === 409) res.editJson((body) => void (body.Status = 400));
    }),
    witness: async (w) => {
      const a = await w.call('POST', topicPath(TOPIC_REGISTRATION), { json: w.upsert(A) });
      return a.status === 409 && a.json()?.Status === 409
        ? undefined
        : saw(`POST ${TOPIC_REGISTRATION} (configured): status and Status`, [a.status, a.json()?.Status], '409, 409');
    },
  },
  {
    name: 'appnotificaciones-409-entry-level-key-renamed',
    kind: 'link-problem-media',
    says: 'the key _ holds entry-level problems that belong to no single property',
    why: 'Errors: keys of Errors are property names, and entry-level problems go under _; "general" is neither.',
    fault: answers(['appnotificaciones-post'], (_req, res) => {
      if (res.status !== 409) return;
      res.editJson((body) => {
        if (isObject(body.Errors) && '_' in body.Errors) body.Errors = { general: body.Errors._ };
      });
    }),
    witness: async (w) => {
      const errors = (await w.call('POST', topicPath(TOPIC_REGISTRATION), { json: w.upsert(A) })).json()?.Errors ?? {};
      const bad = Object.keys(errors).filter((k) => !['_', 'topic', 'CallbackUrl', 'Secreto'].includes(k));
      return bad.length === 0 ? undefined : saw(`POST ${TOPIC_REGISTRATION} (configured): Errors keys`, Object.keys(errors), '_ or property names');
    },
  },
  {
    name: 'appnotificaciones-post-403-as-text',
    kind: 'link-problem-media',
    says: 'The 403 body is a problem body (application/problem+json); its fields: not shown.',
    why: 'Errors: the 403 of an unavailable topic carries a problem body as application/problem+json.',
    fault: answers(['appnotificaciones-post'], (_req, res) => {
      if (res.status === 403) Object.assign(res, { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Forbidden' });
    }),
    witness: async (w) => {
      const a = await w.call('POST', topicPath(TOPIC_UNAVAILABLE), { json: w.upsert(A) });
      const type = (a.headers['content-type'] ?? '').split(';')[0];
      return a.status === 403 && type === 'application/problem+json'
        ? undefined
        : saw(`POST ${TOPIC_UNAVAILABLE}`, `${a.status} ${type}`, '403 application/problem+json');
    },
  },
];
