import { PROBLEM_MEDIA_TYPE, essence, representationModel, validationProblem } from '../models/index.ts';
import type { TargetResponse } from '../sut/client.ts';
import { lastSegment } from '../sut/discovery.ts';
import { agencyMails, caseVariants } from './harness/agencies.ts';
import { check, type Check } from './harness/check.ts';
import { requestOf } from './harness/follow.ts';
import { agencySegment, freshAdminMail, invite, inviteFresh, registerCheckAgency, registeredAdminMail, resolveLocation } from './harness/invitations.ts';
import { resolvePointer } from '../sut/json-pointer.ts';
import { registerRoundTripCheck } from './effects/round-trip.ts';
import { adminMailMembers, agenciaCreateBody, notAnEmail } from './harness/request-inputs.ts';

// States and transitions (agency invitation, association with the app) and the case-insensitive adminMail
// of Endpoints. Every mutating check acts on AdminMails this run invents (issue 4, Safety).

const is2xx = (res: TargetResponse): boolean => res.status !== undefined && res.status >= 200 && res.status < 300;

check(
  'lifecycle/invitation-accepted-202',
  async (c) => {
    const res = await invite(c, freshAdminMail(c, 'new'));
    c.expectStatus(res, 202, 'inviting an AdminMail no one registered');
    c.expect(res.text === '', '"202, no body"', res);
    c.expect(typeof res.headers.location === 'string' && res.headers.location.trim() !== '', 'a Location header (URI of the agency)', res, {
      kind: 'header-missing',
      subject: 'Location',
    });
  },
  { mutates: true },
);

// States and transitions: the invitation's condition is a "valid body", and AgenciaCreate "carries a property named
// AdminMail, the e-mail address that receives the invitation": a body that is no JSON object, or one without
// AdminMail or with one that is no e-mail address, is not valid, and no invitation is accepted. 400 is the refusal
// the row lists (409 is for a registered one).
check(
  'lifecycle/invitation-invalid-body-400',
  async (c) => {
    const members = adminMailMembers(c);
    if (members.length === 0) c.skip("the profile's agenciaCreate template fills no member with {{adminMail}}");
    const body = agenciaCreateBody(c, notAnEmail(c));
    const others = Object.fromEntries(Object.entries(body).filter(([k]) => !members.includes(k)));
    const cases: [string, unknown][] = [
      ['AdminMail not an e-mail address', body],
      ['no AdminMail', others],
      ['AdminMail a number', { ...others, ...Object.fromEntries(members.map((m) => [m, 42])) }],
      // JSON, but no object with properties: no AgenciaCreate at all.
      ['a body that is JSON null', null],
      ['a body that is a number', 42],
      ['a body that is a string', notAnEmail(c)],
      ['a body that is an array', [body]],
    ];
    for (const [what, json] of cases) {
      c.expectStatus(await c.send('agencias-invite', { json }), 400, `${what}: no valid AgenciaCreate, so no invitation accepted`);
    }
  },
  { mutates: true },
);

check(
  'lifecycle/invitation-location-is-agency',
  async (c) => {
    const { adminMail, res, location } = await inviteFresh(c, 'loc');
    c.observe(`Location is ${location.form}: ${location.raw}`);
    const segment = agencySegment(location.path);
    c.expect(
      segment !== undefined && segment.toLowerCase() === adminMail.toLowerCase(),
      `a Location that resolves to /v3/agencias/${adminMail} (it resolves to ${location.url.pathname})`,
      res,
      { kind: 'header-wrong', subject: 'Location', value: 'names another resource' },
    );
  },
  { mutates: true },
);

/** The state an invitation's Location gives: a JSON object, and the profile's pointer names a value in it. */
function expectInvitationState(c: Check, res: TargetResponse, how: string): void {
  const state = c.expectModel(res, representationModel('InvitationState', 'full')!, `${how} returning the state of the invitation as a JSON object`);
  const pointer = c.ctx.profile.invitationState?.pointer;
  if (pointer === undefined) return;
  const value = resolvePointer(state, pointer);
  c.expect(value !== undefined, `the invitation state at the profile's pointer ${pointer}`, res);
  c.observe(`${how}: state at ${pointer} = ${JSON.stringify(value)}`);
}

check(
  'lifecycle/invitation-state-get',
  async (c) => {
    const { location } = await inviteFresh(c, 'get');
    const res = await c.sendRaw({ method: 'GET', path: location.path, form: 'json' });
    c.expectStatus(res, 200, 'GET on the Location of an invitation, by the inviting app');
    expectInvitationState(c, res, 'GET');
  },
  { mutates: true },
);

