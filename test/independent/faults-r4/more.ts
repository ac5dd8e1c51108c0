import { empty, problem } from '../../mutants/exchange.ts';
import {
  enc,
  entries,
  fresh,
  localMoment,
  MOTORES,
  RIO,
  SUR,
  SUR_OPERATOR,
  saw,
  TOPIC_INQUIRY,
  TOPIC_REGISTRATION,
  yesterday,
} from '../faults-r3/seed-facts.ts';
import type { R4Fault } from './r4.ts';
import { deliveredDuring } from './witness-steps.ts';

// A second pass over the areas: the registration event, a removed topic, a neighbour app, a row whose other code
// is 404 only, a lookup key, the instant of an inquiry in one form of the list.

const REF = 'application/vnd.service.ref+json';

export const LATE_AGENCIA_FAULTS: R4Fault[] = [
  {
    name: 'desasociar-cuts-every-app',
    says: 'agency dissociated from the app (204)',
    why: 'a dissociation removes the association with the calling app only; the fault also dissociates the other app',
    kind: 'neighbours',
    fault: {
      async response(req, res, ctx) {
        if (req.endpoint !== 'agencias-desasociar' || res.status !== 204) return;
        const other = req.app === 'other' ? 'primary' : 'other';
        await ctx.upstream('PATCH', req.path, { app: other });
      },
    },
    async witness(w) {
      const cut = await w.call('PATCH', `/v3/agencias/${enc(RIO)}/desasociar`);
      const theirs = await w.get(`/v3/agencias/${enc(RIO)}`, { app: 'other' });
      return cut.status === 204 && theirs.status === 200
        ? undefined
        : saw('PATCH desasociar RIO (primary), then GET RIO as the other app', `${cut.status}, ${theirs.status}`, '204, 200');
    },
  },
  {
    name: 'productos-of-foreign-agency-403',
    says: '404 (agency does not exist for the app), 400',
    why: 'the package of an agency that does not exist for the app is 404 (a read): the fault answers 403',
    kind: 'row',
    fault: {
      response(req, res) {
        if (req.endpoint === 'agencias-productos' && res.status === 404) Object.assign(res, problem(req, 403, { _: ['sin permiso'] }));
      },
    },
    async witness(w) {
      const a = await w.get(`/v3/agencias/${enc(MOTORES)}/productos`);
      return a.status === 404 ? undefined : saw('GET productos of the other app’s agency', a.status, '404');
    },
  },
  {
    name: 'agencias-ref-untitled-with-operador',
    says: 'reference form: each list entry is only a link object with href and title',
    why: 'reference-form entries carry a title; the list filtered by operador leaves it out',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'agencias-list' || res.status !== 200 || res.contentType !== REF || !req.query.has('operador')) return;
        res.editJson((body) => {
          for (const e of (body._entries ?? []) as Record<string, unknown>[]) delete e.title;
        });
      },
    },
    async witness(w) {
      const list = entries(await w.get(`/v3/agencias?operador=${enc(SUR_OPERATOR)}`, { formato: REF }));
      const bad = list.find((e) => typeof e.title !== 'string');
      return list.length > 0 && !bad ? undefined : saw('GET /v3/agencias?operador (ref)', list, 'entries with href and title');
    },
  },
];

export const LATE_EVENT_FAULTS: R4Fault[] = [
  {
    name: 'registration-not-notified',
    says: 'if the app is subscribed to notifications, a webhook is sent when the user registers',
    why: 'an app subscribed to the registration topic gets a webhook when the invited person registers; the fault drops it',
    kind: 'deliveries',
    fault: {
      async delivery(d, ctx) {
        if (d.hook.topic !== TOPIC_REGISTRATION) await ctx.forward(d);
      },
    },
    async witness(w) {
      const mail = fresh('alta');
      const n = await deliveredDuring(w, TOPIC_REGISTRATION, async () => {
        await w.invite(mail);
        await w.register(mail);
      });
      return n > 0 ? undefined : saw('registration with the registration topic configured', 'no delivery', 'a webhook');
    },
  },
  {
    name: 'deleted-topic-keeps-delivering',
    says: 'A topic can be created (POST), replaced (PUT), read (GET) and removed (DELETE)',
    why: 'a removed configuration sends nothing more; the fault answers DELETE 204 and GET 404 but keeps delivering',
    kind: 'deliveries',
    fault: {
      request(req, ctx) {
        const key = `removed:${req.app}:${req.param('topic')}`;
        if (req.endpoint === 'appnotificaciones-delete') {
          ctx.memory.set(key, true);
          return empty(204);
        }
        if (req.endpoint === 'appnotificaciones-get' && ctx.memory.has(key)) return empty(404);
        if ((req.endpoint === 'appnotificaciones-post' || req.endpoint === 'appnotificaciones-put') && ctx.memory.has(key)) ctx.memory.delete(key);
      },
    },
    async witness(w) {
      let gone = 0;
      const n = await deliveredDuring(w, TOPIC_INQUIRY, async () => {
        gone = (await w.call('DELETE', `/v3/appnotificaciones/${TOPIC_INQUIRY}`)).status;
        await w.inquiry(SUR);
      });
      return gone === 204 && n === 0 ? undefined : saw('an inquiry after DELETE of the inquiry topic', `${gone}, ${n} deliveries`, '204, none');
    },
  },
];

export const LATE_CATALOGO_FAULTS: R4Fault[] = [
  {
    name: 'ciudades-bestmatch-ignores-iso',
    says: 'query state (required, string: matched against id, api-url, api-url-path, name, iso)',
    why: 'a state is found by its ISO code too; the fault refuses an ISO 3166-2 value with 400',
    kind: 'row',
    fault: {
      request(req) {
        if (req.endpoint === 'ciudades-bestmatch' && /^[A-Z]{2}-[A-Z0-9]{1,3}$/i.test(req.query.get('state') ?? ''))
          return problem(req, 400, { state: ['sin coincidencia'] });
      },
    },
    async witness(w) {
      const a = await w.get('/v3/ciudades/bestmatch?state=AR-X&city=C%C3%B3rdoba');
      return a.status === 200 ? undefined : saw('GET /v3/ciudades/bestmatch?state=AR-X&city=Córdoba', a.status, '200');
    },
  },
];

export const LATE_CONSULTA_FAULTS: R4Fault[] = [
  {
    name: 'list-momento-wall-clock-as-utc',
    says: 'moment the inquiry was received',
    why: 'Momento names the instant of reception; the text/json list writes the local wall clock with Z, another instant',
    kind: 'data-shape',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'consultas-list' || res.status !== 200 || res.contentType !== 'text/json') return;
        res.editJson((body) => {
          for (const e of (body._entries ?? []) as Record<string, unknown>[])
            if (typeof e.Momento === 'string') e.Momento = e.Momento.replace(/(Z|[+-]\d{2}:\d{2})$/, 'Z');
        });
      },
    },
    async witness(w) {
      const day = yesterday(w.today);
      const momento = localMoment(day, '12:00:00');
      const sid = await w.inquiry(SUR, { Momento: momento });
      const list = (await w.get(`/v3/consultas/${enc(SUR)}?desde=${day}&hasta=${day}`, { formato: 'text/json' })).json()?._entries ?? [];
      const mine = list.find((e: { _links?: unknown }) => JSON.stringify(e._links ?? {}).includes(sid));
      return mine && Date.parse(mine.Momento) === Date.parse(momento) ? undefined : saw('GET consultas (text/json): Momento', mine?.Momento, momento);
    },
  },
];
