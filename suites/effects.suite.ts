import { setTimeout as sleep } from 'node:timers/promises';
import type { Delivery } from '../webhooks/capture-server.ts';
import { consulta } from '../models/index.ts';
import type { TargetResponse } from '../sut/client.ts';
import { excerpt, hookRegistration, hooksGiveLocation, inquiryMismatches, mentions } from './events/hooks.ts';
import { newValues, shows } from './effects/edit.ts';
import { INQUIRY_CALLBACK, ownAgencies } from './effects/own-agency.ts';
import { invitationState } from './effects/state.ts';
import { caseVariants } from './harness/agencies.ts';
import { check, type Check } from './harness/check.ts';
import { invite, inviteFresh } from './harness/invitations.ts';
import { resolveUri } from './harness/follow.ts';
import { agenciaEditBody } from './harness/request-inputs.ts';
import { webhookSession } from './harness/webhook-session.ts';

// Issue 12 §2, the effects the spec states, followed on resources this run creates: an invitation's state once
// the person registers; what the app may still do with an agency after desasociar ("the agency keeps its own
// account"; Authentication: not found on reads, forbidden on modifications); what PUT sets; adminMail matched
// case-insensitively on the modifying rows; the hooks' inquiry Location; declared webhook signatures. Agencies
// are registered through the profile's simulation hooks (the checks skip without them) and dissociated in
// afterAll; the inquiry topic points at this suite's receiver while inquiries are injected or resent.

const session = webhookSession();
const own = ownAgencies(session);

const is2xx = (res: TargetResponse): boolean => res.status !== undefined && res.status >= 200 && res.status < 300 && !res.error;
const answered = (res: TargetResponse): string => String(res.status ?? res.error?.code);

/** Dissociates an agency of the app, or skips: the effects of a desasociar that failed are not this check's. */
async function dissociate(c: Check, adminMail: string): Promise<void> {
  const res = await c.send('agencias-desasociar', { params: { adminMail } });
  if (!is2xx(res)) c.skip(`desasociar of an agency this run registered answered ${answered(res)} (see lifecycle/desasociar-204)`);
}

check(
  'lifecycle/invitation-state-after-registration',
  async (c) => {
    if (!c.ctx.profile.simulationHooks) c.skip('the profile has no simulation hooks (simulationHooks is null): no invitation can be completed');
    const { adminMail, location } = await inviteFresh(c, 'st');
    own.adopt(adminMail);
    const read = (method: 'GET' | 'OPTIONS') => c.sendRaw({ method, path: location.path, form: 'json' });
    const pending = { GET: await read('GET'), OPTIONS: await read('OPTIONS') };
    if (invitationState(c, pending.GET) === undefined)
      c.skip(`GET on the invitation's Location answered ${answered(pending.GET)} without a state (see lifecycle/invitation-state-get)`);
    await hookRegistration(c, adminMail);
    for (const method of ['GET', 'OPTIONS'] as const) {
      // OPTIONS is judged only where it gave the pending state (lifecycle/invitation-state-options judges that).
      const before = invitationState(c, pending[method]);
      if (before === undefined) continue;
      const now = await read(method);
      const after = invitationState(c, now);
      c.expect(after !== undefined, `a 2xx JSON object to ${method} on the Location of an invitation completed by registration`, now);
      c.expect(before !== after, `${method}: a state other than the pending one (${before}) once the person registered`, now);
    }
  },
  { mutates: true },
);

check(
  'lifecycle/registered-invitation-409',
  async (c) => {
    // Condition of the invitation: "the e-mail in AdminMail is not already registered".
    const adminMail = await own.register(c);
    c.expectStatus(await invite(c, adminMail), 409, `inviting ${adminMail}, which this run registered`);
  },
  { mutates: true },
);

check(
  'lifecycle/desasociar-keeps-account',
  async (c) => {
    const adminMail = await own.register(c);
    await dissociate(c, adminMail);
    // "the agency keeps its own account": its e-mail stays registered, so the invitation's condition fails.
    c.expectStatus(await invite(c, adminMail), 409, `inviting ${adminMail} again after desasociar (it keeps its account)`);
  },
  { mutates: true },
);

check(
  'lifecycle/desasociar-inquiry-404',
  async (c) => {
    const adminMail = await own.register(c);
    const { sid } = await own.inject(c, adminMail);
    const before = await c.send('consultas-get', { params: { adminMail, sid }, form: 'json' });
    if (before.status !== 200) c.skip(`the inquiry just injected answered ${answered(before)} before desasociar (see status/consultas-get/200)`);
    await dissociate(c, adminMail);
    // consultas-get: "404 (for the app the agency or the inquiry does not exist)".
    c.expectStatus(await c.send('consultas-get', { params: { adminMail, sid }, form: 'json' }), 404, `inquiry ${sid} of ${adminMail} after desasociar`);
  },
  { mutates: true },
);

