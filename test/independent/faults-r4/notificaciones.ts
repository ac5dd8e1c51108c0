import { problem } from '../../mutants/exchange.ts';
import { saw, TOPIC_INQUIRY, TOPIC_REGISTRATION } from '../faults-r3/seed-facts.ts';
import type { R4Fault } from './r4.ts';

// AppNotificaciones: the Location of a created webhook, creation after removal, the topics listed for the
// second app, the topic length limit at its bound.

const DUMMY = 'http://127.0.0.1:9/r4-destino';

export const NOTIFICACION_FAULTS: R4Fault[] = [
  {
    name: 'created-webhook-location-is-collection',
    says: '201 AppWebhook (json, text/json, entry); header Location (URI of the webhook)',
    why: 'the Location of a 201 names the webhook just created; the fault points it at the collection',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint === 'appnotificaciones-post' && res.status === 201 && res.headers.location)
          res.headers.location = res.headers.location.replace(/\/appnotificaciones\/.*$/, '/appnotificaciones');
      },
    },
    async witness(w) {
      const a = await w.call('POST', `/v3/appnotificaciones/${TOPIC_INQUIRY}`, { json: w.upsert(DUMMY) });
      const path = new URL(a.headers.location ?? '/', 'http://x').pathname;
      return a.status === 201 && decodeURIComponent(path) === `/v3/appnotificaciones/${TOPIC_INQUIRY}`
        ? undefined
        : saw(`POST /v3/appnotificaciones/${TOPIC_INQUIRY}: Location`, `${a.status} ${a.headers.location}`, 'the webhook URI');
    },
  },
  {
    name: 'create-after-delete-conflicts',
    says: 'A topic can be created (POST), replaced (PUT), read (GET) and removed (DELETE)',
    why: 'a removed configuration no longer exists, so POST creates it again (201); the fault remembers it and answers 409',
    kind: 'row',
    fault: {
      request(req, ctx) {
        if (req.endpoint === 'appnotificaciones-post' && ctx.memory.has(`deleted:${req.app}:${req.param('topic')}`))
          return problem(req, 409, { _: ['la configuración ya existe: use PUT'] });
      },
      response(req, res, ctx) {
        if (req.endpoint === 'appnotificaciones-delete' && res.status === 204) ctx.memory.set(`deleted:${req.app}:${req.param('topic')}`, true);
      },
    },
    async witness(w) {
      const path = `/v3/appnotificaciones/${TOPIC_REGISTRATION}`;
      const gone = await w.call('DELETE', path);
      const again = await w.call('POST', path, { json: w.upsert(DUMMY) });
      return gone.status === 204 && again.status === 201 ? undefined : saw(`DELETE then POST ${path}`, `${gone.status}, ${again.status}`, '204, 201');
    },
  },
  {
    name: 'second-app-lists-configured-only',
    says: '200 AppWebhooks: topics available and configured for the app',
    why: 'the list holds the topics available to the app as well as the configured ones; for the other app it drops the unconfigured',
    kind: 'scoping',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'appnotificaciones-list' || req.app !== 'other' || res.status !== 200) return;
        res.editJson((body) => {
          if (Array.isArray(body.Topicos)) body.Topicos = body.Topicos.filter((t: { Configurado?: boolean }) => t.Configurado);
        });
      },
    },
    async witness(w) {
      const a = await w.get('/v3/appnotificaciones', { app: 'other' });
      const missing = [TOPIC_INQUIRY, TOPIC_REGISTRATION].filter((t) => !a.body.includes(t));
      return missing.length === 0
        ? undefined
        : saw('GET /v3/appnotificaciones (other app)', a.body.slice(0, 200), `the available topics ${missing.join(', ')}`);
    },
  },
  {
    name: 'topic-of-80-characters-refused',
    says: 'Path parameter topic: string, required, max length 80.',
    why: 'a topic of exactly 80 characters is within the limit: not a validation failure (an unavailable one is 403)',
    kind: 'lenient-value',
    fault: {
      request(req) {
        if (req.endpoint === 'appnotificaciones-post' && (req.param('topic') ?? '').length >= 80)
          return problem(req, 400, { topic: ['topic admite hasta 80 caracteres'] });
      },
    },
    async witness(w) {
      const a = await w.call('POST', `/v3/appnotificaciones/${'t'.repeat(80)}`, { json: w.upsert(DUMMY) });
      return a.status === 403 ? undefined : saw('POST a topic of 80 characters (not available)', a.status, '403');
    },
  },
];
