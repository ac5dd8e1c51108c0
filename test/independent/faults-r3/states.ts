import { empty } from '../../mutants/exchange.ts';
import type { FaultContext, Fault } from '../../mutants/fault.ts';
import { answers, type Json, requests } from '../../support/fault-shapes.ts';
import type { R3Fault } from './r3.ts';
import { agencyOf, asksRef, entriesOf, isObject, jsonAnswer, otherApps, withEntries } from './shapes.ts';
import { enc, entries, expectStatus, MOTORES, RIO, saw, SUR } from './seed-facts.ts';

// States and transitions: the dissociation of an agency from the app (and what it keeps).

const fold = (s: string): string => s.toLowerCase();

/** Agencies the app dissociated, by `app adminMail`: their full representation just before. */
const dissociated = (ctx: FaultContext): Map<string, Json> => {
  let map = ctx.memory.get('dissociated') as Map<string, Json> | undefined;
  if (!map) ctx.memory.set('dissociated', (map = new Map()));
  return map;
};

/** Remembers what a successful dissociation removed (read before it is forwarded), then `more` of the fault. */
function rememberingDissociations(more: Fault): Fault {
  return {
    request: async (req, ctx) => {
      if (req.endpoint === 'agencias-desasociar') {
        const before = await agencyOf(ctx, req.app ?? 'primary', req.param('adminMail') ?? '');
        ctx.memory.set('pending', before);
      }
      return more.request?.(req, ctx);
    },
    response: async (req, res, ctx) => {
      const before = ctx.memory.get('pending') as Json | undefined;
      if (req.endpoint === 'agencias-desasociar' && res.status === 204 && before) dissociated(ctx).set(`${req.app} ${fold(String(before.AdminMail))}`, before);
      await more.response?.(req, res, ctx);
    },
  };
}

/** The reference form of a remembered agency. */
const refOf = (a: Json): Json => ({ href: (a._links as Record<string, { href: string }>).self!.href, title: a.NombreComercial ?? a.RazonSocial });

