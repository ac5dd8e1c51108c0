import { setTimeout as sleep } from 'node:timers/promises';
import type { Delivery } from '../webhooks/capture-server.ts';
import { consultaIn, pointerText } from '../sut/json-pointer.ts';
import { consulta, consultaInput } from '../models/index.ts';
import { callEndpoint } from '../sut/call.ts';
import type { AppName } from '../sut/profile.ts';
import { fillTemplate } from '../sut/templates.ts';
import { excerpt, freshInquiry, hookInquiry, hookRegistration, inquiryMismatches, mentions } from './events/hooks.ts';
import { freshAdminMail } from './harness/invitations.ts';
import { check, type Check } from './harness/check.ts';
import { resendableSid } from './harness/recent-inquiry.ts';
import { acceptingCallback, sendAcceptedResend } from './harness/resend-setup.ts';
import { DELIVERY_SETTLE_MS, webhookSession } from './harness/webhook-session.ts';
import { registerOwnTopicCheck } from './events/own-topic.ts';
import { hooksOrSkip, on, paths, pointTopic as point, receiverOrSkip as receiverOf } from './events/topics.ts';

// Events: an inquiry received is delivered to the app's inquiry topic, resendwebhook sends the payload again
// (to the callback the check configured, on an inquiry recent enough: resend-setup.ts, recent-inquiry.ts),
// and a completed registration is delivered to the registration topic. Deliveries go to this suite's capture
// server (127.0.0.1 unless --capture-listen and --callback-url say how a target elsewhere reaches it). Inquiries and
// registrations are provoked through the profile's simulation hooks; the configurations touched are restored.

const session = webhookSession();

/** How long a delivery may take: the profile's webhooks.deliveryDeadlineMs (Events give no bound). */
const deadline = (c: Check) => c.ctx.profile.webhooks.deliveryDeadlineMs;
const SETTLE_MS = DELIVERY_SETTLE_MS;

const PRIMARY_INQUIRY = 'primary-inquiry';
const OTHER_INQUIRY = 'other-inquiry';
const PRIMARY_REGISTRATION = 'primary-registration';
const OTHER_REGISTRATION = 'other-registration';
const RESEND_PRIMARY = 'primary-resend';
const RESEND_OTHER = 'other-resend';

const receiverOrSkip = (c: Check) => receiverOf(c, session);
const pointTopic = (c: Check, app: AppName, topic: string, name: string, allowed?: number[]) => point(c, session, app, topic, name, allowed);

check(
  'events/inquiry-webhook-delivered',
  async (c) => {
    hooksOrSkip(c);
    const server = await receiverOrSkip(c);
    const { inquiry } = c.ctx.profile.topics;
    await pointTopic(c, 'primary', inquiry, PRIMARY_INQUIRY);
    // "Webhook configurations are per app": other's topic points elsewhere, to catch a misrouted delivery.
    const otherStatus = await pointTopic(c, 'other', inquiry, OTHER_INQUIRY, [200, 201, 403]);
    if (otherStatus === 403) c.observe(`the other app cannot configure '${inquiry}' (403): misrouting not checked`);

    const agency = c.ctx.fixtures.agency;
    const sent = freshInquiry(c);
    const mark = server.count();
    // The hook's own answer is the set-up (its Location is events/hook-inquiry-location-resolves' to judge).
    const { sid, res: post } = await hookInquiry(c, agency, sent);

    const ofThis = (d: Delivery) => mentions(d.json, sent.Interesado.Email);
    const wanted = (d: Delivery) => on(PRIMARY_INQUIRY)(d) && ofThis(d);
    const arrived = await session.waitForDelivery(wanted, deadline(c));
    // Evidence: what arrived for this inquiry — or, when nothing did, whatever arrived meanwhile.
    if (!arrived) c.showDeliveries(server.deliveries().filter((d) => d.seq > mark));
    const first = c.present(
      arrived,
      `a delivery of the inquiry to the primary app's inquiry topic within ${deadline(c)} ms (deliveries arrived on: ${paths(server.deliveries())})${await session.forgedNote(wanted)}`,
      post,
    );
    // Events: the webhook is "emitted when an inquiry is received": the inquiry it announces is there to be read.
    const read = await c.send('consultas-get', { params: { adminMail: agency, sid }, form: 'json' });
    c.expectStatus(read, 200, 'GET by sid of the inquiry, as soon as its webhook arrived (notified once received, not before)');
    await sleep(SETTLE_MS);
    const copies = server.deliveries().filter(ofThis);
    c.showDeliveries(copies);
    const early = copies.filter((d) => d.seq <= mark).length;
    c.expect(early === 0, `no delivery of the inquiry before it was received, not ${early}`, post);
    const toPrimary = copies.filter(on(PRIMARY_INQUIRY)).length;
    c.expect(toPrimary === 1, `exactly one delivery of the inquiry to the primary app, not ${toPrimary}`, post);
    const toOther = copies.filter(on(OTHER_INQUIRY)).length;
    c.expect(toOther === 0, `no delivery of primary's inquiry to the other app, not ${toOther} (misrouted)`, post);

    const pointer = c.ctx.profile.webhooks.consultaPointer;
    const carries = (v: unknown) => {
      const parsed = consultaInput('loose').safeParse(v);
      return parsed.success && inquiryMismatches(parsed.data, sent).length === 0;
    };
    const delivered = consultaInput('loose').safeParse(consultaIn(first.json, pointer, carries));
    if (!delivered.success) {
      const issue = delivered.error.issues[0];
      return c.fail(`a Consulta ${pointerText(pointer)}, but ${issue?.path.join('.')}: ${issue?.message} in ${excerpt(first.json)}`, post);
    }
    const carried = inquiryMismatches(delivered.data, sent);
    c.expect(carried.length === 0, `a payload carrying the injected inquiry, but ${carried.join('; ')}`, post);
    c.observe(`payload Consulta ${'_links' in delivered.data ? 'has' : 'has no'} _links; signature: ${first.signature}`);

    const stored = c.expectModel(read, consulta(), 'a Consulta');
    const same = inquiryMismatches(stored, sent);
    c.expect(same.length === 0, `the injected inquiry, but ${same.join('; ')}`, read);
  },
  { mutates: true },
);