check(
  'lifecycle/desasociar-modifications-403',
  async (c) => {
    const adminMail = await own.register(c);
    const { sid } = await own.inject(c, adminMail);
    await dissociate(c, adminMail);
    // Authentication: "on modifying operations that name the agency, as forbidden (403)".
    const put = await c.send('agencias-put', { params: { adminMail }, json: agenciaEditBody(c, adminMail) });
    c.expectStatus(put, 403, `PUT of ${adminMail} after desasociar`);
    c.expectStatus(await c.send('agencias-desasociar', { params: { adminMail } }), 403, `desasociar of ${adminMail} again`);
    // The inquiry topic is configured (a resend has a callback): only the agency's absence can refuse it.
    const resend = await c.send('consultas-resend', { params: { adminMail, sid } });
    c.expectStatus(resend, 403, `resendwebhook of inquiry ${sid} of ${adminMail} after desasociar (the row: "403 (agency does not exist for the app)")`);
  },
  { mutates: true },
);

check(
  'agencias/put-sets-fields',
  async (c) => {
    const adminMail = await own.register(c);
    const read = () => c.send('agencias-get', { params: { adminMail }, form: 'json' });
    const before = await read();
    c.givenStatus(before, 200, `GET of ${adminMail}, which this run registered`);
    const edit = agenciaEditBody(c, adminMail);
    const judged = newValues(edit, before.json);
    if (judged.length === 0) c.skip("the profile's agenciaEdit template sets no string the agency does not show already: nothing to judge a change by");
    const put = await c.send('agencias-put', { params: { adminMail }, json: edit });
    if (put.status !== 200) c.skip(`PUT answered ${answered(put)} (see status/agencias-put/200)`);
    const after = await read();
    c.expectStatus(after, 200, `GET of ${adminMail} after PUT`);
    const missing = judged.filter(([, value]) => !shows(after.json, value));
    c.expect(missing.length === 0, `the agency showing what PUT set; not shown: ${missing.map(([m, v]) => `${m} = ${JSON.stringify(v)}`).join(', ')}`, after);
  },
  { mutates: true },
);

check(
  'agencias/admin-mail-case-insensitive-modify',
  async (c) => {
    const adminMail = await own.register(c);
    // Fresh e-mails are lower-case: upper-case and alternating spellings (both local part and domain).
    const variants = caseVariants(adminMail);
    const { sid } = await own.inject(c, adminMail);
    for (const variant of variants) {
      const put = await c.send('agencias-put', { params: { adminMail: variant }, json: agenciaEditBody(c, adminMail) });
      c.expectStatus(put, 200, `PUT of ${adminMail} spelled ${variant}`);
      c.expectStatus(
        await c.send('consultas-get', { params: { adminMail: variant, sid }, form: 'json' }),
        200,
        `inquiry ${sid} of ${adminMail} spelled ${variant}`,
      );
    }
    // The inquiry topic points at this run's receiver, so the resend has a callback (and is recent: just injected).
    const resend = await c.send('consultas-resend', { params: { adminMail: variants[0]!, sid } });
    c.expectStatus(resend, 202, `resendwebhook of inquiry ${sid} of ${adminMail} spelled ${variants[0]}`);
    const last = variants[variants.length - 1]!;
    const gone = await c.send('agencias-desasociar', { params: { adminMail: last } });
    c.expectStatus(gone, 204, `desasociar of ${adminMail} spelled ${last}`);
    c.expectStatus(
      await c.send('agencias-get', { params: { adminMail }, form: 'json' }),
      404,
      `GET of ${adminMail} once dissociated through the spelling ${last}`,
    );
  },
  { mutates: true },
);

check(
  'events/hook-inquiry-location-resolves',
  async (c) => {
    const adminMail = await own.register(c);
    const { res, sent, location: raw } = await own.inject(c, adminMail);
    if (raw === undefined && !hooksGiveLocation(c)) c.skip("the profile's own inquiry hook gives the created inquiry's sid only: no URI to follow");
    // A command's URI, like a template's relative one, is relative to the base URL.
    const against = /^https?:\/\//i.test(res.exchange.url) ? res.exchange.url : `${c.client.baseUrl}/`;
    const location = c.present(resolveUri(c, raw, against), 'a Location header (the URI of the injected inquiry)', res);
    const there = await c.sendRaw({ method: 'GET', path: location.path, form: 'json' });
    c.expectStatus(there, 200, `GET on the Location ${location.raw} of the injected inquiry`);
    const stored = c.expectModel(there, consulta(), 'a Consulta');
    const differs = inquiryMismatches(stored, sent);
    c.expect(differs.length === 0, `the injected inquiry, but ${differs.join('; ')}`, there);
  },
  { mutates: true },
);

