import type { AppName } from '../../../sut/profile.ts';
import { addDays } from '../../../models/index.ts';
import { problem, type MutantRequest, type MutantResponse } from '../exchange.ts';
import type { Fault, FaultContext, Mutant } from '../fault.ts';
import { answers, formAsked, requests, type Json } from './helpers.ts';

// Issue 21: the faults the model's rules catch (suites/model/) — refused writes stored anyway, one operation
// reaching its neighbours, filters and lookups that search beyond the calling app or agency, deliveries to an app
// that does not own the event, and a leak of one app's agency to another in the direction the older scoping
// checks never probed. Each fault needs state that only the run makes (its agencies, inquiries, topics).

const APPS: readonly AppName[] = ['primary', 'other', 'empty'];
const AGENCIES = 'agencies-seen';

/** Every (app, adminMail) a request named and the app could read: the agencies the run is working with. */
async function remember(req: MutantRequest, ctx: FaultContext): Promise<Map<string, AppName>> {
  const seen = (ctx.memory.get(AGENCIES) as Map<string, AppName> | undefined) ?? new Map<string, AppName>();
  ctx.memory.set(AGENCIES, seen);
  const mail = req.param('adminMail')?.toLowerCase();
  if (mail && req.app && !seen.has(mail) && (await owns(ctx, req.app, mail))) seen.set(mail, req.app);
  return seen;
}

const owns = async (ctx: FaultContext, app: AppName, adminMail: string): Promise<boolean> =>
  (await ctx.upstream('GET', `/v3/agencias/${encodeURIComponent(adminMail)}`, { app })).status === 200;

/** The app other than `app` that has the agency, if one does. */
async function ownerBesides(ctx: FaultContext, app: AppName | undefined, adminMail: string | undefined): Promise<AppName | undefined> {
  if (!adminMail) return undefined;
  for (const a of APPS) if (a !== app && ctx.profile.apps[a] && (await owns(ctx, a, adminMail))) return a;
  return undefined;
}

/** The other available topic of the profile. */
const siblingTopic = (ctx: FaultContext, topic: string | undefined): string =>
  topic === ctx.profile.topics.inquiry ? ctx.profile.topics.registration : ctx.profile.topics.inquiry;

/** A refused write that the fault then carries out as the app that owns what it names, answering the refusal. */
const refusedButApplied = (endpointId: string, refusal: number): Fault =>
  answers([endpointId], async (req, res, ctx) => {
    if (res.status !== refusal) return;
    const owner = await ownerBesides(ctx, req.app, req.param('adminMail'));
    if (owner) await ctx.upstream(req.method, req.url, { app: owner, json: req.json() });
  });

/** Every entry of `more` added to the list `res` (an array, or an object with _entries). */
function append(res: MutantResponse, more: unknown[]): void {
  res.editJson<unknown>((list) => {
    if (Array.isArray(list)) return [...list, ...more];
    const l = list as Json;
    if (Array.isArray(l._entries)) {
      l._entries = [...(l._entries as unknown[]), ...more];
      if (typeof l.Total === 'number') l.Total += more.length;
    }
    return l;
  });
}

const entries = (json: unknown): unknown[] =>
  Array.isArray(json) ? json : Array.isArray((json as Json | undefined)?._entries) ? ((json as Json)._entries as unknown[]) : [];

/** POST of a topic answered `status` (with `errors`) where another app has configured it: topic names as one namespace. */
const refusedWhereAnotherAppConfigured = (status: number, errors: Record<string, string[]>) =>
  requests(['appnotificaciones-post'], async (req, ctx) => {
    for (const app of APPS) {
      if (app === req.app || !ctx.profile.apps[app]) continue;
      if ((await ctx.upstream('GET', req.path, { app })).status === 200) return problem(req, status, errors);
    }
  });