export const STATE_FAULTS: R3Fault[] = [
  {
    name: 'desasociar-without-effect',
    kind: 'row',
    says: 'agency dissociated from the app (204)',
    why: 'States table: after 204 the agency is no longer associated with the app, so reading it answers 404.',
    fault: requests(['agencias-desasociar'], async (req, ctx) => {
      if (await agencyOf(ctx, req.app ?? 'primary', req.param('adminMail') ?? '')) return empty(204);
    }),
    witness: async (w) => {
      await w.call('PATCH', `/v3/agencias/${enc(SUR)}/desasociar`);
      return expectStatus('GET SUR after dissociating it', await w.get(`/v3/agencias/${enc(SUR)}`), 404);
    },
  },
  {
    name: 'desasociar-agency-still-listed',
    kind: 'row',
    says: 'All operations are scoped to the calling app: an agency is visible only if it is associated with the calling app.',
    why: 'After a dissociation answered 204 the agency is not associated with the app, so the app’s list no longer shows it.',
    fault: rememberingDissociations(
      answers(['agencias-list'], (req, res, ctx) => {
        if (res.status !== 200 || req.query.get('operador') !== null) return;
        const mine = [...dissociated(ctx)].filter(([k]) => k.startsWith(`${req.app} `)).map(([, a]) => (asksRef(req) ? refOf(a) : a));
        res.editJson((body) => withEntries(body, [...entriesOf(body), ...mine]) as Json);
      }),
    ),
    witness: async (w) => {
      await w.call('PATCH', `/v3/agencias/${enc(SUR)}/desasociar`);
      const got = entries(await w.get('/v3/agencias')).map((e) => fold(String(e?.AdminMail ?? '')));
      return got.includes(fold(SUR)) ? saw('GET /v3/agencias after dissociating SUR', got, 'SUR not listed') : undefined;
    },
  },
  {
    name: 'desasociar-agency-still-readable',
    kind: 'row',
    says: 'agency dissociated from the app (204)',
    why: 'A dissociated agency does not exist for the app: GET answers 404, not its cached representation.',
    fault: rememberingDissociations(
      answers(['agencias-get'], (req, res, ctx) => {
        const kept = dissociated(ctx).get(`${req.app} ${fold(req.param('adminMail') ?? '')}`);
        if (res.status === 404 && kept) Object.assign(res, jsonAnswer(200, asksRef(req) ? refOf(kept) : kept));
      }),
    ),
    witness: async (w) => {
      await w.call('PATCH', `/v3/agencias/${enc(SUR)}/desasociar`);
      return expectStatus('GET SUR after dissociating it', await w.get(`/v3/agencias/${enc(SUR)}`), 404);
    },
  },
  {
    name: 'desasociar-deletes-the-account',
    kind: 'row',
    says: 'the agency keeps its own account',
    why: 'States table: a dissociated agency keeps its account, so its e-mail is still registered and a new invitation is 409.',
    fault: rememberingDissociations(
      answers(['agencias-invite'], (req, res, ctx) => {
        const mail = (req.json() as Json | undefined)?.AdminMail;
        const gone = typeof mail === 'string' && [...dissociated(ctx).keys()].some((k) => k.endsWith(` ${fold(mail)}`));
        if (res.status === 409 && gone) Object.assign(res, empty(202, { location: `/v3/agencias/${enc(String(mail))}` }));
      }),
    ),
    witness: async (w) => {
      await w.call('PATCH', `/v3/agencias/${enc(SUR)}/desasociar`);
      return expectStatus('POST /v3/agencias for SUR (dissociated, account kept) as the other app', await w.invite(SUR, 'other'), 409);
    },
  },
  {
    name: 'desasociar-dissociates-every-app',
    kind: 'neighbours',
    says: 'agency dissociated from the app (204)',
    why: 'The dissociation is from the calling app only; another app associated with the agency keeps it.',
    fault: answers(['agencias-desasociar'], async (req, res, ctx) => {
      if (res.status !== 204) return;
      for (const app of otherApps(ctx, req.app)) await ctx.upstream('PATCH', req.path, { app });
    }),
    witness: async (w) => {
      await w.call('PATCH', `/v3/agencias/${enc(RIO)}/desasociar`);
      return expectStatus('GET RIO as the other app after the primary app dissociated it', await w.get(`/v3/agencias/${enc(RIO)}`, { app: 'other' }), 200);
    },
  },
  {
    name: 'desasociar-refused-403-still-dissociates',
    kind: 'refused-write',
    says: '403 (the app has no permission over the agency)',
    why: 'A dissociation refused with 403 changes nothing: the apps associated with the agency keep it.',
    fault: answers(['agencias-desasociar'], async (req, res, ctx) => {
      if (res.status !== 403) return;
      for (const app of otherApps(ctx, req.app)) await ctx.upstream('PATCH', req.path, { app });
    }),
    witness: async (w) => {
      const refused = await w.call('PATCH', `/v3/agencias/${enc(SUR)}/desasociar`, { app: 'other' });
      if (refused.status !== 403) return saw('PATCH SUR/desasociar as the other app', refused.status, '403');
      return expectStatus('GET SUR as its owner after the refused dissociation', await w.get(`/v3/agencias/${enc(SUR)}`), 200);
    },
  },
  {
    name: 'desasociar-foreign-agency-404',
    kind: 'row',
    says: '403 (the app has no permission over the agency)',
    why: 'desasociar row: an agency the app has no permission over is answered 403; 404 is not a code of the row.',
    fault: answers(['agencias-desasociar'], (_req, res) => {
      if (res.status === 403) Object.assign(res, empty(404));
    }),
    witness: async (w) => expectStatus(`PATCH ${MOTORES}/desasociar as primary`, await w.call('PATCH', `/v3/agencias/${enc(MOTORES)}/desasociar`), 403),
  },
  {
    name: 'desasociar-answers-200-with-a-body',
    kind: 'row',
    says: '| PATCH | /v3/agencias/{adminMail}/desasociar | path adminMail (required, email, max 50); no body | 204, no body |',
    why: 'desasociar row: success is 204 with no body.',
    fault: answers(['agencias-desasociar'], (req, res) => {
      if (res.status === 204) Object.assign(res, jsonAnswer(200, { AdminMail: req.param('adminMail'), Asociada: false }));
    }),
    witness: async (w) => {
      const a = await w.call('PATCH', `/v3/agencias/${enc(SUR)}/desasociar`);
      return a.status === 204 && a.body === '' ? undefined : saw('PATCH SUR/desasociar', `${a.status} ${a.body.slice(0, 40)}`, '204, no body');
    },
  },
  {
    name: 'desasociar-403-without-problem-body',
    kind: 'link-problem-media',
    says: 'The 403 body is a problem body (application/problem+json); its fields: not shown.',
    why: 'Errors: every 403 carries a problem body as application/problem+json.',
    fault: answers(['agencias-desasociar'], (_req, res) => {
      if (res.status === 403) Object.assign(res, empty(403));
    }),
    witness: async (w) => {
      const a = await w.call('PATCH', `/v3/agencias/${enc(MOTORES)}/desasociar`);
      const type = (a.headers['content-type'] ?? '').split(';')[0];
      return a.status === 403 && type === 'application/problem+json' && isObject(a.json())
        ? undefined
        : saw(`PATCH ${MOTORES}/desasociar as primary`, `${a.status} ${type ?? ''}`, '403 with a problem body');
    },
  },
];
