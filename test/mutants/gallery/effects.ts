import { MEDIA_TYPES } from '../../../models/index.ts';
import { empty, MutantResponse, problem, type MutantRequest } from '../exchange.ts';
import type { Fault, FaultContext, Mutant } from '../fault.ts';
import { answers, formAsked, requests, type Json } from './helpers.ts';

// Issue 12 §2: faults that accept a request and leave out its effect, each built from the spec's words as an
// outsider could get them wrong: a transition answered and not carried out, or carried too far; a validator
// never compared; a modifying row matching adminMail byte for byte; a form the row does not list served under
// its name. The webhook faults are in effects-webhooks.ts.

const fold = (s: string | undefined): string => (s ?? '').toLowerCase();

/** An AdminMail this run invented (the gallery's profile invites under its invitationDomain). */
const invented = (ctx: FaultContext, mail: string | undefined): boolean => fold(mail).endsWith(`@${fold(ctx.profile.invitationDomain)}`);

/** The agency as the calling app reads it now, or undefined when it cannot. */
async function agencyOf(req: MutantRequest, ctx: FaultContext, mail: string): Promise<Json | undefined> {
  const res = await ctx.upstream('GET', `/v3/agencias/${encodeURIComponent(mail)}`, { app: req.app ?? 'primary' });
  return res.status === 200 ? (res.json() as Json) : undefined;
}

/** The 409 of an invitation turned into an acceptance when `free` says the e-mail may be invited again. */
const reinvitable = (free: (req: MutantRequest, ctx: FaultContext, mail: string) => Promise<boolean>): Fault =>
  answers(['agencias-invite'], async (req, res, ctx) => {
    const mail = (req.json() as Json | undefined)?.AdminMail;
    if (res.status !== 409 || typeof mail !== 'string' || !invented(ctx, mail) || !(await free(req, ctx, mail))) return;
    Object.assign(res, empty(202, { location: `/v3/agencias/${encodeURIComponent(mail)}` }));
  });

/** Agencies the primary app dissociated (desasociar answered 204), by folded AdminMail. */
const DISSOCIATED = 'dissociated';
const dissociated = (ctx: FaultContext): Set<string> => {
  if (!ctx.memory.has(DISSOCIATED)) ctx.memory.set(DISSOCIATED, new Set<string>());
  return ctx.memory.get(DISSOCIATED) as Set<string>;
};

