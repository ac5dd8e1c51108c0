import { signStandardWebhooks } from '../../../webhooks/signature.ts';
import type { Profile } from '../../../sut/profile.ts';
import { empty, MutantResponse } from '../exchange.ts';
import type { Fault, FaultContext, Mutant } from '../fault.ts';
import { answers, requests, type Json } from './helpers.ts';

// Issue 12 §2, webhooks: faults that accept a configuration request and leave out its effect (a Location that
// points elsewhere, a PUT not stored, a list that does not follow DELETE, a DELETE the delivery worker never
// hears of), a hooks Location naming another inquiry, and deliveries unsigned or signed with another key
// although the profile declares a scheme (the mutant's own profile: profiles/reference.json signs nothing).

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

const signedWith =
  (signature: NonNullable<Profile['webhooks']['signature']>) =>
  (base: Profile): Profile => ({
    ...base,
    webhooks: { ...base.webhooks, signature },
  });

const HMAC = { scheme: 'hmac-sha256', header: 'X-Vmp-Signature', secret: 'vmp-gallery-hmac-key' } as const;
const STANDARD = { scheme: 'standard-webhooks', secret: 'whsec_dm1wLWdhbGxlcnktc3RhbmRhcmQta2V5' } as const;
const SIGNING = 'signing and retry behavior: not shown';

export const EFFECT_WEBHOOK_MUTANTS: Mutant[] = [
  {
    name: 'webhook-location-names-other-topic',
    statement: 'endpoints/appnotificaciones-post/location',
    breaks: 'appnotificaciones/post-location-resolves',
    quote: 'header Location (URI of the webhook)',
    fault: answers(['appnotificaciones-post'], (req, res, ctx) => {
      if (res.status === 201) res.headers.location = `/v3/appnotificaciones/${encodeURIComponent(otherTopic(ctx, req.param('topic')))}`;
    }),
  },
  {
    name: 'webhook-location-points-nowhere',
    statement: 'endpoints/appnotificaciones-post/location',
    breaks: 'appnotificaciones/post-location-resolves',
    quote: 'header Location (URI of the webhook)',
    fault: answers(['appnotificaciones-post'], (req, res) => {
      if (res.status === 201) res.headers.location = `${req.path}/webhook`;
    }),
  },
  {
    name: 'webhook-put-accepted-and-ignored',
    statement: 'events/topic-operations',
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
    statement: 'endpoints/appnotificaciones-list/topics',
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
    name: 'webhook-list-only-configured',
    statement: 'endpoints/appnotificaciones-list/topics',
    breaks: 'appnotificaciones/list-names-available',
    quote: 'topics available and configured for the app',
    // The list holds the configured topics only: an available topic nobody configured is missing from it.
    fault: answers(['appnotificaciones-list'], (_req, res) =>
      res.editJson((l) => void (l.Topicos = ((l.Topicos as Json[] | undefined) ?? []).filter((t) => t.Configurado === true))),
    ),
  },
  {
    name: 'webhook-list-never-shows-configuration',
    statement: 'resources/app-webhooks',
    breaks: 'appnotificaciones/list-shows-configured',
    quote: 'topics available and configured for the app',
    // Only the topics available: the list says nothing of what is configured.
    fault: answers(['appnotificaciones-list'], (_req, res) =>
      res.editJson((l) => (l.Topicos as Json[] | undefined)?.forEach((t) => void (t.Configurado = false))),
    ),
  },
  {
    name: 'hook-inquiry-location-names-another-agency',
    statement: 'events/inquiry',
    breaks: 'events/hook-inquiry-location-resolves',
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
    statement: 'events/per-topic',
    breaks: 'events/deleted-topic-not-delivered',
    quote: 'The service sends webhooks to the app, configured per topic through the /v3/appnotificaciones endpoints.',
    // DELETE hides the configuration from the API; the delivery worker still reads it.
    fault: softDelete,
  },
  {
    name: 'deliveries-unsigned',
    statement: 'events/delivery-not-shown',
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
    statement: 'events/delivery-not-shown',
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