check(
  'lifecycle/invitation-state-options',
  async (c) => {
    const { location } = await inviteFresh(c, 'opt');
    const res = await c.sendRaw({ method: 'OPTIONS', path: location.path, form: 'json' });
    // States and transitions shows no status for OPTIONS: any 2xx that carries the state.
    c.expect(is2xx(res) && !res.error, 'a 2xx to OPTIONS on the Location of an invitation', res);
    expectInvitationState(c, res, 'OPTIONS');
  },
  { mutates: true },
);

/** The address with its domain's letters in the other case (upper where the domain has any lower-case one). */
function otherDomainCase(mail: string): string {
  const at = mail.lastIndexOf('@');
  const domain = mail.slice(at + 1);
  return `${mail.slice(0, at + 1)}${domain === domain.toUpperCase() ? domain.toLowerCase() : domain.toUpperCase()}`;
}

/** Errors: 409 carries a validation problem body, as application/problem+json. */
function expectConflict(c: Check, res: TargetResponse, what: string): void {
  c.expectStatus(res, 409, what);
  c.expect(essence(res.headers['content-type']) === PROBLEM_MEDIA_TYPE, `a 409 body of type ${PROBLEM_MEDIA_TYPE}`, res);
  c.expectModel(res, validationProblem(), 'a 409 with a validation problem body');
}

check(
  'lifecycle/invitation-conflict-409',
  async (c) => {
    // Condition: "the e-mail in AdminMail is not already registered" — a registered agency's is (an AdminMail only
    // invited is not: lifecycle/invitation-pending-202).
    const registered = await registeredAdminMail(c);
    expectConflict(c, await invite(c, registered), `inviting the AdminMail of the registered agency ${registered}`);
    // The same address with its domain in the other case: domains are case-insensitive (RFC 5321 section 2.4), and
    // the API matches adminMail case-insensitively (Endpoints), so it is the registered e-mail too.
    const other = otherDomainCase(registered);
    expectConflict(c, await invite(c, other), `inviting ${other}, the AdminMail of the registered agency ${registered} with its domain's case changed`);
  },
  { mutates: true },
);

check(
  'lifecycle/invitation-pending-202',
  async (c) => {
    // States and transitions: the invitation is accepted (202) when "the e-mail in AdminMail is not already
    // registered"; an invitation still pending registers nothing, so inviting it again, by the inviting app or by
    // another, meets the condition. Each acceptance is an invitation like the first: a Location on which GET
    // returns its state, for the app that invited.
    const { adminMail, location } = await inviteFresh(c, 'pend');
    for (const app of ['primary', 'other'] as const) {
      const again = await invite(c, adminMail, app);
      c.expectStatus(again, 202, `app ${app} inviting ${adminMail}, whose invitation by app primary is still pending (not registered)`);
      const at = resolveLocation(c, again) ?? location;
      const state = await c.sendRaw({ app, method: 'GET', path: at.path, form: 'json' });
      c.expectStatus(state, 200, `GET by app ${app} on the Location of its accepted invitation of ${adminMail} (the state of the invitation)`);
    }
    const first = await c.sendRaw({ method: 'GET', path: location.path, form: 'json' });
    c.expectStatus(first, 200, `GET by app primary on the Location of its first invitation of ${adminMail}, after both were accepted again`);
    // Dissociated while pending, the e-mail is still not registered: invited again, 202 (issue 28 §2). Whether a
    // pending invitation can be dissociated is not shown: a refusal is no verdict.
    const dissociated = await c.send('agencias-desasociar', { params: { adminMail } });
    if (dissociated.status !== 204) return c.observe(`desasociar of the pending invitation answered ${dissociated.status ?? dissociated.error?.code}`);
    c.expectStatus(await invite(c, adminMail), 202, `inviting ${adminMail} again after its pending invitation was dissociated (still not registered)`);
  },
  { mutates: true },
);

check(
  'scoping/pending-invitation-hidden',
  async (c) => {
    // Authentication: "an agency is visible only if it is associated with the calling app" and "an agency that
    // does not exist for the app is answered as not found (404)". What a pending invitation is for the app that
    // invited is not shown; for an app that did not invite, it exists in no way: GET and OPTIONS of its Location, 404.
    const { adminMail, location } = await inviteFresh(c, 'hid');
    for (const method of ['GET', 'OPTIONS'] as const) {
      const res = await c.sendRaw({
        app: 'other',
        method,
        ...requestOf(c, location),
        form: 'json',
        endpointId: method === 'GET' ? 'agencias-get' : 'agencias-options',
      });
      c.expectStatus(res, 404, `${method} by app other on the Location of app primary's pending invitation of ${adminMail}`);
    }
  },
  { mutates: true },
);

/** Before desasociar: the registered agency is in the app's list and readable, so its absence later means something. */
async function expectAssociated(c: Check, adminMail: string): Promise<void> {
  const { mails, res } = await agencyMails(c, 'primary');
  c.given(mails.has(adminMail.toLowerCase()), `the agency ${adminMail}, registered through the hooks, in the app's agency list`, res);
  const get = await c.send('agencias-get', { params: { adminMail }, form: 'json' });
  c.givenStatus(get, 200, 'GET of the agency just registered through the hooks');
}

