import { empty, type MutantRequest, type MutantResponse, problem } from '../../mutants/exchange.ts';
import { enc, entries, fresh, MOTORES, saw, SUR } from '../faults-r3/seed-facts.ts';
import type { Answer } from '../faults-r3/witness-client.ts';
import type { Fault, FaultContext } from '../../mutants/fault.ts';
import { mailOf, type R4Fault } from './r4.ts';

// Agencias and the two lifecycle moves (States and transitions): invitation conflicts, the invitation state on
// its Location, case-insensitive adminMail, what a dissociation takes away, request media-type parameters.

const low = (s: string): string => s.toLowerCase();
const pathOf = (a: Answer): string => new URL(a.headers.location ?? '/', 'http://x').pathname;

/** A fresh agency of the primary app, registered through the simulation hook. */
async function registered(w: Parameters<R4Fault['witness']>[0], tag: string): Promise<string> {
  const mail = fresh(tag);
  await w.invite(mail);
  await w.register(mail);
  return mail;
}

/** What GET of the agency the request names (path + suffix) answers the calling app, straight from the server. */
const asCaller = (req: MutantRequest, ctx: FaultContext, suffix = ''): Promise<MutantResponse> =>
  ctx.upstream('GET', `/v3/agencias/${enc(mailOf(req))}${suffix}`, { app: req.app ?? 'primary' });

/** A request hook that keeps, before an agency is dissociated, what GET (agency path + suffix) answered the app. */
function keptBeforeDissociation(key: string, suffix: string, keep: (got: MutantResponse) => unknown): NonNullable<Fault['request']> {
  return async (req, ctx) => {
    if (req.endpoint !== 'agencias-desasociar') return;
    const got = await asCaller(req, ctx, suffix);
    if (got.status === 200) ctx.memory.set(`${key}:${req.app}:${low(mailOf(req))}`, keep(got));
  };
}