/** A modifying row that, for an agency the app dissociated, still answers as if it were the app's. */
function stillActsOnDissociated(endpointId: string, answer: (req: MutantRequest) => MutantResponse): Fault {
  return {
    response(req, res, ctx) {
      const mail = fold(req.param('adminMail'));
      if (req.endpoint === 'agencias-desasociar' && res.status === 204) dissociated(ctx).add(mail);
      else if (req.endpoint === endpointId && res.status === 403 && dissociated(ctx).has(mail)) Object.assign(res, answer(req));
    },
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): MutantResponse =>
  new MutantResponse(status, { 'content-type': MEDIA_TYPES.json, ...headers }, JSON.stringify(body));

/** A modifying row that compares the adminMail segment byte for byte with the stored (lower-case) e-mail. */
const caseSensitive = (endpointId: string): Fault =>
  requests([endpointId], (req) => {
    const mail = req.param('adminMail');
    if (mail !== undefined && mail !== mail.toLowerCase()) return problem(req, 403, {});
  });

/** Asked for the reference form, the row's full representation comes back labelled as the reference form. */
const servedAsRef = (endpointId: string): Fault => ({
  request(req) {
    if (req.endpoint === endpointId && formAsked(req) === 'ref') {
      req.headers.accept = MEDIA_TYPES.json;
      req.headers['x-mutant-asked-ref'] = '1';
    }
  },
  response(req, res) {
    if (req.headers['x-mutant-asked-ref'] && res.status < 300) res.headers['content-type'] = MEDIA_TYPES.ref;
  },
});

export const EFFECT_MUTANTS: Mutant[] = [
  {
    name: 'registration-leaves-invitation-pending',
    statement: 'states/invitation-state',
    breaks: 'lifecycle/invitation-state-after-registration',
    quote: 'on which GET or OPTIONS returns the state of the invitation',
    // The agency URI reads the invitation record, which completing the registration never updates.
    fault: answers(['agencias-get', 'agencias-options'], (_req, res, ctx) =>
      res.editJson((a) => {
        if (a.Estado === 'registrada' && invented(ctx, a.AdminMail as string)) a.Estado = 'pendiente';
      }),
    ),
  },
  {
    name: 'registered-agency-invited-again',
    statement: 'endpoints/agencias-invite/409',
    breaks: 'lifecycle/registered-invitation-409',
    // The conflict is looked up among pending invitations only, not among the accounts they became.
    fault: reinvitable(async (req, ctx, mail) => (await agencyOf(req, ctx, mail))?.Estado === 'registrada'),
  },
  {
    name: 'desasociar-deletes-account',
    statement: 'states/desasociar-keeps-account',
    breaks: 'lifecycle/desasociar-keeps-account',
    quote: 'the agency keeps its own account',
    // Dissociation drops the account with the association, so its e-mail can be invited afresh.
    fault: reinvitable(async (req, ctx, mail) => (await agencyOf(req, ctx, mail)) === undefined),
  },
  {
    name: 'inquiry-readable-after-desasociar',
    statement: 'auth/absent-agency',
    breaks: 'lifecycle/desasociar-inquiry-404',
    quote: 'An agency that does not exist for the app is answered as not found (404)',
    // The inquiry lookup is served from a cache that desasociar does not clear.
    fault: answers(['consultas-get'], (req, res, ctx) => {
      const key = `inquiry ${fold(req.path)} ${req.headers.accept ?? ''}`;
      if (res.status === 200) ctx.memory.set(key, { headers: res.headers, body: res.body });
      const cached = ctx.memory.get(key) as { headers: Record<string, string>; body: string } | undefined;
      if (res.status === 404 && cached) Object.assign(res, { status: 200, ...cached });
    }),
  },
  {
    name: 'put-after-desasociar-still-works',
    statement: 'auth/absent-agency',
    breaks: 'lifecycle/desasociar-modifications-403',
    quote: 'on modifying operations that name the agency, as forbidden (403)',
    // PUT checks that the account exists, not that it is still the app's.
    fault: stillActsOnDissociated('agencias-put', (req) => json(200, { AdminMail: req.param('adminMail'), ...(req.json() as Json) })),
  },
  {
    name: 'desasociar-idempotent',
    statement: 'auth/no-permission-403',
    breaks: 'lifecycle/desasociar-modifications-403',
    fault: stillActsOnDissociated('agencias-desasociar', () => empty(204)),
  },
  {
    name: 'resend-after-desasociar-still-accepted',
    statement: 'auth/absent-agency',
    breaks: 'lifecycle/desasociar-modifications-403',
    quote: 'on modifying operations that name the agency, as forbidden (403)',
    fault: stillActsOnDissociated('consultas-resend', () => json(202, {}, { location: 'http://127.0.0.1:9/stale-callback' })),
  },
  {
    name: 'agency-put-accepted-and-ignored',
    statement: 'service/read-modify',
    breaks: 'agencias/put-sets-fields',
    quote: 'read and modify its data',
    // 200 with the agency as it was: the body is validated, never stored.
    fault: requests(['agencias-put'], async (req, ctx) => {
      const mail = req.param('adminMail');
      const current = mail === undefined ? undefined : await agencyOf(req, ctx, mail);
      if (current) return json(200, current);
    }),
  },
  {
    name: 'agency-put-case-sensitive',
    statement: 'endpoints/admin-mail-case-insensitive',
    breaks: 'agencias/admin-mail-case-insensitive-modify',
    quote: 'the path segment is matched case-insensitively with the name shown',
    fault: caseSensitive('agencias-put'),
  },
  {
    name: 'desasociar-case-sensitive',
    statement: 'endpoints/admin-mail-case-insensitive',
    breaks: 'agencias/admin-mail-case-insensitive-modify',
    quote: 'the path segment is matched case-insensitively with the name shown',
    fault: caseSensitive('agencias-desasociar'),
  },
  {
    name: 'resend-case-sensitive',
    statement: 'endpoints/admin-mail-case-insensitive',
    breaks: 'agencias/admin-mail-case-insensitive-modify',
    quote: 'the path segment is matched case-insensitively with the name shown',
    fault: caseSensitive('consultas-resend'),
  },
  {
    name: 'any-if-none-match-answers-304',
    statement: 'errors/304',
    breaks: 'home/etag-mismatch-not-304',
    quote: 'home document not modified',
    // The validator's presence is taken for a match.
    fault: requests(['home'], (req) => {
      if (req.headers['if-none-match'] !== undefined) return empty(304);
    }),
  },
  {
    name: 'productos-served-as-ref',
    statement: 'resources/productos-full-only',
    breaks: 'conventions/unlisted-media-form-never-served',
    fault: servedAsRef('agencias-productos'),
  },
  {
    name: 'carrocerias-served-as-ref',
    statement: 'resources/reference-forms',
    breaks: 'conventions/unlisted-media-form-never-served',
    fault: servedAsRef('carrocerias-list'),
  },
];
