import { randomUUID } from 'node:crypto';
import { empty, type MutantRequest } from '../../mutants/exchange.ts';
import type { Delivery, Fault, FaultContext } from '../../mutants/fault.ts';
import { answers, type Json } from '../../support/fault-shapes.ts';
import { formatInstant } from '../server/clock.ts';
import type { R3Fault } from './r3.ts';
import {
  camel,
  configured,
  deliverNew,
  dropNulls,
  editConsulta,
  forbidden,
  forwardAltered,
  isObject,
  latestHook,
  otherApps,
  refuse400,
  renameKeys,
  withoutOffset,
} from './shapes.ts';
import { enc, expectStatus, fresh, MOTORES, NO_SID, saw, SUR, TOPIC_INQUIRY, TOPIC_REGISTRATION } from './seed-facts.ts';
import type { Receiver, WitnessClient } from './witness-client.ts';

// Events: the inquiry webhook and its resend, the registration webhook — who gets a delivery, how many, when,
// and what it carries.

/** The sids with a resend under way (counted at the request; a refused resend takes its count back). */
function resends(ctx: FaultContext): Map<string, number> {
  let map = ctx.memory.get('resends') as Map<string, number> | undefined;
  if (!map) ctx.memory.set('resends', (map = new Map()));
  return map;
}

/** The inquiry a delivery is about (the last segment of its Consulta's self link). */
function sidOfDelivery(ctx: FaultContext, d: Delivery): string | undefined {
  let sid: string | undefined;
  editConsulta(ctx, d.json(), (c) => {
    const href = isObject(c) && isObject(c._links) && isObject(c._links.self) ? String(c._links.self.href) : '';
    sid = decodeURIComponent(href.split('/').pop() ?? '');
    return c;
  });
  return sid;
}

/** A fault on the deliveries that a resend makes (`resent`), every other delivery passed on. */
function onResentDeliveries(resent: (d: Delivery, ctx: FaultContext) => Promise<void>): Fault {
  return {
    request: (req, ctx) => {
      const sid = req.param('sid');
      if (req.endpoint === 'consultas-resend' && sid) resends(ctx).set(sid, (resends(ctx).get(sid) ?? 0) + 1);
    },
    response: (req, res, ctx) => {
      const sid = req.param('sid');
      if (req.endpoint === 'consultas-resend' && sid && res.status !== 202) resends(ctx).set(sid, Math.max(0, (resends(ctx).get(sid) ?? 0) - 1));
    },
    delivery: async (d, ctx) => {
      const sid = sidOfDelivery(ctx, d);
      const pending = sid ? (resends(ctx).get(sid) ?? 0) : 0;
      if (!sid || pending === 0) return ctx.forward(d);
      resends(ctx).set(sid, pending - 1);
      await resent(d, ctx);
    },
  };
}

/** The inquiry webhook payload written differently, in deliveries and in the resend's answer alike. */
function consultaWrittenAs(edit: (consulta: unknown) => unknown): Fault {
  const rewrite = (ctx: FaultContext, text: string): string => JSON.stringify(editConsulta(ctx, JSON.parse(text), edit));
  return {
    delivery: async (d, ctx) => (d.hook.topic === ctx.profile.topics.inquiry ? forwardAltered(ctx, d, rewrite(ctx, d.body)) : ctx.forward(d)),
    response: (req, res, ctx) => {
      if (req.endpoint === 'consultas-resend' && res.status === 202 && res.json() !== undefined) res.body = rewrite(ctx, res.body);
    },
  };
}

/** A receiver subscribed to the inquiry topic for `app`, and an inquiry of SUR received with it (delivered). */
async function subscribedInquiry(w: WitnessClient): Promise<{ hook: Receiver; sid: string }> {
  const hook = await w.receiver();
  await w.subscribe(TOPIC_INQUIRY, hook.url);
  const sid = await w.inquiry(SUR);
  await w.settle();
  return { hook, sid };
}

/** Every delivery of the topic also sent to the other apps that configured it (a fan-out without the owner check). */
function copiedToOtherApps(topicOf: (ctx: FaultContext) => string | undefined): Fault {
  return {
    delivery: async (d, ctx) => {
      await ctx.forward(d);
      if (d.hook.topic !== topicOf(ctx)) return;
      for (const app of otherApps(ctx, d.hook.app)) {
        const theirs = latestHook(ctx, app, d.hook.topic);
        if (theirs && (await configured(ctx, app, d.hook.topic))) await ctx.forward(d, { to: theirs.url });
      }
    },
  };
}

