import type { AppName } from '../../../sut/profile.ts';
import type { MutantResponse } from '../../mutants/exchange.ts';
import type { FaultContext } from '../../mutants/fault.ts';
import { answers, type Json } from '../../support/fault-shapes.ts';
import type { R3Fault } from './r3.ts';
import { agenciesOf, agencyOf, asksRef, entriesOf, type Listed, listAll, momentOf, otherApps, repage, sidOf, wholeQuery, withEntries } from './shapes.ts';
import { enc, entries, expectStatus, MOTORES, NO_SID, RIO, saw, SUR, TOPIC_INQUIRY } from './seed-facts.ts';

// Authentication (scoping): every operation acts for the calling app — on the paths less travelled: filters that
// search every app's data, lookups by id that find another agency's or another app's resource.

const fold = (s: string): string => s.toLowerCase();
const ALL_APPS = (ctx: FaultContext): AppName[] => Object.keys(ctx.profile.apps) as AppName[];

/** The first other app's answer of 200 to the same request, replacing a 404. */
async function answeredByAnotherApp(req: Parameters<Parameters<typeof answers>[1]>[0], res: MutantResponse, ctx: FaultContext): Promise<void> {
  if (res.status !== 404) return;
  for (const app of otherApps(ctx, req.app)) {
    const theirs = await ctx.upstream(req.method, req.url, { app });
    if (theirs.status === 200) return void Object.assign(res, { status: 200, headers: theirs.headers, body: theirs.body });
  }
}

/** Inquiries merged from several lists, each once, oldest first (the independent server's order). */
function merged(lists: Listed[][]): Listed[] {
  const seen = new Map<string, Listed>();
  for (const item of lists.flat()) if (!seen.has(sidOf(item))) seen.set(sidOf(item), item);
  return [...seen.values()].sort((a, b) => momentOf(a) - momentOf(b) || sidOf(a).localeCompare(sidOf(b)));
}

