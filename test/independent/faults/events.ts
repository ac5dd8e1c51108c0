import { empty } from '../../mutants/exchange.ts';
import { answers, recode } from '../../support/fault-shapes.ts';
import type { Fault } from '../../mutants/fault.ts';
import type { OutsiderFault } from './outsider.ts';

// Events and POST /v3/consultas/{adminMail}/{sid}/resendwebhook: what is delivered, when, and what the resend
// answers.

const RESEND = ['consultas-resend'];

/** A fault on the webhook deliveries of the independent server (through the proxy's relay). */
const deliveries = (delivery: NonNullable<Fault['delivery']>): Fault => ({ delivery });

/** Resend's row (status, Location, body) and the Events table (what is delivered, where, signed). */
export const EVENT_FAULTS = {
  resend: [
    {
      name: 'resend-answers-200',
      says: '202 with header Location (URI of the webhook callback)',
      fault: recode('consultas-resend', 202, 200),
    },
    {
      name: 'resend-without-location',
      says: '202 with header Location (URI of the webhook callback)',
      fault: answers(RESEND, (_req, res) => void delete res.headers.location),
    },
    {
      name: 'resend-location-is-the-topic',
      says: 'header Location (URI of the webhook callback)',
      fault: answers(RESEND, (_req, res) => {
        if (res.status === 202) res.headers.location = '/v3/appnotificaciones/lead-recibido';
      }),
    },
    {
      name: 'resend-without-payload',
      says: 'the body carries the webhook payload that was sent',
      fault: answers(RESEND, (_req, res) => {
        if (res.status === 202) res.body = '';
      }),
    },
    {
      name: 'resend-returns-the-bare-consulta',
      says: 'the body carries the webhook payload that was sent',
      fault: answers(RESEND, (_req, res) => {
        if (res.status === 202) res.editJson((j) => ((j.Datos as Record<string, unknown> | undefined)?.Consulta as Record<string, unknown>) ?? j);
      }),
    },
    {
      name: 'resend-of-foreign-agency-404',
      says: '403 (agency does not exist for the app)',
      fault: answers(RESEND, (_req, res) => {
        if (res.status === 403) Object.assign(res, empty(404));
      }),
    },
  ],
  webhooks: [
    {
      name: 'webhooks-never-delivered',
      says: 'Inquiry webhook | an inquiry is received; it can be sent again on request',
      fault: deliveries(async () => undefined),
    },
    {
      name: 'resend-not-delivered',
      says: 'POST /v3/consultas/{adminMail}/{sid}/resendwebhook returns the payload that was sent',
      fault: {
        request: (req, ctx) => void (req.endpoint === 'consultas-resend' && ctx.memory.set('resending', Date.now())),
        delivery: async (d, ctx) => {
          if (Date.now() - Number(ctx.memory.get('resending') ?? 0) > 2_000) await ctx.forward(d);
        },
      },
    },
    {
      name: 'delivered-payload-altered',
      says: 'being the inquiry webhook payload on resend',
      fault: deliveries((d, ctx) => ctx.forward(d, { body: d.body.replace(/"Comentario":"[^"]*"/, '"Comentario":"(alterado)"') })),
    },
    {
      name: 'delivery-signature-wrong',
      says: 'Delivery payloads …, headers, signing and retry behavior: not shown (the profile declares HMAC signing)',
      fault: deliveries((d, ctx) => ctx.forward({ ...d, headers: { ...d.headers, 'x-firma': `sha256=${'0'.repeat(64)}` } })),
    },
    {
      name: 'delivered-to-the-first-callback',
      says: 'configured per topic through the /v3/appnotificaciones endpoints',
      fault: deliveries((d, ctx) => ctx.forward(d, { to: ctx.hooks[0]?.url ?? d.hook.url })),
    },
    {
      name: 'delivered-after-the-topic-is-deleted',
      says: 'A topic can be … removed (DELETE)',
      fault: {
        request: async (req, ctx) => {
          if (req.endpoint !== 'appnotificaciones-delete') return;
          // The outsider forgets to stop: the last callback keeps receiving a copy of each later delivery.
          const hook = ctx.hooks.filter((h) => h.topic === req.param('topic')).at(-1);
          if (hook) ctx.memory.set('zombie', hook.url);
        },
        delivery: async (d, ctx) => {
          await ctx.forward(d);
          const zombie = ctx.memory.get('zombie');
          if (typeof zombie === 'string' && zombie !== d.hook.url) await ctx.forward(d, { to: zombie });
        },
      },
    },
    {
      name: 'registration-webhook-not-sent',
      says: 'Agency registration completed | an invited person completes registration, provided the app is subscribed',
      fault: deliveries(async (d, ctx) => {
        if (d.hook.topic !== 'alta-agencia') await ctx.forward(d);
      }),
    },
  ],
} satisfies Record<string, OutsiderFault[]>;
