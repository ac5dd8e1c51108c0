import { randomUUID } from 'node:crypto';
import { createPrng } from '../../../generators/prng.ts';
import type { Fault } from '../../mutants/fault.ts';
import { spacious } from './json-rewrite.ts';
import { forwardRewritten, sleep, type Variation } from './variation.ts';

// Webhook deliveries: when they arrive within the profile's deadline, in which order, with which headers,
// retried after a failure, ahead of the answer to the request that triggered them, how their JSON is written.

const OK = (status: number | undefined): boolean => status !== undefined && status >= 200 && status < 300;

/** The answers of the requests that trigger a delivery: resendwebhook, and every simulation hook. */
const triggers: Fault['response'] = async (req) => {
  if (req.endpoint === 'consultas-resend' || req.endpoint === undefined) await sleep(400);
};

export const DELIVERIES: Variation[] = [
  {
    name: 'deliveries-late',
    kind: 'deliveries',
    allows: 'Events: "Delivery payloads …, headers, signing and retry behavior: not shown" (the profile\'s webhooks.deliveryDeadlineMs bounds the wait)',
    targets: ['reference'],
    fault: {
      async delivery(d, ctx) {
        await sleep(Math.floor(ctx.profile.webhooks.deliveryDeadlineMs * 0.7));
        await ctx.forward(d);
      },
    },
  },
  {
    name: 'deliveries-out-of-order',
    kind: 'deliveries',
    allows: 'Events: "Delivery payloads …, headers, signing and retry behavior: not shown" (no order among deliveries is stated)',
    targets: ['reference', 'indep'],
    fault: (() => {
      const prng = createPrng(7);
      return {
        async delivery(d, ctx) {
          await sleep(Math.floor(prng.next() * 1200));
          await ctx.forward(d);
        },
      };
    })(),
  },
  {
    // A registration goes through another queue than inquiries: it arrives late, inquiries at once.
    name: 'registration-delivered-last',
    kind: 'deliveries',
    allows: 'Events: "Agency registration completed | an invited person completes registration" (when it is delivered within the deadline: not shown)',
    targets: ['reference', 'indep'],
    fault: {
      async delivery(d, ctx) {
        if (d.hook.topic === ctx.profile.topics.registration) await sleep(Math.floor(ctx.profile.webhooks.deliveryDeadlineMs * 0.8));
        await ctx.forward(d);
      },
    },
  },
  {
    name: 'delivery-headers-other',
    kind: 'deliveries',
    allows: 'Events: "Delivery payloads …, headers, signing and retry behavior: not shown"',
    targets: ['reference', 'reference-query'],
    fault: {
      async delivery(d, ctx) {
        const kept = Object.fromEntries(Object.entries(d.headers).filter(([k]) => !k.startsWith('x-vmp-') && k !== 'user-agent'));
        const headers = { ...kept, 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Variacion-Hookshot/2.0', 'x-entrega': randomUUID() };
        await ctx.forward(d, { headers });
      },
    },
  },
  {
    name: 'deliveries-retried-after-failure',
    kind: 'deliveries',
    allows: 'Events: "Delivery payloads …, headers, signing and retry behavior: not shown"',
    targets: ['reference'],
    fault: {
      async delivery(d, ctx) {
        for (let attempt = 0; attempt < 3; attempt++) {
          if (OK(await ctx.attempt(d))) return;
          await sleep(300 * (attempt + 1));
        }
      },
    },
  },
  {
    // The event happens when the request is received; the delivery may arrive before the answer does.
    name: 'deliveries-before-the-answer',
    kind: 'deliveries',
    allows: 'Events: "Inquiry webhook | an inquiry is received; it can be sent again on request" (emitted when received, not when answered)',
    targets: ['reference', 'alt'],
    fault: { response: triggers },
  },
  {
    // Only the delivery's text differs from the resend body's: the same JSON, as "the payload that was sent".
    name: 'resend-body-written-otherwise',
    kind: 'deliveries',
    allows: 'resendwebhook: "the body carries the webhook payload that was sent" (the payload, a JSON value; RFC 8259 §2 white space is insignificant)',
    targets: ['reference'],
    fault: { delivery: async (d, ctx) => void (await forwardRewritten(d, ctx, spacious(d.json()))) },
  },
];