check(
  'events/resend-delivers-payload',
  async (c) => {
    const server = await receiverOrSkip(c);
    // The inquiry first: one made now is delivered at once, and that delivery must not pass for the resend's.
    const sid = await resendableSid(c);
    const url = await acceptingCallback(c, session, RESEND_PRIMARY);
    // "Webhook configurations are per app": other's inquiry topic points elsewhere, to catch a misrouted delivery.
    const otherStatus = await pointTopic(c, 'other', c.ctx.profile.topics.inquiry, RESEND_OTHER, [200, 201, 403]);
    if (otherStatus === 403) c.observe(`the other app cannot configure '${c.ctx.profile.topics.inquiry}' (403): misrouting not checked`);

    const call = { adminMail: c.ctx.fixtures.agency, sid, url, name: RESEND_PRIMARY, what: `resendwebhook of inquiry ${sid}` };
    const { res, mark } = await sendAcceptedResend(c, session, call, ['delivery']);
    await sleep(SETTLE_MS);
    const later = server.deliveries().filter((d) => d.seq > mark);
    c.showDeliveries(later);
    const misrouted = later.filter(on(RESEND_OTHER)).length;
    c.expect(misrouted === 0, `no delivery of primary's resend to the other app's callback, not ${misrouted} (misrouted)`, res);
    // "it can be sent again on request": once per request — nothing else calls this callback after the mark.
    const delivered = later.filter(on(RESEND_PRIMARY)).length;
    c.expect(delivered === 1, `exactly one delivery to the callback for one resend, not ${delivered}`, res);
  },
  { mutates: true },
);

check(
  'events/registration-webhook',
  async (c) => {
    hooksOrSkip(c);
    const server = await receiverOrSkip(c);
    await pointTopic(c, 'primary', c.ctx.profile.topics.registration, PRIMARY_REGISTRATION);

    // "Webhook configurations are per app": other's registration topic points elsewhere, to catch a misrouted delivery.
    const otherStatus = await pointTopic(c, 'other', c.ctx.profile.topics.registration, OTHER_REGISTRATION, [200, 201, 403]);
    if (otherStatus === 403) c.observe(`the other app cannot configure '${c.ctx.profile.topics.registration}' (403): misrouting not checked`);

    const { runId, profile } = c.ctx;
    // Two invitations, one completed: "a webhook is sent when the user registers", so the other (still pending,
    // invited first) is never notified, and the completed one not before it is completed.
    const [pending, adminMail] = [freshAdminMail(c, 'evpend'), freshAdminMail(c, 'evreg')];
    for (const invited of [pending, adminMail]) {
      const invite = await c.send('agencias-invite', { json: fillTemplate(profile.templates.agenciaCreate, { adminMail: invited, runId }) });
      c.givenStatus(invite, 202, `the invitation of ${invited}`);
    }
    // The run's own agency: dissociate it afterwards, so repeated runs do not pile agencies up on the app.
    const client = c.client;
    session.onCleanup(async () => {
      await callEndpoint(client, 'agencias-desasociar', { params: { adminMail } });
    });

    const mark = server.count();
    const done = await hookRegistration(c, adminMail);
    // The payload's fields are not shown: any value that names the AdminMail will do.
    const wanted = (d: Delivery) => on(PRIMARY_REGISTRATION)(d) && mentions(d.json, adminMail);
    const delivery = await session.waitForDelivery(wanted, deadline(c));
    c.showDeliveries(server.deliveries().filter(on(PRIMARY_REGISTRATION)));
    c.judged();
    if (!delivery) {
      const there = server.deliveries().filter(on(PRIMARY_REGISTRATION));
      const seen = there.length === 0 ? 'nothing arrived' : `${there.length} arrived, e.g. ${excerpt(there[0]!.json)}`;
      return c.fail(`a registration delivery naming ${adminMail} within ${deadline(c)} ms, but ${seen}${await session.forgedNote(wanted)}`, done);
    }
    // Judged on what has arrived with the delivery (no settle window: events/delivered-once-each listens longer
    // to the registrations of run-data.suite.ts).
    const naming = (mail: string) => server.deliveries().filter((d) => mentions(d.json, mail));
    const copies = naming(adminMail);
    const early = copies.filter((d) => d.seq <= mark).length;
    c.expect(early === 0, `no registration delivery of ${adminMail} before its registration was completed, not ${early} (sent at invitation?)`, done);
    const toPrimary = copies.filter(on(PRIMARY_REGISTRATION)).length;
    c.expect(toPrimary === 1, `one registration delivery of ${adminMail}, not ${toPrimary}`, done);
    const toOther = copies.filter(on(OTHER_REGISTRATION)).length;
    c.expect(toOther === 0, `no registration delivery of primary's agency to the other app, not ${toOther} (misrouted)`, done);
    const unregistered = naming(pending).length;
    c.expect(unregistered === 0, `no registration delivery of ${pending}, invited but never registered, not ${unregistered}`, done);
    c.observe(`signature: ${delivery.signature}`);
  },
  { mutates: true },
);

registerOwnTopicCheck(session);