export const MODEL_MUTANTS: Mutant[] = [
  {
    name: 'foreign-put-403-applied',
    statement: 'auth/no-permission-403',
    breaks: 'model/refused-write-unchanged',
    // Answered 403, as it should be, after storing the edit on the owner's agency anyway.
    fault: refusedButApplied('agencias-put', 403),
  },
  {
    name: 'foreign-desasociar-403-applied',
    statement: 'endpoints/agencias-desasociar/403',
    breaks: 'model/refused-write-unchanged',
    also: ['model/command-sequences', 'scoping/agency-reads', 'scoping/agencias-list', 'scoping/agency-modifications', 'model/write-neighbours-unchanged'],
    fault: refusedButApplied('agencias-desasociar', 403),
  },
  {
    name: 'invitation-409-gives-the-agency-to-the-inviter',
    statement: 'endpoints/agencias-invite/409',
    breaks: 'model/refused-write-unchanged',
    also: ['model/command-sequences', 'scoping/agency-reads', 'scoping/agencias-list', 'scoping/agency-modifications', 'scoping/lookup-by-id'],
    // An invitation of a registered e-mail is refused (409), yet the inviting app reads the agency from then on.
    fault: {
      async response(req, res, ctx) {
        const given = (ctx.memory.get('given') as Map<string, AppName> | undefined) ?? new Map<string, AppName>();
        ctx.memory.set('given', given);
        if (req.endpoint === 'agencias-invite' && res.status === 409 && req.app) {
          const mail = String((req.json() as Json | undefined)?.AdminMail ?? '').toLowerCase();
          const owner = await ownerBesides(ctx, req.app, mail);
          if (owner) given.set(`${req.app} ${mail}`, owner);
        }
        const owner = req.app && given.get(`${req.app} ${req.param('adminMail')?.toLowerCase()}`);
        if (owner && req.endpoint === 'agencias-get' && res.status === 404)
          Object.assign(res, await ctx.upstream('GET', req.url, { app: owner, accept: req.headers.accept ?? 'application/json' }));
      },
    },
  },
  {
    name: 'post-409-stores-new-configuration',
    statement: 'endpoints/appnotificaciones-post/409',
    breaks: 'model/refused-write-unchanged',
    also: ['model/command-sequences', 'scoping/topics-per-app'],
    // A second POST is refused, but its callback URL replaces the configuration's.
    fault: answers(['appnotificaciones-post'], async (req, res, ctx) => {
      if (res.status === 409) await ctx.upstream('PUT', req.path, { app: req.app ?? 'primary', json: req.json() });
    }),
  },
  // Validation after the write (the store first, the checks later): a request refused with 400 is carried out
  // with the members that were valid. Only the run's own 400s with one invalid member show it.
  {
    name: 'invitation-400-stores-the-valid-members',
    statement: 'errors/400',
    breaks: 'model/refused-write-unchanged',
    fault: answers(['agencias-invite'], async (req, res, ctx) => {
      const mail = (req.json() as Json | undefined)?.AdminMail;
      if (res.status === 400 && typeof mail === 'string' && /^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(mail))
        await ctx.upstream('POST', '/v3/agencias', { app: req.app ?? 'primary', json: { AdminMail: mail } });
    }),
  },
  {
    name: 'topic-upsert-400-stores-the-valid-members',
    statement: 'errors/400',
    breaks: 'model/refused-write-unchanged',
    also: ['model/command-sequences', 'scoping/topics-per-app'],
    // Both verbs: PUT replaces, POST creates, with the URL member alone when it is an http(s) URL.
    fault: answers(['appnotificaciones-put', 'appnotificaciones-post'], async (req, res, ctx) => {
      const member = Object.entries(ctx.profile.templates.webhookUpsert).find(([, v]) => v === '{{url}}')?.[0];
      const url = member ? (req.json() as Json | undefined)?.[member] : undefined;
      if (res.status === 400 && typeof url === 'string' && /^https?:\/\//.test(url))
        await ctx.upstream(req.method, req.path, { app: req.app ?? 'primary', json: { [member!]: url } });
    }),
  },
  {
    name: 'put-404-creates-configuration',
    statement: 'endpoints/appnotificaciones-put/404',
    breaks: 'model/refused-write-unchanged',
    also: ['model/command-sequences', 'scoping/topics-per-app', 'model/write-neighbours-unchanged'],
    // PUT of a topic never configured answers 404, and creates the configuration on the way.
    fault: answers(['appnotificaciones-put'], async (req, res, ctx) => {
      if (res.status === 404) await ctx.upstream('POST', req.path, { app: req.app ?? 'primary', json: req.json() });
    }),
  },
  {
    name: 'delete-removes-sibling-topic',
    statement: 'events/per-topic',
    breaks: 'model/write-neighbours-unchanged',
    also: ['model/command-sequences', 'scoping/topics-per-app', 'model/refused-write-unchanged'],
    // Removing one topic's configuration removes the app's other topic's too.
    fault: answers(['appnotificaciones-delete'], async (req, res, ctx) => {
      if (res.status === 204)
        await ctx.upstream('DELETE', `/v3/appnotificaciones/${encodeURIComponent(siblingTopic(ctx, req.param('topic')))}`, { app: req.app ?? 'primary' });
    }),
  },
  {
    name: 'delete-removes-other-apps-topic',
    statement: 'auth/scoped-to-app',
    breaks: 'model/write-neighbours-unchanged',
    also: ['model/command-sequences', 'scoping/topics-per-app', 'model/refused-write-unchanged'],
    // DELETE of a topic removes every app's configuration of it.
    fault: answers(['appnotificaciones-delete'], async (req, res, ctx) => {
      if (res.status !== 204) return;
      for (const app of APPS) if (app !== req.app && ctx.profile.apps[app]) await ctx.upstream('DELETE', req.path, { app });
    }),
  },
  {
    name: 'primary-reads-other-apps-agency',
    statement: 'service/scoped-to-app',
    breaks: 'scoping/agency-reads',
    also: ['model/command-sequences'],
    // App primary reading an agency of another app gets that app's answer (the older checks probed only the
    // other direction).
    fault: answers(['agencias-get'], async (req, res, ctx) => {
      if (req.app !== 'primary' || res.status !== 404) return;
      const owner = await ownerBesides(ctx, 'primary', req.param('adminMail'));
      if (owner) Object.assign(res, await ctx.upstream('GET', req.url, { app: owner, accept: req.headers.accept ?? 'application/json' }));
    }),
  },
  {
    name: 'primary-put-on-other-apps-agency-applied',
    statement: 'auth/absent-agency',
    breaks: 'scoping/agency-modifications',
    also: ['model/command-sequences', 'model/refused-write-unchanged'],
    // PUT by primary of an agency only another app has is carried out for that app, and answered 200.
    fault: answers(['agencias-put'], async (req, res, ctx) => {
      if (req.app !== 'primary' || res.status !== 403) return;
      const owner = await ownerBesides(ctx, 'primary', req.param('adminMail'));
      if (owner) Object.assign(res, await ctx.upstream('PUT', req.url, { app: owner, json: req.json(), accept: req.headers.accept ?? 'application/json' }));
    }),
  },
  {
    name: 'agency-list-keeps-dissociated',
    statement: 'service/scoped-to-app',
    breaks: 'scoping/agencias-list',
    also: ['model/command-sequences', 'model/write-neighbours-unchanged'],
    // After desasociar the app's list still names the agency (a list cached from before).
    fault: answers(['agencias-desasociar', 'agencias-list'], (req, res, ctx) => {
      const gone = (ctx.memory.get('dissociated') as Map<string, Set<string>> | undefined) ?? new Map<string, Set<string>>();
      ctx.memory.set('dissociated', gone);
      const app = req.app ?? 'primary';
      if (req.endpoint === 'agencias-desasociar' && res.status === 204) gone.set(app, new Set([...(gone.get(app) ?? []), req.param('adminMail')!]));
      if (req.endpoint === 'agencias-list' && res.status === 200 && !req.query.has('operador')) {
        const mails = [...(gone.get(app) ?? [])];
        append(
          res,
          mails.map((m) => (formAsked(req) === 'ref' ? { href: `/v3/agencias/${encodeURIComponent(m)}`, title: m } : { AdminMail: m })),
        );
      }
    }),
  },
  {
    name: 'agencias-operador-searches-every-app',
    statement: 'endpoints/agencias-list/operador',
    breaks: 'scoping/filters-within-app',
    also: ['model/command-sequences', 'filters/agencias-operador'],
    // agencias?operador= lists the agencies of that operator whichever app has them.
    fault: answers(['agencias-list'], async (req, res, ctx) => {
      if (res.status !== 200 || !req.query.has('operador')) return;
      for (const app of APPS) {
        if (app === req.app || !ctx.profile.apps[app]) continue;
        append(res, entries((await ctx.upstream('GET', req.url, { app, accept: req.headers.accept ?? 'application/json' })).json()));
      }
    }),
  },
  {
    name: 'consultas-externalid-searches-every-agency',
    statement: 'endpoints/consultas-list/externalid',
    breaks: 'scoping/filters-within-app',
    also: ['model/command-sequences', 'model/inquiry-selection', 'consultas/list/filter-externalid'],
    // The externalid filter finds the publication's inquiries in every agency the run has touched, of any app.
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      const seen = await remember(req, ctx);
      if (res.status !== 200 || !req.query.has('externalid')) return;
      const here = req.param('adminMail')?.toLowerCase();
      const query = new URLSearchParams(req.query);
      query.delete('pagina');
      for (const [mail, app] of seen) {
        if (mail === here) continue;
        append(
          res,
          entries(
            (await ctx.upstream('GET', `/v3/consultas/${encodeURIComponent(mail)}?${query}`, { app, accept: req.headers.accept ?? 'application/json' })).json(),
          ),
        );
      }
    }),
  },
  {
    name: 'inquiry-found-under-any-agency',
    statement: 'endpoints/consultas-get/404',
    breaks: 'scoping/lookup-by-id',
    also: ['model/command-sequences'],
    // GET of an inquiry under an agency of the app finds the sid in any agency of the app's.
    fault: answers(['consultas-get'], async (req, res, ctx) => {
      const seen = await remember(req, ctx);
      if (res.status !== 404 || !req.app || !(await owns(ctx, req.app, req.param('adminMail') ?? ''))) return;
      for (const [mail, app] of seen) {
        if (app !== req.app) continue;
        const found = await ctx.upstream('GET', `/v3/consultas/${encodeURIComponent(mail)}/${encodeURIComponent(req.param('sid') ?? '')}`, {
          app,
          accept: req.headers.accept ?? 'application/json',
        });
        if (found.status === 200) return void Object.assign(res, found);
      }
    }),
  },
  {
    name: 'resend-finds-inquiry-under-any-agency',
    statement: 'endpoints/consultas-resend/404',
    breaks: 'scoping/lookup-by-id',
    also: ['model/command-sequences'],
    // resendwebhook of a sid under the wrong agency of the app resends it from the agency that has it.
    fault: {
      async request(req, ctx) {
        if (req.endpoint === 'consultas-get' || req.endpoint === 'consultas-list') await remember(req, ctx);
        if (req.endpoint !== 'consultas-resend' || !req.app) return;
        const seen = await remember(req, ctx);
        const here = req.param('adminMail')?.toLowerCase();
        const sid = encodeURIComponent(req.param('sid') ?? '');
        if ((await ctx.upstream('GET', `/v3/consultas/${encodeURIComponent(here ?? '')}/${sid}`, { app: req.app })).status === 200) return;
        for (const [mail, app] of seen) {
          if (app !== req.app || mail === here) continue;
          if ((await ctx.upstream('GET', `/v3/consultas/${encodeURIComponent(mail)}/${sid}`, { app })).status !== 200) continue;
          return ctx.upstream('POST', `/v3/consultas/${encodeURIComponent(mail)}/${sid}/resendwebhook`, { app });
        }
      },
    },
  },
  {
    name: 'inquiry-webhook-delivered-to-every-app',
    statement: 'events/per-topic',
    breaks: 'scoping/webhook-delivery',
    // Each delivery goes to its app's callback, and to every other app's configuration of the topic too.
    fault: {
      async delivery(d, ctx) {
        await ctx.forward(d);
        const latest = new Map<string, string>();
        for (const h of ctx.hooks) if (h.topic === d.hook.topic && h.app !== d.hook.app) latest.set(String(h.app), h.url);
        for (const url of latest.values()) await ctx.forward(d, { to: url });
      },
    },
  },
  {
    name: 'ref-form-ignores-externalid',
    statement: 'conventions/media-ref',
    breaks: 'model/forms-agree',
    quote: 'reference form',
    // One form heeds a filter the other ignores: the reference form of the inquiry list drops externalid.
    fault: requests(['consultas-list'], (req) => {
      if (formAsked(req) === 'ref') req.query.delete('externalid');
    }),
  },
  {
    name: 'day-filter-reaches-next-day',
    statement: 'endpoints/consultas-list/hasta',
    breaks: 'model/inquiry-selection',
    also: ['consultas/list/filter-desde-hasta', 'consultas/list/hasta-end-of-day', 'model/command-sequences'],
    // A one-day period (desde = hasta) is read as up to the end of the next day.
    fault: requests(['consultas-list'], (req) => {
      const desde = req.query.get('desde');
      if (desde && desde === req.query.get('hasta')) req.query.set('hasta', addDays(desde, 1));
    }),
  },
  {
    name: 'post-conflicts-across-apps',
    statement: 'auth/scoped-to-app',
    breaks: 'scoping/topics-per-app',
    also: ['model/command-sequences', 'model/refused-write-unchanged', 'model/write-neighbours-unchanged', 'scoping/webhook-delivery'],
    // Topic names are one namespace: POST of a topic another app has configured is a conflict.
    fault: refusedWhereAnotherAppConfigured(409, { topic: ['configured already'] }),
  },
  {
    name: 'post-forbidden-across-apps',
    statement: 'auth/scoped-to-app',
    breaks: 'scoping/topics-per-app',
    also: ['model/command-sequences', 'model/refused-write-unchanged', 'model/write-neighbours-unchanged', 'scoping/webhook-delivery'],
    // Topic names are one namespace, refused as unavailable: POST of a topic another app has configured is a 403
    // (legal on its own while the topic's availability to the app is unknown; not once nobody else has it).
    fault: refusedWhereAnotherAppConfigured(403, {}),
  },
  {
    name: 'registration-shared-with-subscribed-apps',
    statement: 'service/scoped-to-app',
    breaks: 'model/command-sequences',
    runs: 25,
    // A registration completed while another app is subscribed to registrations makes the agency that app's too:
    // it reads the agency as the inviting app does. Only a sequence meets it: a registration, then a read by the
    // other app, with its registration topic configured in between.
    fault: {
      async response(req, res, ctx) {
        const shared = (ctx.memory.get('shared') as Map<string, AppName> | undefined) ?? new Map<string, AppName>();
        ctx.memory.set('shared', shared);
        if (req.endpoint === undefined && req.path.endsWith('/registro') && res.status === 204 && req.app) {
          const mail = decodeURIComponent(req.path.split('/').at(-2) ?? '').toLowerCase();
          for (const app of APPS) {
            if (app === req.app || !ctx.profile.apps[app]) continue;
            const subscribed = await ctx.upstream('GET', `/v3/appnotificaciones/${encodeURIComponent(ctx.profile.topics.registration)}`, { app });
            if (subscribed.status === 200) shared.set(`${app} ${mail}`, req.app);
          }
        }
        const owner = req.app && shared.get(`${req.app} ${req.param('adminMail')?.toLowerCase()}`);
        if (owner && req.endpoint === 'agencias-get' && res.status === 404)
          Object.assign(res, await ctx.upstream('GET', req.url, { app: owner, accept: req.headers.accept ?? 'application/json' }));
      },
    },
  },
];