check(
  'lifecycle/desasociar-204',
  async (c) => {
    const adminMail = await registerCheckAgency(c);
    await expectAssociated(c, adminMail);
    const res = await c.send('agencias-desasociar', { params: { adminMail } });
    c.expectStatus(res, 204, 'desasociar of an agency of the app');
    c.expect(res.text === '', '"204, no body"', res);
  },
  { mutates: true },
);

check(
  'lifecycle/desasociar-removes-association',
  async (c) => {
    const adminMail = await registerCheckAgency(c);
    await expectAssociated(c, adminMail);
    const res = await c.send('agencias-desasociar', { params: { adminMail } });
    if (!is2xx(res)) c.skip(`desasociar answered ${res.status ?? res.error?.code} (see lifecycle/desasociar-204)`);
    // Authentication: "an agency that does not exist for the app is answered as not found (404)".
    c.expectStatus(await c.send('agencias-get', { params: { adminMail }, form: 'json' }), 404, 'GET of the dissociated agency');
    const { mails, res: list } = await agencyMails(c, 'primary');
    c.expect(!mails.has(adminMail.toLowerCase()), `no ${adminMail} in the app's agency list after desasociar`, list);
    c.expectStatus(await c.send('agencias-productos', { params: { adminMail }, form: 'json' }), 404, 'productos of the dissociated agency');
    c.expectStatus(await c.send('consultas-list', { params: { adminMail }, form: 'json' }), 404, 'the inquiry list of the dissociated agency');
  },
  { mutates: true },
);

/** The agency a reference-form GET names: the last segment of its href, lower-cased (undefined without one). */
function refTarget(res: TargetResponse): string | undefined {
  const href = (res.json as { href?: unknown } | undefined)?.href;
  return typeof href === 'string' ? lastSegment(href).toLowerCase() : undefined;
}

/**
 * The Total of an agency's inquiry list: judged for a spelling under test (`judged`), a precondition for the
 * spelling of the agency's own href.
 */
async function inquiryTotal(c: Check, adminMail: string, judged: boolean): Promise<{ total: number; res: TargetResponse }> {
  const res = await c.send('consultas-list', { params: { adminMail }, query: { pagina: 1 }, form: 'ref' });
  const total = (res.json as { Total?: unknown } | undefined)?.Total;
  if (judged) {
    c.expectStatus(res, 200, `the inquiry list of ${adminMail}`);
    c.expect(typeof total === 'number', 'a numeric Total in the inquiry list', res);
  } else {
    c.givenStatus(res, 200, `the inquiry list of ${adminMail}`);
    c.given(typeof total === 'number', 'a numeric Total in the inquiry list', res);
  }
  return { total: total as number, res };
}

// Endpoints: "the path segment is matched case-insensitively with the name shown".
check('agencias/admin-mail-case-insensitive', async (c) => {
  const fixture = c.ctx.fixtures.agency;
  const variants = caseVariants(fixture);
  if (variants.length === 0) c.skip(`the fixture agency ${fixture} has no letter whose case could change`);
  // The fixture as spelled in its href: what each other spelling must find again (preconditions).
  const canonical = await c.send('agencias-get', { params: { adminMail: fixture }, form: 'ref' });
  c.givenStatus(canonical, 200, 'the fixture agency as spelled in its href');
  const target = c.givenPresent(refTarget(canonical), 'a reference-form link object with an href (see media/agencias-get/ref)', canonical);
  const productos = await c.send('agencias-productos', { params: { adminMail: fixture }, form: 'json' });
  c.givenStatus(productos, 200, 'productos of the fixture agency as spelled in its href');
  const { total: before } = await inquiryTotal(c, fixture, false);
  const sid = c.ctx.fixtures.inquirySid;
  for (const variant of variants) {
    const res = await c.send('agencias-get', { params: { adminMail: variant }, form: 'ref' });
    c.expectStatus(res, 200, `the fixture agency spelled ${variant}`);
    c.expect(refTarget(res) === target, `the same agency as ${fixture}`, res);
    c.expectStatus(await c.send('agencias-productos', { params: { adminMail: variant }, form: 'json' }), 200, `productos of ${variant}`);
    const { total, res: list } = await inquiryTotal(c, variant, true);
    // Inquiries may arrive meanwhile: the canonical total is read again before judging.
    if (total !== before) {
      const { total: after } = await inquiryTotal(c, fixture, false);
      c.expect(total === after, `the Total of ${fixture} (${before}, then ${after}), not ${total}`, list);
    }
    if (sid) c.expectStatus(await c.send('consultas-get', { params: { adminMail: variant, sid }, form: 'json' }), 200, `inquiry ${sid} of ${variant}`);
  }
});

registerRoundTripCheck();