/** The callback the inquiry topic has just before it is removed; no other check configures it. */
const REMOVED_CALLBACK = 'effects-removed';
/** After the delivery that shows the earlier one has had its chance, how long to keep listening. */
const SETTLE_MS = 300;

const to = (name: string) => (d: Delivery) => d.path.endsWith(`/${name}`);

check(
  'events/deleted-topic-not-delivered',
  async (c) => {
    if (!c.ctx.profile.simulationHooks) c.skip('the profile has no simulation hooks (simulationHooks is null): no inquiry can be received on demand');
    const unreachable = session.unreachable();
    if (unreachable) c.skip(unreachable);
    const server = await session.receiver();
    const adminMail = await own.register(c);
    const topic = c.ctx.profile.topics.inquiry;
    const configured = await session.configure('primary', topic, await session.callbackUrl(REMOVED_CALLBACK));
    c.givenStatus(configured, [200, 201], `configuring the inquiry topic '${topic}'`);
    const removed = await c.send('appnotificaciones-delete', { params: { topic } });
    if (removed.status !== 204) c.skip(`DELETE of the configured topic '${topic}' answered ${answered(removed)} (see appnotificaciones/delete-204)`);
    const unsubscribed = await own.inject(c, adminMail, false);
    // Configured anew elsewhere: once an inquiry received later arrives there, the earlier one has had its chance.
    const later = await own.inject(c, adminMail);
    const deadline = c.ctx.profile.webhooks.deliveryDeadlineMs;
    const arrived = await session.waitForDelivery((d) => to(INQUIRY_CALLBACK)(d) && mentions(d.json, later.sid), deadline);
    if (!arrived)
      c.skip(`an inquiry received once '${topic}' was configured again was not delivered within ${deadline} ms (see events/inquiry-webhook-delivered)`);
    await sleep(SETTLE_MS);
    const stray = server.deliveries().filter(to(REMOVED_CALLBACK));
    const seen = stray.length === 0 ? '' : `${stray.length} arrived, e.g. ${excerpt(stray[0]!.json, 160)}`;
    c.expect(stray.length === 0, `no delivery of inquiry ${unsubscribed.sid} to the callback of the removed configuration, but ${seen}`, unsubscribed.res);
  },
  { mutates: true },
);

/** A delivery to the inquiry callback: injected through the hooks, or else a resend of the fixture inquiry. */
async function provokeDelivery(c: Check): Promise<TargetResponse> {
  if (c.ctx.profile.simulationHooks) return (await own.inject(c, await own.register(c))).res;
  const sid = c.ctx.fixtures.inquirySid;
  if (!sid) c.skip('no simulation hooks and no fixture inquiry to resend: no delivery can be provoked');
  await own.pointInquiryTopic(c);
  const res = await c.send('consultas-resend', { params: { adminMail: c.ctx.fixtures.agency, sid } });
  if (res.status !== 202) c.skip(`no simulation hooks, and resending the fixture inquiry answered ${answered(res)}: no delivery was provoked`);
  return res;
}

check(
  'events/webhook-signature-valid',
  async (c) => {
    const scheme = c.ctx.profile.webhooks.signature;
    if (!scheme) return c.skip('the profile declares no signing scheme (webhooks.signature is null)');
    const unreachable = session.unreachable();
    if (unreachable) c.skip(unreachable);
    const server = await session.receiver();
    const since = Date.now();
    const res = await provokeDelivery(c);
    const ours = to(INQUIRY_CALLBACK);
    const deadline = c.ctx.profile.webhooks.deliveryDeadlineMs;
    // Only a delivery whose signature verifies is taken for the target's (webhook-session.ts): one that carries
    // none or a bad one may come from anyone who reaches the capture server, and is reported as forged.
    const provoked = (d: Delivery) => ours(d) && Date.parse(d.receivedAt) >= since;
    const arrived = await session.waitForDelivery(provoked, deadline);
    // Whether one arrives at all is events/inquiry-webhook-delivered's to judge; this rule judges its signature. The
    // session's receiver shows only validly signed deliveries: the others are in its note of forged ones.
    const unsigned = await session.forgedNote(provoked);
    c.givenPresent(arrived ?? (unsigned || undefined), `a delivery to the inquiry callback within ${deadline} ms (see events/inquiry-webhook-delivered)`, res);
    c.present(arrived, `a delivery to the inquiry callback with a valid ${scheme.scheme} signature within ${deadline} ms${unsigned}`, res);
    const forged = await session.forgedNote(ours);
    if (forged) c.observe(`deliveries to the inquiry callback not taken for the target's${forged.replace(/^;/, ':')}`);
    c.observe(`${server.deliveries().filter(ours).length} deliveries to the inquiry callback verified with ${scheme.scheme}`);
  },
  { mutates: true },
);
