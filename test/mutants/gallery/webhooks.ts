import { empty, MutantResponse } from '../exchange.ts';
import type { Delivery, Fault, FaultContext, Hook, Mutant } from '../fault.ts';
import { answers, requests, type Json } from './helpers.ts';

// Endpoints > AppNotificaciones (the configuration lifecycle per topic) and Events (webhook delivery). The
// delivery faults act in the relay (proxy.ts): the reference delivers to it, and the fault passes it on —
// or drops, repeats or alters it.

const isInquiry = (d: Delivery, ctx: FaultContext) => d.hook.topic === ctx.profile.topics.inquiry;
const isRegistration = (d: Delivery, ctx: FaultContext) => d.hook.topic === ctx.profile.topics.registration;

/** Deliveries of the inquiry topic go through `inquiry`; every other delivery is passed on as is. */
const inquiryDeliveries = (inquiry: (d: Delivery, ctx: FaultContext) => Promise<void>): Fault => ({
  delivery: (d, ctx) => (isInquiry(d, ctx) ? inquiry(d, ctx) : ctx.forward(d)),
});

/** How long an inquiry stays unreadable after its webhook went out, in 'inquiry-notified-before-stored'. */
const STORED_AFTER_MS = 2_000;

/** Deliveries through `deliver`, told whether each is the inquiry delivery that follows a resendwebhook request. */
const afterResend = (deliver: (d: Delivery, ctx: FaultContext, resent: boolean) => Promise<void>): Fault => ({
  request(req, ctx) {
    if (req.endpoint === 'consultas-resend') ctx.memory.set('resent', true);
  },
  async delivery(d, ctx) {
    const resent = isInquiry(d, ctx) && ctx.memory.get('resent') === true;
    if (resent) ctx.memory.delete('resent');
    await deliver(d, ctx, resent);
  },
});

/** The payload with its Consulta naming another make (the Consulta sits at /Consulta in this profile). */
function altered(d: Delivery): string {
  const payload = d.json() as Json;
  const auto = ((payload.Consulta ?? {}) as Json).Auto as Json | undefined;
  if (auto) auto.Marca = `${String(auto.Marca)} (altered)`;
  return JSON.stringify(payload);
}

type Role = keyof FaultContext['profile']['topics'];

/**
 * Deliveries of the `from` topic (of the apps `apps` takes) sent to the callback the same app configured last for the
 * `to` topic, where it has one: the event is delivered, to the wrong topic.
 */
const toTopicOf = (from: Role, to: Role, apps: (app: Hook['app']) => boolean = () => true): Fault => ({
  delivery(d, ctx) {
    const moved = d.hook.topic === ctx.profile.topics[from] && apps(d.hook.app);
    const url = moved ? ctx.hooks.findLast((h) => h.app === d.hook.app && h.topic === ctx.profile.topics[to])?.url : undefined;
    return url ? ctx.forward(d, { to: url }) : ctx.forward(d);
  },
});

