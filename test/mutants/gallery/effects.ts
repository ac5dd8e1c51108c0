import { MEDIA_TYPES } from '../../../models/index.ts';
import { signStandardWebhooks } from '../../../simulator/signature.ts';
import type { Profile } from '../../../target/profile.ts';
import { empty, MutantResponse, problem, type MutantRequest } from '../exchange.ts';
import type { Fault, FaultContext, Mutant } from '../fault.ts';
import { answers, formAsked, requests, type Json } from './helpers.ts';

// Issue 12 §2: faults that accept a request and leave out its effect, each built from the spec's words as an
// outsider could get them wrong: a transition answered and not carried out, or carried too far; a Location
// that points elsewhere; a validator never compared; a modifying row matching adminMail byte for byte; a form
// the row does not list served under its name; deliveries unsigned although the profile declares a scheme.

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

/** The other available topic of the profile. */
const otherTopic = (ctx: FaultContext, topic: string | undefined): string =>
  topic === ctx.profile.topics.inquiry ? ctx.profile.topics.registration : ctx.profile.topics.inquiry;

/** The topics POST ever configured for primary: a list that reads them shows a deleted topic as configured. */
const EVER = 'ever-configured';

/** Topics whose DELETE only hid the configuration from reads (the reference keeps it, and delivers to it). */
const HIDDEN = 'hidden-topics';

/** DELETE of a topic hides it from GET, PUT and POST, while the configuration behind stays and is delivered to. */
const softDelete: Fault = {
  async request(req, ctx) {
    const hidden = (ctx.memory.get(HIDDEN) as Set<string> | undefined) ?? new Set<string>();
    ctx.memory.set(HIDDEN, hidden);
    const topic = req.param('topic') ?? '';
    const app = req.app ?? 'primary';
    if (req.endpoint === 'appnotificaciones-delete' && !hidden.has(topic) && (await ctx.upstream('GET', req.path, { app })).status === 200) {
      hidden.add(topic);
      return empty(204);
    }
    if (!hidden.has(topic)) return;
    if (req.endpoint === 'appnotificaciones-get' || req.endpoint === 'appnotificaciones-put' || req.endpoint === 'appnotificaciones-delete') return empty(404);
    if (req.endpoint === 'appnotificaciones-post') {
      const replaced = await ctx.upstream('PUT', req.path, { app, json: req.json() });
      if (replaced.status !== 200) return replaced;
      hidden.delete(topic);
      return new MutantResponse(201, { ...replaced.headers, location: req.path }, replaced.body);
    }
  },
};

const signedWith = (signature: NonNullable<Profile['webhooks']['signature']>) => (base: Profile): Profile => ({
  ...base,
  webhooks: { ...base.webhooks, signature },
});

const HMAC = { scheme: 'hmac-sha256', header: 'X-Vmp-Signature', secret: 'vmp-gallery-hmac-key' } as const;
const STANDARD = { scheme: 'standard-webhooks', secret: 'whsec_dm1wLWdhbGxlcnktc3RhbmRhcmQta2V5' } as const;
const SIGNING = 'signing and retry behavior: not shown';