/** The primary and the other app both subscribed to `topic`: the other app's receiver. */
async function bothSubscribed(w: WitnessClient, topic: string): Promise<Receiver> {
  const theirs = await w.receiver();
  await w.subscribe(topic, (await w.receiver()).url);
  await w.subscribe(topic, theirs.url, 'other');
  return theirs;
}

/** How many deliveries one resend of a delivered inquiry makes. */
async function deliveriesOfOneResend(w: WitnessClient): Promise<string | undefined> {
  const { hook, sid } = await subscribedInquiry(w);
  const before = hook.received.length;
  await w.call('POST', resendPath(sid));
  await w.settle();
  return hook.received.length - before === 1 ? undefined : saw('deliveries after one resend', hook.received.length - before, '1');
}

const resendPath = (sid: string, mail = SUR): string => `/v3/consultas/${enc(mail)}/${sid}/resendwebhook`;

/** The Consulta of a delivery (the profile's consultaPointer /Datos/Consulta). */
// biome-ignore lint/suspicious/noExplicitAny: a delivery's Consulta is read by its spec field names
const consultaOf = (payload: any): any => payload?.Datos?.Consulta;

/** Deliveries of the registration event that the faulty server already made at invitation time, by e-mail. */
const notifiedEarly = (ctx: FaultContext): Set<string> => {
  let set = ctx.memory.get('early') as Set<string> | undefined;
  if (!set) ctx.memory.set('early', (set = new Set()));
  return set;
};

/** Configurations the faulty server answers as deleted but keeps delivering to, by `app topic`. */
const deletedKept = (ctx: FaultContext): Set<string> => {
  let set = ctx.memory.get('deleted') as Set<string> | undefined;
  if (!set) ctx.memory.set('deleted', (set = new Set()));
  return set;
};
const keyOf = (req: MutantRequest): string => `${req.app} ${req.param('topic')}`;