export const WEBHOOK_MUTANTS: Mutant[] = [
  {
    name: 'webhook-post-without-location',
    statement: 'endpoints/appnotificaciones-post/location',
    breaks: 'appnotificaciones/post-201-location',
    fault: answers(['appnotificaciones-post'], (_req, res) => void delete res.headers.location),
  },
  {
    name: 'put-of-unconfigured-topic-creates-it',
    statement: 'endpoints/appnotificaciones-put/404',
    breaks: 'appnotificaciones/unconfigured-404',
    also: ['appnotificaciones/lifecycle-model'],
    fault: answers(['appnotificaciones-put'], async (req, res, ctx) => {
      if (res.status !== 404) return;
      const created = await ctx.upstream('POST', req.path, { app: req.app ?? 'primary', json: req.json() });
      if (created.status === 201)
        Object.assign(res, { status: 200, headers: { 'content-type': created.headers['content-type'] ?? 'application/json' }, body: created.body });
    }),
  },
  {
    name: 'delete-keeps-configuration',
    statement: 'events/topic-operations',
    breaks: 'appnotificaciones/delete-204',
    also: ['appnotificaciones/lifecycle-model'],
    // 204, but the reference never hears of it.
    fault: requests(['appnotificaciones-delete'], async (req, ctx) => {
      if ((await ctx.upstream('GET', req.path, { app: req.app ?? 'primary' })).status === 200) return empty(204);
    }),
  },
  {
    name: 'unavailable-topic-can-be-configured',
    statement: 'events/available-only',
    breaks: 'appnotificaciones/unavailable-403',
    also: ['status/appnotificaciones-post/403', 'appnotificaciones/lifecycle-model'],
    fault: answers(['appnotificaciones-post'], (req, res) => {
      if (res.status !== 403) return;
      const body = { ...(req.json() as Json), Topic: req.param('topic'), _links: { self: { href: req.path } } };
      Object.assign(res, new MutantResponse(201, { 'content-type': 'application/json', location: req.path }, JSON.stringify(body)));
    }),
  },
  {
    name: 'put-returns-201',
    statement: 'endpoints/appnotificaciones-put/200',
    breaks: 'appnotificaciones/put-200',
    also: ['status/appnotificaciones-put/200', 'appnotificaciones/lifecycle-model'],
    fault: answers(['appnotificaciones-put'], (_req, res) => {
      if (res.status === 200) res.status = 201;
    }),
  },
  {
    name: 'configured-inquiry-topic-reads-404',
    statement: 'endpoints/appnotificaciones-get/200',
    breaks: 'appnotificaciones/lifecycle-model',
    // Only a sequence that configures the inquiry topic and then reads it sees this: more sequences.
    runs: 25,
    fault: requests(['appnotificaciones-get'], (req, ctx) => {
      if (req.app === 'primary' && req.param('topic') === ctx.profile.topics.inquiry) return empty(404);
    }),
  },
  {
    name: 'webhook-delivered-twice',
    statement: 'events/inquiry',
    breaks: 'events/inquiry-webhook-delivered',
    fault: inquiryDeliveries(async (d, ctx) => {
      await ctx.forward(d);
      await ctx.forward(d);
    }),
  },
  {
    name: 'inquiry-webhook-dropped',
    statement: 'events/inquiry',
    breaks: 'events/inquiry-webhook-delivered',
    fault: inquiryDeliveries(async () => undefined),
  },
  {
    name: 'inquiry-webhook-payload-altered',
    statement: 'events/inquiry',
    breaks: 'events/inquiry-webhook-delivered',
    fault: inquiryDeliveries((d, ctx) => ctx.forward(d, { body: altered(d) })),
  },
  {
    name: 'registration-webhook-dropped',
    statement: 'events/registration',
    breaks: 'events/registration-webhook',
    fault: { delivery: (d, ctx) => (isRegistration(d, ctx) ? Promise.resolve() : ctx.forward(d)) },
  },
  {
    name: 'resend-delivers-another-payload',
    statement: 'events/resend',
    breaks: 'events/resend-delivers-payload',
    // The delivery that follows a resendwebhook request carries a changed Consulta.
    fault: afterResend((d, ctx, resent) => ctx.forward(d, resent ? { body: altered(d) } : {})),
  },
  {
    name: 'resend-delivered-twice',
    statement: 'events/resend',
    breaks: 'events/resend-delivers-payload',
    quote: 'it can be sent again on request',
    // The delivery that follows a resendwebhook request goes out twice (a retry that ignores the 2xx).
    fault: afterResend(async (d, ctx, resent) => {
      await ctx.forward(d);
      if (resent) await ctx.forward(d);
    }),
  },
  {
    // Every registration delivered to the app's inquiry topic's callback where it has one: one callback per app.
    name: 'registration-delivered-to-inquiry-topic',
    statement: 'events/registration',
    breaks: 'events/each-event-own-topic',
    fault: toTopicOf('registration', 'inquiry'),
  },
  {
    // The second app's inquiries delivered to its registration topic's callback (the topic looked up for the first app's layout).
    name: 'other-app-inquiry-delivered-to-registration-topic',
    statement: 'events/inquiry',
    breaks: 'events/each-event-own-topic',
    fault: toTopicOf('inquiry', 'registration', (app) => app === 'other'),
  },
  {
    name: 'registration-notified-at-invitation',
    statement: 'events/registration',
    breaks: 'events/registration-webhook',
    quote: 'an invited person completes registration',
    // The registration topic hears of an invitation when it is made, and nothing when it is completed.
    fault: {
      async response(req, res, ctx) {
        if (req.endpoint !== 'agencias-invite' || res.status !== 202) return;
        const hook = ctx.hooks.findLast((h) => h.app === req.app && h.topic === ctx.profile.topics.registration);
        const body = JSON.stringify({ Topic: hook?.topic, AdminMail: (req.json() as Json | undefined)?.AdminMail, Estado: 'pendiente' });
        if (hook) await ctx.forward({ hook, headers: { 'content-type': 'application/json' }, body, json: () => JSON.parse(body) as unknown });
      },
      delivery: (d, ctx) => (isRegistration(d, ctx) ? Promise.resolve() : ctx.forward(d)),
    },
  },
  {
    name: 'inquiry-notified-before-stored',
    statement: 'events/inquiry',
    breaks: 'events/inquiry-webhook-delivered',
    quote: 'an inquiry is received',
    // The webhook goes out when the inquiry is queued, before it is stored: for a while GET by sid does not find it.
    fault: {
      response(req, res, ctx) {
        const hooked = req.endpoint === undefined && req.method === 'POST' && req.path.endsWith('/consultas') && res.status === 201;
        const sid = hooked ? (res.json() as Json | undefined)?.sid : undefined;
        if (typeof sid === 'string') ctx.memory.set(`stored:${sid}`, Date.now() + STORED_AFTER_MS);
        if (req.endpoint !== 'consultas-get') return;
        const storedAt = ctx.memory.get(`stored:${req.param('sid')}`) as number | undefined;
        if (storedAt !== undefined && Date.now() < storedAt) Object.assign(res, empty(404));
      },
    },
  },
];