export const SCOPING_FAULTS: R3Fault[] = [
  {
    name: 'agencias-operador-filter-searches-every-app',
    kind: 'scoping',
    says: 'All operations are scoped to the calling app: an agency is visible only if it is associated with the calling app.',
    why: 'The operador filter selects among the app’s own agencies; another app’s agency with that operator stays invisible.',
    fault: answers(['agencias-list'], async (req, res, ctx) => {
      if (res.status !== 200 || req.query.get('operador') === null) return;
      const all = [...entriesOf(res.json())];
      const seen = new Set(all.map((e) => JSON.stringify(e)));
      for (const app of otherApps(ctx, req.app))
        for (const e of entriesOf((await ctx.upstream('GET', req.url, { app })).json())) if (!seen.has(JSON.stringify(e))) all.push(e);
      res.editJson((body) => withEntries(body, all) as Json);
    }),
    witness: async (w) => {
      const got = entries(await w.get(`/v3/agencias?operador=${enc(MOTORES)}`)).map((e) => JSON.stringify(e));
      return got.length === 0 ? undefined : saw(`GET /v3/agencias?operador=${MOTORES} as primary (the other app's agency)`, got, 'nothing');
    },
  },
  {
    name: 'consulta-get-finds-another-apps-inquiry',
    kind: 'scoping',
    says: 'Inquiries visible to the app are those received by publications that the app published',
    why: 'An inquiry received by another app’s publication, in an agency both apps share, does not exist for this app: 404.',
    fault: answers(['consultas-get'], async (req, res, ctx) => {
      if (res.status === 404 && (await agencyOf(ctx, req.app ?? 'primary', req.param('adminMail') ?? ''))) await answeredByAnotherApp(req, res, ctx);
    }),
    witness: async (w) => {
      const sid = await w.inquiry(RIO, {}, 'other');
      return expectStatus('GET, as primary, an inquiry of the other app’s publication in RIO (shared)', await w.get(`/v3/consultas/${enc(RIO)}/${sid}`), 404);
    },
  },
  {
    name: 'consultas-list-shows-another-apps-inquiries',
    kind: 'scoping',
    says: 'Inquiries visible to the app are those received by publications that the app published',
    why: 'The inquiry list of an agency two apps share shows each app the inquiries of its own publications only.',
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      if (res.status !== 200) return;
      const lists = await Promise.all(ALL_APPS(ctx).map((app) => listAll(ctx, app, req.path, wholeQuery(req), asksRef(req))));
      repage(req, res, merged(lists));
    }),
    witness: async (w) => {
      await w.inquiry(RIO, { ExternalId: 'PUB-R3-OTRA' }, 'other');
      const a = await w.get(`/v3/consultas/${enc(RIO)}?externalid=PUB-R3-OTRA`);
      return a.json()?.Total === 0 ? undefined : saw('GET RIO’s list as primary, filtered to the other app’s publication: Total', a.json()?.Total, '0');
    },
  },
  {
    name: 'consultas-operador-filter-searches-every-agency',
    kind: 'scoping',
    says: 'operador (email; only inquiries visible to that collaborator)',
    why: 'The list is the inquiries of the agency in the path: an operador of another agency (of another app) adds none of theirs.',
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      if (res.status !== 200 || req.query.get('operador') === null) return;
      const lists: Listed[][] = [await listAll(ctx, req.app ?? 'primary', req.path, wholeQuery(req), asksRef(req))];
      for (const app of ALL_APPS(ctx))
        for (const mail of await agenciesOf(ctx, app))
          if (fold(mail) !== fold(req.param('adminMail') ?? ''))
            lists.push(await listAll(ctx, app, `/v3/consultas/${enc(mail)}`, wholeQuery(req), asksRef(req)));
      repage(req, res, merged(lists));
    }),
    witness: async (w) => {
      await w.inquiry(MOTORES, {}, 'other');
      const a = await w.get(`/v3/consultas/${enc(SUR)}?operador=${enc(MOTORES)}`);
      return a.json()?.Total === 0 ? undefined : saw(`GET SUR’s list ?operador=${MOTORES} (the other app’s agency admin): Total`, a.json()?.Total, '0');
    },
  },
  {
    name: 'resend-finds-an-inquiry-of-another-agency',
    kind: 'scoping',
    says: '404 (inquiry does not exist for the app)',
    why: 'The sid is looked up within the agency of the path and the app: another agency’s inquiry (of another app) is 404 here.',
    fault: answers(['consultas-resend'], async (req, res, ctx) => {
      if (res.status !== 404) return;
      const sid = req.param('sid') ?? '';
      for (const app of ALL_APPS(ctx))
        for (const mail of await agenciesOf(ctx, app)) {
          const path = `/v3/consultas/${enc(mail)}/${enc(sid)}`;
          if ((await ctx.upstream('GET', path, { app })).status !== 200) continue;
          const theirs = await ctx.upstream('POST', `${path}/resendwebhook`, { app });
          return void Object.assign(res, { status: theirs.status, headers: theirs.headers, body: theirs.body });
        }
    }),
    witness: async (w) => {
      const hook = await w.receiver();
      await w.subscribe(TOPIC_INQUIRY, hook.url, 'other');
      const sid = await w.inquiry(MOTORES, {}, 'other');
      return expectStatus(
        'POST /v3/consultas/SUR/<sid of MOTORES>/resendwebhook as primary',
        await w.call('POST', `/v3/consultas/${enc(SUR)}/${sid}/resendwebhook`),
        404,
      );
    },
  },
  {
    name: 'productos-of-another-apps-agency',
    kind: 'scoping',
    says: '| GET | /v3/agencias/{adminMail}/productos | path adminMail (required, email, max 50) | 200 AgenciaProductos (json, text/json, entry) | 404 (agency does not exist for the app), 400 |',
    why: 'An agency of another app does not exist for this one: its package of publications is 404.',
    fault: answers(['agencias-productos'], answeredByAnotherApp),
    witness: async (w) => expectStatus(`GET ${MOTORES}/productos as primary`, await w.get(`/v3/agencias/${enc(MOTORES)}/productos`), 404),
  },
  {
    name: 'options-on-another-apps-agency',
    kind: 'scoping',
    says: 'All operations are scoped to the calling app: an agency is visible only if it is associated with the calling app.',
    why: 'OPTIONS on an agency URI shows it only to an app associated with it; for another app it does not exist (404).',
    fault: answers(['agencias-options'], answeredByAnotherApp),
    witness: async (w) => expectStatus(`OPTIONS /v3/agencias/${MOTORES} as primary`, await w.call('OPTIONS', `/v3/agencias/${enc(MOTORES)}`), 404),
  },
  {
    name: 'consulta-get-sid-of-another-agency',
    kind: 'scoping',
    says: '404 (for the app the agency or the inquiry does not exist), 400',
    why: 'The inquiry is looked up within the agency of the path: the sid of an inquiry of the app’s other agency is 404 here.',
    fault: answers(['consultas-get'], async (req, res, ctx) => {
      if (res.status !== 404) return;
      const app = req.app ?? 'primary';
      for (const mail of await agenciesOf(ctx, app)) {
        const theirs = await ctx.upstream(
          'GET',
          `/v3/consultas/${enc(mail)}/${enc(req.param('sid') ?? NO_SID)}${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`,
          { app },
        );
        if (theirs.status === 200) return void Object.assign(res, { status: 200, headers: theirs.headers, body: theirs.body });
      }
    }),
    witness: async (w) => {
      const sid = await w.inquiry(RIO);
      return expectStatus('GET /v3/consultas/SUR/<sid of a RIO inquiry>', await w.get(`/v3/consultas/${enc(SUR)}/${sid}`), 404);
    },
  },
];