export const EVENT_FAULTS: R3Fault[] = [
  {
    name: 'resend-unknown-inquiry-403',
    kind: 'row',
    says: '403 (agency does not exist for the app), 404 (inquiry does not exist for the app)',
    why: 'resendwebhook row: an inquiry that does not exist (in an agency that does) is 404; 403 is for the agency.',
    fault: answers(['consultas-resend'], (req, res) => {
      if (res.status === 404) Object.assign(res, forbidden(req));
    }),
    witness: async (w) => expectStatus('POST resendwebhook of an unknown sid of SUR', await w.call('POST', resendPath(NO_SID)), 404),
  },
  {
    name: 'resend-foreign-agency-404',
    kind: 'row',
    says: '403 (agency does not exist for the app), 404 (inquiry does not exist for the app)',
    why: 'resendwebhook row: an agency that does not exist for the app is 403.',
    fault: answers(['consultas-resend'], (_req, res) => {
      if (res.status === 403) Object.assign(res, empty(404));
    }),
    witness: async (w) => expectStatus(`POST resendwebhook in ${MOTORES} as primary`, await w.call('POST', resendPath(NO_SID, MOTORES)), 403),
  },
  {
    name: 'resend-refused-403-still-delivers',
    kind: 'refused-write',
    says: '403 (agency does not exist for the app)',
    why: 'A resend refused with 403 sends nothing: the agency’s own app gets no extra delivery.',
    fault: answers(['consultas-resend'], async (req, res, ctx) => {
      if (res.status === 403) for (const app of otherApps(ctx, req.app)) await ctx.upstream('POST', req.path, { app });
    }),
    witness: async (w) => {
      const hook = await w.receiver();
      await w.subscribe(TOPIC_INQUIRY, hook.url, 'other');
      const sid = await w.inquiry(MOTORES, {}, 'other');
      await w.settle();
      const before = hook.received.length;
      const refused = await w.call('POST', resendPath(sid, MOTORES));
      await w.settle();
      if (refused.status !== 403) return saw(`POST resendwebhook in ${MOTORES} as primary`, refused.status, '403');
      return hook.received.length === before ? undefined : saw('deliveries to the owner after a refused resend', hook.received.length - before, '0');
    },
  },
  {
    name: 'resend-location-is-the-inquiry',
    kind: 'link-problem-media',
    says: '202 with header Location (URI of the webhook callback)',
    why: 'The resend’s Location is the callback the webhook was sent to, not the inquiry’s URI.',
    fault: answers(['consultas-resend'], (req, res) => {
      if (res.status === 202) res.headers.location = req.path.replace(/\/resendwebhook$/, '');
    }),
    witness: async (w) => {
      const { hook, sid } = await subscribedInquiry(w);
      const a = await w.call('POST', resendPath(sid));
      return a.headers.location === hook.url ? undefined : saw('resendwebhook Location', a.headers.location, hook.url);
    },
  },
  {
    name: 'resend-202-without-body',
    kind: 'row',
    says: '202 with header Location (URI of the webhook callback); the body carries the webhook payload that was sent',
    why: 'resendwebhook row: the 202 carries the payload that was sent as its body.',
    fault: answers(['consultas-resend'], (_req, res) => {
      if (res.status === 202) res.body = '';
    }),
    witness: async (w) => {
      const { sid } = await subscribedInquiry(w);
      const a = await w.call('POST', resendPath(sid));
      return a.status === 202 && a.json() !== undefined ? undefined : saw('resendwebhook 202 body', a.body, 'the payload sent');
    },
  },
  {
    name: 'resend-202-without-location',
    kind: 'row',
    says: '202 with header Location (URI of the webhook callback)',
    why: 'resendwebhook row: the 202 carries a Location header, the callback’s URI.',
    fault: answers(['consultas-resend'], (_req, res) => {
      if (res.status === 202) delete res.headers.location;
    }),
    witness: async (w) => {
      const { sid } = await subscribedInquiry(w);
      const a = await w.call('POST', resendPath(sid));
      return a.status === 202 && a.headers.location ? undefined : saw('resendwebhook 202 Location', a.headers.location, 'the callback URI');
    },
  },
  {
    name: 'resend-answers-another-payload',
    kind: 'deliveries',
    says: 'the body carries the webhook payload that was sent',
    why: 'The resend’s body is the payload that was sent, not another rendering of it (another delivery id).',
    fault: answers(['consultas-resend'], (_req, res) => {
      if (res.status === 202) res.editJson((body) => void (body.IdEntrega = randomUUID()));
    }),
    witness: async (w) => {
      const { hook, sid } = await subscribedInquiry(w);
      const a = await w.call('POST', resendPath(sid));
      await w.settle();
      const sent = hook.received.at(-1)?.json();
      return JSON.stringify(sent) === JSON.stringify(a.json())
        ? undefined
        : saw('resendwebhook body vs the delivery', a.body.slice(0, 80), 'the payload delivered');
    },
  },
  {
    name: 'resend-delivered-twice',
    kind: 'deliveries',
    says: 'an inquiry is received; it can be sent again on request',
    why: 'One resend request sends the webhook once more: one delivery, not two.',
    fault: onResentDeliveries(async (d, ctx) => {
      await ctx.forward(d);
      const again = JSON.stringify({ ...(d.json() as Json), IdEntrega: randomUUID() });
      await forwardAltered(ctx, d, again);
    }),
    witness: deliveriesOfOneResend,
  },
  {
    name: 'resend-delivers-nothing',
    kind: 'deliveries',
    says: 'returns the payload that was sent and a Location header for the callback',
    why: 'A resend answered 202 sends the payload to the callback; nothing arriving there means nothing was sent.',
    fault: onResentDeliveries(async () => undefined),
    witness: deliveriesOfOneResend,
  },
  {
    name: 'resend-refuses-recent-inquiries',
    kind: 'lenient-value',
    says: 'Resend applies to a relatively recent inquiry; the exact age bound is given under Limits.',
    why: 'Resend applies to recent inquiries: one received a minute ago is the most recent there is (the age bound inverted refuses it).',
    fault: {
      request: async (req, ctx) => {
        if (req.endpoint !== 'consultas-resend') return;
        const inquiry = await ctx.upstream('GET', `${req.path.replace(/\/resendwebhook$/, '')}?formato=application/json`, { app: req.app ?? 'primary' });
        const momento = Date.parse(String((inquiry.json() as Json | undefined)?.Momento));
        if (inquiry.status === 200 && Date.now() - momento < (ctx.profile.resendMaxAgeDays ?? 1) * 86_400_000)
          return refuse400(req, 'sid', 'la consulta es demasiado reciente');
      },
    },
    witness: async (w) => {
      const { sid } = await subscribedInquiry(w);
      return expectStatus('POST resendwebhook of an inquiry received a minute ago', await w.call('POST', resendPath(sid)), 202);
    },
  },
  {
    name: 'inquiry-webhook-to-every-app',
    kind: 'scoping',
    says: 'Inquiries visible to the app are those received by publications that the app published',
    why: 'An inquiry of an agency that only the primary app has is not the other app’s: its webhook goes to the primary app only.',
    fault: copiedToOtherApps((ctx) => ctx.profile.topics.inquiry),
    witness: async (w) => {
      const theirs = await bothSubscribed(w, TOPIC_INQUIRY);
      await w.inquiry(SUR);
      await w.settle();
      return theirs.received.length === 0 ? undefined : saw('deliveries to the other app of an inquiry of SUR (primary only)', theirs.received.length, '0');
    },
  },
  {
    name: 'registration-webhook-to-every-app',
    kind: 'scoping',
    says: 'if the app is subscribed to notifications, a webhook is sent when the user registers',
    why: 'The registration webhook goes to the app that invited the agency, not to every app subscribed to the topic.',
    fault: copiedToOtherApps((ctx) => ctx.profile.topics.registration),
    witness: async (w) => {
      const theirs = await bothSubscribed(w, TOPIC_REGISTRATION);
      const mail = fresh('alta');
      await w.invite(mail);
      await w.register(mail);
      await w.settle();
      return theirs.received.length === 0 ? undefined : saw('registration deliveries to the other app (not the inviter)', theirs.received.length, '0');
    },
  },
  {
    name: 'registration-notified-at-invitation',
    kind: 'deliveries',
    says: 'an invited person completes registration, provided the app is subscribed to notifications',
    why: 'The registration event is emitted when the invited person completes registration, never when the invitation is sent.',
    fault: {
      response: async (req, res, ctx) => {
        const mail = (req.json() as Json | undefined)?.AdminMail;
        const topic = ctx.profile.topics.registration ?? '';
        const hook = latestHook(ctx, req.app, topic);
        if (req.endpoint !== 'agencias-invite' || res.status !== 202 || typeof mail !== 'string' || !hook) return;
        notifiedEarly(ctx).add(mail.toLowerCase());
        await deliverNew(ctx, hook, {
          Emitido: formatInstant(new Date(), ctx.profile.timeZone),
          Datos: { AdminMail: mail, _links: { agencia: { href: `/v3/agencias/${enc(mail)}` } } },
        });
      },
      delivery: async (d, ctx) => {
        const mail = String((d.json() as { Datos?: { AdminMail?: string } }).Datos?.AdminMail ?? '').toLowerCase();
        if (d.hook.topic !== ctx.profile.topics.registration || !notifiedEarly(ctx).has(mail)) await ctx.forward(d);
      },
    },
    witness: async (w) => {
      const hook = await w.receiver();
      await w.subscribe(TOPIC_REGISTRATION, hook.url);
      const mail = fresh('temprano');
      await w.invite(mail);
      await w.settle();
      return hook.received.length === 0 ? undefined : saw('registration deliveries before the invited person registered', hook.received.length, '0');
    },
  },
  {
    name: 'replaced-callback-still-called',
    kind: 'deliveries',
    says: 'A topic can be created (POST), replaced (PUT), read (GET) and removed (DELETE)',
    why: 'After PUT replaces a topic’s configuration, its webhooks go to the new callback, not the first one.',
    fault: {
      delivery: async (d, ctx) => {
        const first = ctx.hooks.find((h) => h.app === d.hook.app && h.topic === d.hook.topic);
        await ctx.forward(d, { to: first?.url ?? d.hook.url });
      },
    },
    witness: async (w) => {
      const old = await w.receiver();
      const now = await w.receiver();
      await w.subscribe(TOPIC_INQUIRY, old.url);
      await w.call('PUT', `/v3/appnotificaciones/${TOPIC_INQUIRY}`, { json: w.upsert(now.url) });
      await w.inquiry(SUR);
      await w.settle();
      return old.received.length === 0 && now.received.length === 1
        ? undefined
        : saw('deliveries to the old and new callback after PUT', [old.received.length, now.received.length], '[0, 1]');
    },
  },
  {
    name: 'deleted-topic-still-delivered',
    kind: 'deliveries',
    says: 'A topic can be created (POST), replaced (PUT), read (GET) and removed (DELETE)',
    why: 'A removed topic’s configuration is gone: no webhook is sent to its callback afterwards.',
    fault: {
      request: async (req, ctx) => {
        if (!req.endpoint?.startsWith('appnotificaciones-') || req.endpoint === 'appnotificaciones-list') return;
        const gone = deletedKept(ctx).has(keyOf(req));
        if (req.endpoint === 'appnotificaciones-post' && gone) {
          const put = await ctx.upstream('PUT', req.path, { app: req.app ?? 'primary', json: req.json() });
          if (put.status === 200) deletedKept(ctx).delete(keyOf(req));
          return Object.assign(put, { status: put.status === 200 ? 201 : put.status, headers: { ...put.headers, location: req.path } });
        }
        if (gone) return empty(404);
        if (req.endpoint === 'appnotificaciones-delete' && (await configured(ctx, req.app ?? 'primary', req.param('topic') ?? ''))) {
          deletedKept(ctx).add(keyOf(req));
          return empty(204);
        }
      },
      response: (req, res, ctx) => {
        if (req.endpoint !== 'appnotificaciones-list' || res.status !== 200) return;
        res.editJson((body) => {
          for (const t of Array.isArray(body.Topicos) ? body.Topicos : [])
            if (isObject(t) && deletedKept(ctx).has(`${req.app} ${t.Topico}`)) Object.assign(t, { Configurado: false, Destino: null });
        });
      },
    },
    witness: async (w) => {
      const hook = await w.receiver();
      await w.subscribe(TOPIC_INQUIRY, hook.url);
      const deleted = await w.call('DELETE', `/v3/appnotificaciones/${TOPIC_INQUIRY}`);
      if (deleted.status !== 204) return saw(`DELETE ${TOPIC_INQUIRY}`, deleted.status, '204');
      await w.inquiry(SUR);
      await w.settle();
      return hook.received.length === 0 ? undefined : saw('deliveries to a deleted topic’s callback', hook.received.length, '0');
    },
  },
  {
    name: 'inquiry-webhook-to-the-registration-callback',
    kind: 'deliveries',
    says: 'configured per topic through the /v3/appnotificaciones endpoints',
    why: 'Webhooks are configured per topic: an inquiry webhook goes to the inquiry topic’s callback.',
    fault: {
      delivery: async (d, ctx) => {
        const registration = d.hook.topic === ctx.profile.topics.inquiry ? latestHook(ctx, d.hook.app, ctx.profile.topics.registration ?? '') : undefined;
        await ctx.forward(d, registration ? { to: registration.url } : {});
      },
    },
    witness: async (w) => {
      const leads = await w.receiver();
      const altas = await w.receiver();
      await w.subscribe(TOPIC_INQUIRY, leads.url);
      await w.subscribe(TOPIC_REGISTRATION, altas.url);
      await w.inquiry(SUR);
      await w.settle();
      return leads.received.length === 1 && altas.received.length === 0
        ? undefined
        : saw('inquiry deliveries to the inquiry and the registration callbacks', [leads.received.length, altas.received.length], '[1, 0]');
    },
  },
  {
    name: 'webhook-consulta-camel-case',
    kind: 'data-shape',
    says: 'Field names in inquiry payloads are PascalCase (for example Momento)',
    why: 'Conventions: inquiry payloads, the webhook’s included, use PascalCase field names.',
    fault: consultaWrittenAs((c) => renameKeys(c, camel)),
    witness: async (w) => {
      const { hook } = await subscribedInquiry(w);
      const consulta = consultaOf(hook.received[0]?.json()) ?? {};
      return 'Momento' in consulta ? undefined : saw('the delivered Consulta’s members', Object.keys(consulta), 'PascalCase (Momento)');
    },
  },
  {
    name: 'webhook-momento-without-offset',
    kind: 'data-shape',
    says: 'Timestamps are ISO 8601 date-times with a UTC offset.',
    why: 'Conventions: every timestamp carries an offset, the delivered inquiry’s Momento included.',
    fault: consultaWrittenAs((c) => (isObject(c) ? { ...c, Momento: withoutOffset(String(c.Momento)) } : c)),
    witness: async (w) => {
      const { hook } = await subscribedInquiry(w);
      const momento = String(consultaOf(hook.received[0]?.json())?.Momento);
      return /(Z|[+-]\d{2}:\d{2})$/.test(momento) ? undefined : saw('the delivered Consulta’s Momento', momento, 'an offset');
    },
  },
  {
    name: 'webhook-consulta-leaves-out-nulls',
    kind: 'data-shape',
    says: 'A field that has no value is sent as null.',
    why: 'Conventions: the delivered Consulta sends members without a value as null, not leaves them out.',
    fault: consultaWrittenAs(dropNulls),
    witness: async (w) => {
      const { hook } = await subscribedInquiry(w);
      const auto = consultaOf(hook.received[0]?.json())?.Auto ?? {};
      return 'Version' in auto ? undefined : saw('the delivered Consulta’s Auto', Object.keys(auto), 'Version: null present');
    },
  },
];
