import { problem } from '../exchange.ts';
import type { Delivery, Fault, FaultContext, Mutant } from '../fault.ts';
import { answers, requests } from './helpers.ts';

// Endpoints > Consultas, resendwebhook: "202 with header Location (URI of the webhook callback); the body
// carries the webhook payload that was sent" (issue 12 §3). The suites configure the app's inquiry topic
// before a resend; these are the faults an outsider makes once a callback is configured: a Location that is
// not that callback, a body that is not what was sent, a delivery that goes nowhere or to another app.

const RESEND = 'consultas-resend';
const RESENT = 'resent';
const isInquiry = (d: Delivery, ctx: FaultContext) => d.hook.topic === ctx.profile.topics.inquiry;

/** The inquiry delivery that follows a resend by app primary goes through `resent`; every other passes as is. */
const afterResend = (resent: (d: Delivery, ctx: FaultContext) => Promise<void>): Fault => ({
  request(req, ctx) {
    if (req.endpoint === RESEND && req.app === 'primary') ctx.memory.set(RESENT, true);
  },
  async delivery(d, ctx) {
    if (!isInquiry(d, ctx) || d.hook.app !== 'primary' || ctx.memory.get(RESENT) !== true) return ctx.forward(d);
    ctx.memory.delete(RESENT);
    await resent(d, ctx);
  },
});

export const PRECONDITION_MUTANTS: Mutant[] = [
  {
    name: 'resend-location-is-the-configuration',
    statement: 'endpoints/consultas-resend/202',
    breaks: 'events/resend-location-is-callback',
    quote: '202 with header Location (URI of the webhook callback)',
    // "URI of the webhook" read as the configuration's URI, not the callback the app configured.
    fault: answers([RESEND], (_req, res, ctx) => {
      if (res.status === 202) res.headers.location = `/v3/appnotificaciones/${encodeURIComponent(ctx.profile.topics.inquiry)}`;
    }),
  },
  {
    name: 'resend-202-without-body',
    statement: 'endpoints/consultas-resend/payload',
    breaks: 'events/resend-returns-payload',
    quote: 'the body carries the webhook payload that was sent',
    // "Accepted": the resend is queued and the answer carries nothing.
    fault: answers([RESEND], (_req, res) => {
      if (res.status !== 202) return;
      res.body = '';
      delete res.headers['content-type'];
    }),
  },
  {
    name: 'resend-body-is-not-the-sent-payload',
    statement: 'endpoints/consultas-resend/payload',
    breaks: 'events/resend-delivers-payload',
    quote: 'the body carries the webhook payload that was sent',
    // The answer adds a member of its own to the payload; the delivery is the payload alone.
    fault: answers([RESEND], (_req, res) => {
      if (res.status === 202) res.editJson((payload) => void (payload.Reenviado = true));
    }),
  },
  {
    name: 'resend-delivers-nothing',
    statement: 'events/resend',
    breaks: 'events/resend-delivers-payload',
    quote: 'it can be sent again on request',
    // 202 and the payload, but nothing goes out.
    fault: afterResend(async () => undefined),
  },
  {
    name: 'resend-delivers-to-the-other-app',
    statement: 'auth/scoped-to-app',
    breaks: 'events/resend-delivers-payload',
    quote: 'the agencies, inquiries and webhook configuration that are visible or changeable are those of the calling app',
    // The callback is looked up by topic alone, and the latest configuration of that topic wins: app other's.
    fault: afterResend(async (d, ctx) => {
      const other = ctx.hooks.findLast((h) => h.app === 'other' && h.topic === ctx.profile.topics.inquiry);
      if (other) await ctx.forward(d, { to: other.url });
    }),
  },
  {
    name: 'resend-looks-for-the-registration-callback',
    statement: 'endpoints/consultas-resend/202',
    breaks: 'status/consultas-resend/202',
    also: ['events/resend-returns-payload', 'events/resend-location-is-callback', 'events/resend-delivers-payload', 'limits/resend-recent-only'],
    quote: '202 with header Location (URI of the webhook callback)',
    // The callback is required, but looked for on the registration topic: refused although the inquiry topic is set.
    fault: requests([RESEND], async (req, ctx) => {
      const topic = encodeURIComponent(ctx.profile.topics.registration);
      const configured = await ctx.upstream('GET', `/v3/appnotificaciones/${topic}`, { app: req.app ?? 'primary' });
      if (configured.status !== 200) return problem(req, 400, { _: ['no callback is configured'] });
    }),
  },
];