export const EFFECT_MUTANTS: Mutant[] = [
  {
    name: 'registration-leaves-invitation-pending',
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
    breaks: 'lifecycle/registered-invitation-409',
    quote: 'the e-mail in AdminMail is not already registered',
    // The conflict is looked up among pending invitations only, not among the accounts they became.
    fault: reinvitable(async (req, ctx, mail) => (await agencyOf(req, ctx, mail))?.Estado === 'registrada'),
  },
  {
    name: 'desasociar-deletes-account',
    breaks: 'lifecycle/desasociar-keeps-account',
    quote: 'the agency keeps its own account',
    // Dissociation drops the account with the association, so its e-mail can be invited afresh.
    fault: reinvitable(async (req, ctx, mail) => (await agencyOf(req, ctx, mail)) === undefined),
  },
  {
    name: 'inquiry-readable-after-desasociar',
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
    breaks: 'lifecycle/desasociar-modifications-403',
    quote: 'on modifying operations that name the agency, as forbidden (403)',
    // PUT checks that the account exists, not that it is still the app's.
    fault: stillActsOnDissociated('agencias-put', (req) => json(200, { AdminMail: req.param('adminMail'), ...(req.json() as Json) })),
  },
  {
    name: 'desasociar-idempotent',
    breaks: 'lifecycle/desasociar-modifications-403',
    quote: 'on modifying operations that name the agency, as forbidden (403)',
    fault: stillActsOnDissociated('agencias-desasociar', () => empty(204)),
  },
  {
    name: 'resend-after-desasociar-still-accepted',
    breaks: 'lifecycle/desasociar-modifications-403',
    quote: 'on modifying operations that name the agency, as forbidden (403)',
    fault: stillActsOnDissociated('consultas-resend', () => json(202, {}, { location: 'http://127.0.0.1:9/stale-callback' })),
  },
  {
    name: 'agency-put-accepted-and-ignored',
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
    breaks: 'agencias/admin-mail-case-insensitive-modify',
    quote: 'the path segment is matched case-insensitively with the name shown',
    fault: caseSensitive('agencias-put'),
  },
  {
    name: 'desasociar-case-sensitive',
    breaks: 'agencias/admin-mail-case-insensitive-modify',
    quote: 'the path segment is matched case-insensitively with the name shown',
    fault: caseSensitive('agencias-desasociar'),
  },
  {
    name: 'resend-case-sensitive',
    breaks: 'agencias/admin-mail-case-insensitive-modify',
    quote: 'the path segment is matched case-insensitively with the name shown',
    fault: caseSensitive('consultas-resend'),
  },
  {
    name: 'webhook-location-names-other-topic',
    breaks: 'appnotificaciones/post-location-resolves',
    quote: 'header Location (URI of the webhook)',
    fault: answers(['appnotificaciones-post'], (req, res, ctx) => {
      if (res.status === 201) res.headers.location = `/v3/appnotificaciones/${encodeURIComponent(otherTopic(ctx, req.param('topic')))}`;
    }),
  },
  {
    name: 'webhook-location-points-nowhere',
    breaks: 'appnotificaciones/post-location-resolves',
    quote: 'header Location (URI of the webhook)',
    fault: answers(['appnotificaciones-post'], (req, res) => {
      if (res.status === 201) res.headers.location = `${req.path}/webhook`;
    }),
  },
  {
    name: 'webhook-put-accepted-and-ignored',
    breaks: 'appnotificaciones/reads-show-callback',
    quote: 'A topic can be created (POST), replaced (PUT), read (GET) and removed (DELETE)',
    // 200 with the configuration as it was.
    fault: requests(['appnotificaciones-put'], async (req, ctx) => {
      const current = await ctx.upstream('GET', req.path, { app: req.app ?? 'primary' });
      if (current.status === 200) return current;
    }),
  },
  {
    name: 'webhook-list-keeps-deleted-topic',
    breaks: 'appnotificaciones/list-shows-configured',
    quote: 'topics available and configured for the app',
    // The list reads every topic ever configured, which DELETE does not touch.
    fault: answers(['appnotificaciones-post', 'appnotificaciones-list'], (req, res, ctx) => {
      const ever = (ctx.memory.get(EVER) as Set<string> | undefined) ?? new Set<string>();
      ctx.memory.set(EVER, ever);
      if (req.endpoint === 'appnotificaciones-post' && res.status === 201) ever.add(req.param('topic') ?? '');
      if (req.endpoint === 'appnotificaciones-list') {
        res.editJson((l) => (l.Topicos as Json[] | undefined)?.forEach((t) => void (ever.has(t.Topic as string) && (t.Configurado = true))));
      }
    }),
  },
  {
    name: 'webhook-list-never-shows-configuration',
    breaks: 'appnotificaciones/list-shows-configured',
    quote: 'topics available and configured for the app',
    // Only the topics available: the list says nothing of what is configured.
    fault: answers(['appnotificaciones-list'], (_req, res) =>
      res.editJson((l) => (l.Topicos as Json[] | undefined)?.forEach((t) => void (t.Configurado = false))),
    ),
  },
  {
    name: 'any-if-none-match-answers-304',
    breaks: 'home/etag-mismatch-not-304',
    quote: 'home document not modified',
    // The validator's presence is taken for a match.
    fault: requests(['home'], (req) => {
      if (req.headers['if-none-match'] !== undefined) return empty(304);
    }),
  },
  {
    name: 'productos-served-as-ref',
    breaks: 'conventions/unlisted-media-form-never-served',
    quote: 'not every endpoint offers every one; see Endpoints',
    fault: servedAsRef('agencias-productos'),
  },
  {
    name: 'carrocerias-served-as-ref',
    breaks: 'conventions/unlisted-media-form-never-served',
    quote: 'not every endpoint offers every one; see Endpoints',
    fault: servedAsRef('carrocerias-list'),
  },
  {
    name: 'hook-inquiry-location-names-another-agency',
    breaks: 'events/hook-inquiry-location-resolves',
    quote: '/v3/consultas/{adminMail}/{sid}',
    // The inquiry URI is built with the app's first agency instead of the one that received the inquiry.
    fault: {
      response(req, res) {
        if (req.endpoint === undefined && req.path.endsWith('/consultas') && res.status === 201 && res.headers.location) {
          res.headers.location = res.headers.location.replace(/\/v3\/consultas\/[^/]+\//, '/v3/consultas/admin%40autosdelsur.example/');
        }
      },
    },
  },
  {
    name: 'deleted-topic-still-delivered',
    breaks: 'events/deleted-topic-not-delivered',
    quote: 'The service sends webhooks to the app, configured per topic through the /v3/appnotificaciones endpoints.',
    // DELETE hides the configuration from the API; the delivery worker still reads it.
    fault: softDelete,
  },
  {
    name: 'deliveries-unsigned',
    breaks: 'events/webhook-signature-valid',
    quote: SIGNING,
    profile: signedWith(HMAC),
    fault: {
      delivery(d, ctx) {
        delete d.headers[HMAC.header.toLowerCase()];
        return ctx.forward(d);
      },
    },
  },
  {
    name: 'deliveries-signed-with-another-key',
    breaks: 'events/webhook-signature-valid',
    quote: SIGNING,
    profile: signedWith(STANDARD),
    fault: {
      delivery(d, ctx) {
        const [id, timestamp] = [d.headers['webhook-id'] ?? '', Number(d.headers['webhook-timestamp'])];
        d.headers['webhook-signature'] = signStandardWebhooks('whsec_b3RoZXIta2V5LW5vdC10aGUtcHJvZmlsZXM=', id, timestamp, d.body);
        return ctx.forward(d);
      },
    },
  },
];
