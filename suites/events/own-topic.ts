import { setTimeout as sleep } from 'node:timers/promises';
import type { Delivery } from '../../webhooks/capture-server.ts';
import { callEndpoint } from '../../sut/call.ts';
import type { AppName } from '../../sut/profile.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { check, type Check } from '../harness/check.ts';
import { freshAdminMail, invite } from '../harness/invitations.ts';
import { DELIVERY_SETTLE_MS, type WebhookSession } from '../harness/webhook-session.ts';
import { freshInquiry, tryHookInquiry, tryHookRegistration, mentions } from './hooks.ts';
import { hooksOrSkip, on, paths, receiverOrSkip } from './topics.ts';

// Events: "The service sends webhooks to the app, configured per topic", and the Events table names two events,
// "Agency registration completed" and "Inquiry webhook", each configured on its own topic (profile topics). So each
// event goes to its own topic's configuration: a registration to the registration topic's callback, never the
// inquiry topic's, and an inquiry the reverse. Judged for every app: each app's two topics point at two callbacks
// of their own, and each app registers an agency it invited and makes an inquiry arrive for it, through the hooks.

const RULE = 'events/each-event-own-topic';
const APPS: readonly AppName[] = ['primary', 'other'];

/** The capture-server names of an app's two topics' callbacks. */
const callbacks = (app: AppName) => ({ inquiry: `${app}-own-inquiry`, registration: `${app}-own-registration` });

type Event = 'inquiry' | 'registration';
const OTHER_EVENT: Record<Event, Event> = { inquiry: 'registration', registration: 'inquiry' };

/**
 * The deliveries after `mark` that name `needle`, once one arrived on either of the app's callbacks (or the
 * deadline passed) and the settle window is over.
 */
async function eventDeliveries(c: Check, session: WebhookSession, app: AppName, mark: number, needle: string): Promise<Delivery[]> {
  const own = callbacks(app);
  const naming = (d: Delivery) => d.seq > mark && mentions(d.json, needle);
  await session.waitForDelivery((d) => naming(d) && (on(own.inquiry)(d) || on(own.registration)(d)), c.ctx.profile.webhooks.deliveryDeadlineMs);
  await sleep(DELIVERY_SETTLE_MS);
  return (await session.receiver()).deliveries().filter(naming);
}

/** The event's deliveries held to its own topic's callback: at least one there, none on the other topic's. */
function expectOwnTopic(c: Check, app: AppName, event: Event, what: string, ds: readonly Delivery[], res: TargetResponse): void {
  const own = callbacks(app);
  c.showDeliveries(ds);
  const there = ds.filter(on(own[event])).length;
  const elsewhere = ds.filter(on(own[OTHER_EVENT[event]])).length;
  c.expect(
    there > 0 && elsewhere === 0,
    `${what} delivered to the ${app} app's ${event} topic's callback (/${own[event]}), never to its ${OTHER_EVENT[event]} topic's (/${own[OTHER_EVENT[event]]}), but ${there} there and ${elsewhere} on the ${OTHER_EVENT[event]} topic's (deliveries arrived on: ${paths(ds)})`,
    res,
  );
}

/** One app's two events, each judged on its own topic; a note instead when the app cannot take part. */
async function judgeApp(c: Check, session: WebhookSession, app: AppName): Promise<string | undefined> {
  const { topics } = c.ctx.profile;
  const own = callbacks(app);
  for (const event of ['inquiry', 'registration'] as const) {
    const res = await session.configure(app, topics[event], await session.callbackUrl(own[event]));
    if (res.status !== 200 && res.status !== 201)
      return `the ${app} app could not configure its ${event} topic '${topics[event]}' (${res.status ?? res.error?.code})`;
  }
  const server = await session.receiver();
  const adminMail = freshAdminMail(c, `top${app[0]}`);
  const invited = await invite(c, adminMail, app);
  if (invited.status !== 202) return `the ${app} app's invitation of ${adminMail} answered ${invited.status ?? invited.error?.code}, not 202`;
  // The run's own agency: dissociated when the check ends, so repeated runs do not pile agencies up on the app.
  c.defer((client) => callEndpoint(client, 'agencias-desasociar', { app, params: { adminMail } }));

  const beforeRegistration = server.count();
  const registered = await tryHookRegistration(c, adminMail, app);
  if (!registered.done) return `the hooks did not complete the ${app} app's registration of ${adminMail}: ${registered.problem ?? 'refused'}`;
  const registrations = await eventDeliveries(c, session, app, beforeRegistration, adminMail);
  expectOwnTopic(c, app, 'registration', `the registration of ${adminMail}`, registrations, registered.res);

  // A buyer e-mail of this app's inquiry alone, so its deliveries are told from every other inquiry's.
  const sent = freshInquiry(c);
  sent.Interesado.Email = `${c.ctx.runId}-buyer-${app}@${c.ctx.profile.invitationDomain}`.toLowerCase();
  const beforeInquiry = server.count();
  const received = await tryHookInquiry(c, adminMail, sent, app);
  if (!received.done) return `the hooks did not make an inquiry arrive for the ${app} app: ${received.problem ?? 'refused'}`;
  const inquiries = await eventDeliveries(c, session, app, beforeInquiry, sent.Interesado.Email);
  expectOwnTopic(c, app, 'inquiry', `the inquiry of ${sent.Interesado.Email}`, inquiries, received.res);
  return undefined;
}

export function registerOwnTopicCheck(session: WebhookSession): void {
  check(
    RULE,
    async (c) => {
      hooksOrSkip(c);
      await receiverOrSkip(c, session);
      // The apps at once: each one's events are told apart by names of its own (the agency, the buyer e-mail). Both
      // end before the check does, also when one throws (a topic the run may not change: the check skips with it).
      const settled = await Promise.allSettled(APPS.map((app) => judgeApp(c, session, app)));
      const thrown = settled.find((s) => s.status === 'rejected');
      if (thrown) throw thrown.reason;
      const notes = settled.flatMap((s) => (s.status === 'fulfilled' && s.value !== undefined ? [s.value] : []));
      if (notes.length === APPS.length) c.skip(`no app could take part: ${notes.join('; ')}`);
      if (notes.length > 0) c.observe(`not judged: ${notes.join('; ')}`);
    },
    { mutates: true },
  );
}