export const AGENCIA_FAULTS: R4Fault[] = [
  {
    name: 'pending-invitation-counts-as-registered',
    says: 'the e-mail in AdminMail is not already registered',
    why: 'only a registered e-mail makes the invitation conflict; a second invitation of a pending address is accepted (202)',
    kind: 'row',
    fault: {
      request(req, ctx) {
        if (req.endpoint !== 'agencias-invite') return;
        const mail = (req.json() as { AdminMail?: unknown } | undefined)?.AdminMail;
        if (typeof mail === 'string' && ctx.memory.has(`invited:${low(mail)}`)) return problem(req, 409, { AdminMail: ['ya invitada'] });
      },
      response(req, res, ctx) {
        const mail = (req.json() as { AdminMail?: unknown } | undefined)?.AdminMail;
        if (req.endpoint === 'agencias-invite' && res.status === 202 && typeof mail === 'string') ctx.memory.set(`invited:${low(mail)}`, true);
      },
    },
    async witness(w) {
      const mail = fresh('twice');
      const first = await w.invite(mail);
      const second = await w.invite(mail);
      return first.status === 202 && second.status === 202
        ? undefined
        : saw('POST /v3/agencias twice, pending', `${first.status}, ${second.status}`, '202, 202');
    },
  },
  {
    name: 'conflict-only-within-the-app',
    says: '409 (e-mail already registered; the administrator must contact customer support)',
    why: 'an e-mail registered by any app conflicts; the fault accepts it when the agency belongs to another app',
    kind: 'scoping',
    fault: {
      async response(req, res, ctx) {
        if (req.endpoint !== 'agencias-invite' || res.status !== 409) return;
        const mail = String((req.json() as { AdminMail?: unknown }).AdminMail);
        const own = await ctx.upstream('GET', `/v3/agencias/${enc(mail)}`, { app: req.app ?? 'primary' });
        if (own.status === 404) Object.assign(res, { status: 202, body: '', headers: { location: `/v3/agencias/${enc(mail)}` } });
      },
    },
    async witness(w) {
      const a = await w.invite(MOTORES);
      return a.status === 409 ? undefined : saw('POST /v3/agencias with an agency of the other app', a.status, '409');
    },
  },
  {
    name: 'options-misses-pending-invitation',
    says: 'a Location header gives the agency URI, on which GET or OPTIONS returns the state of the invitation',
    why: 'OPTIONS on the Location of an invitation returns its state like GET; the fault answers 404 while it is pending',
    kind: 'row',
    fault: {
      async request(req, ctx) {
        if (req.endpoint !== 'agencias-options') return;
        const got = await asCaller(req, ctx);
        if (got.status === 200 && (got.json() as { Invitacion?: { Estado?: string } })?.Invitacion?.Estado === 'pendiente') return empty(404);
      },
    },
    async witness(w) {
      const invited = await w.invite(fresh('options'));
      const a = await w.call('OPTIONS', pathOf(invited));
      return a.status === 200 ? undefined : saw(`OPTIONS ${pathOf(invited)} (pending invitation)`, a.status, '200 with the state');
    },
  },
  {
    name: 'productos-admin-mail-case-sensitive',
    says: 'the path segment is matched case-insensitively with the name shown',
    why: 'the adminMail segment matches case-insensitively; the package of publications requires the exact case',
    kind: 'lenient-value',
    fault: {
      async request(req, ctx) {
        if (req.endpoint !== 'agencias-productos') return;
        const got = await asCaller(req, ctx);
        if (got.status === 200 && (got.json() as { AdminMail?: string }).AdminMail !== mailOf(req)) return empty(404);
      },
    },
    async witness(w) {
      const a = await w.get(`/v3/agencias/${enc(low(SUR))}/productos`);
      return a.status === 200 ? undefined : saw(`GET /v3/agencias/${low(SUR)}/productos`, a.status, '200 (the same agency as its mixed case)');
    },
  },
  {
    name: 'productos-survive-dissociation',
    says: 'an agency is visible only if it is associated with the calling app',
    why: 'after PATCH desasociar the agency does not exist for the app, so its package answers 404; the fault still serves it',
    kind: 'scoping',
    fault: {
      request: keptBeforeDissociation('productos', '/productos', (got) => got),
      response(req, res, ctx) {
        const kept = ctx.memory.get(`productos:${req.app}:${low(mailOf(req))}`) as MutantResponse | undefined;
        if (req.endpoint === 'agencias-productos' && res.status === 404 && kept) Object.assign(res, { status: 200, headers: kept.headers, body: kept.body });
      },
    },
    async witness(w) {
      const mail = await registered(w, 'desasociar');
      const cut = await w.call('PATCH', `/v3/agencias/${enc(mail)}/desasociar`);
      const a = await w.get(`/v3/agencias/${enc(mail)}/productos`);
      return cut.status === 204 && a.status === 404 ? undefined : saw('GET productos after desasociar', `${cut.status}, ${a.status}`, '204, 404');
    },
  },
  {
    name: 'operador-filter-lists-dissociated',
    says: 'All operations are scoped to the calling app: an agency is visible only if it is associated with the calling app.',
    why: 'a dissociated agency is not visible to the app; the list filtered by operador still shows it',
    kind: 'scoping',
    fault: {
      request: keptBeforeDissociation('gone', '', (got) => got.json()),
      response(req, res, ctx) {
        const operador = req.query.get('operador');
        const kept = operador && ctx.memory.get(`gone:${req.app}:${low(operador)}`);
        if (req.endpoint !== 'agencias-list' || res.status !== 200 || !kept || res.contentType !== 'text/json') return;
        res.editJson<unknown[]>((list) => (Array.isArray(list) ? [...list, kept] : list));
      },
    },
    async witness(w) {
      const mail = await registered(w, 'lista');
      await w.call('PATCH', `/v3/agencias/${enc(mail)}/desasociar`);
      const listed = entries(await w.get(`/v3/agencias?operador=${enc(mail)}`));
      return listed.length === 0 ? undefined : saw(`GET /v3/agencias?operador=${mail} after desasociar`, `${listed.length} entries`, 'none');
    },
  },
  {
    name: 'put-agency-refuses-charset',
    says: 'body AgenciaEdit (json or text/json)',
    why: 'application/json with a charset parameter is still application/json; the edit refuses it',
    kind: 'lenient-value',
    fault: {
      request(req) {
        if (req.endpoint === 'agencias-put' && (req.headers['content-type'] ?? '').includes(';')) return problem(req, 400, { _: ['Content-Type no admitido'] });
      },
    },
    async witness(w) {
      const a = await w.call('PUT', `/v3/agencias/${enc(SUR)}`, {
        body: JSON.stringify({ NombreComercial: 'Testigo R4' }),
        contentType: 'application/json; charset=utf-8',
      });
      return a.status === 200 ? undefined : saw('PUT agency as application/json; charset=utf-8', a.status, '200');
    },
  },
];
