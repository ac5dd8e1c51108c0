import { saw, SUR, TOPIC_INQUIRY } from '../faults-r3/seed-facts.ts';
import type { R4Fault } from './r4.ts';
import { deliveredDuring, resendOnce } from './witness-steps.ts';

// Events: the inquiry webhook for every kind of inquiry the app sees, and the resend that must send again.

export const EVENT_FAULTS: R4Fault[] = [
  {
    name: 'catalog-inquiry-not-notified',
    says: 'an inquiry is received; it can be sent again on request',
    why: 'every inquiry the app sees is notified; the fault drops the webhook of catalog-type inquiries (empty ExternalId)',
    kind: 'deliveries',
    fault: {
      async delivery(d, ctx) {
        if (!d.body.includes('"ExternalId":""')) await ctx.forward(d);
      },
    },
    async witness(w) {
      const n = await deliveredDuring(w, TOPIC_INQUIRY, () => w.inquiry(SUR, { ExternalId: '' }));
      return n > 0 ? undefined : saw('a catalog-type inquiry with the inquiry topic configured', 'no delivery', 'the inquiry webhook');
    },
  },
  {
    name: 'resend-sends-nothing',
    says: "read the inquiries (consultas) that prospective buyers sent to a dealership's publications, and ask for the webhook of one inquiry to be sent again",
    why: 'resend sends the webhook again; the fault answers 202 with the payload but drops the delivery',
    kind: 'deliveries',
    fault: {
      request(req, ctx) {
        if (req.endpoint === 'consultas-resend') ctx.memory.set('resends', Number(ctx.memory.get('resends') ?? 0) + 1);
      },
      async delivery(d, ctx) {
        const pending = Number(ctx.memory.get('resends') ?? 0);
        if (pending > 0) ctx.memory.set('resends', pending - 1);
        else await ctx.forward(d);
      },
    },
    async witness(w) {
      const { receiver, before, answer: a } = await resendOnce(w);
      const n = receiver.received.length - before;
      return a.status === 202 && n === 1 ? undefined : saw('POST resendwebhook', `${a.status}, ${n} deliveries`, '202, one delivery');
    },
  },
];
