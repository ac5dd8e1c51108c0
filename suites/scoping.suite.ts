import { listEntries } from '../models/index.ts';
import type { TargetResponse } from '../sut/client.ts';
import { callEndpoint } from '../sut/call.ts';
import { freshInquiry, sendHook } from './events/hooks.ts';
import { agencyMails } from './harness/agencies.ts';
import { check, type Check } from './harness/check.ts';
import { registerFreshAgency } from './harness/invitations.ts';
import { agenciaEditBody } from './harness/request-inputs.ts';
import { refusingCallback, skipIfUnprepared } from './harness/resend-setup.ts';
import { webhookSession } from './harness/webhook-session.ts';

// Authentication: "the agencies, inquiries and webhook configuration that are visible or changeable are those
// of the calling app. An agency that does not exist for the app is answered as not found (404) or, on
// modifying operations that name the agency, as forbidden (403)". App `other` probes primary's fixture agency.
// The modifying probes are marked mutating: a broken target would act on them, so they probe an agency the run
// registered (when the hooks allow), and read-only runs must not risk it. "Primary's agency" is one app other is
// not associated with (primaryOnly), never assumed from the fixture alone.

/** How many agencies listed to both apps are read as other (each must be readable: it is other's too). */
const SHARED_PROBES = 5;

const session = webhookSession();

/** An agency of primary's that app other is not associated with, and (when asked for) one of its inquiries. */
interface PrimaryOnly {
  adminMail: string;
  sid?: string;
}
let registered: Promise<PrimaryOnly> | undefined;

/** An agency this run registers for primary alone through the simulation hooks (dissociated in afterAll). */
function ownAgency(c: Check): Promise<PrimaryOnly> {
  registered ??= (async () => {
    const adminMail = await registerFreshAgency(c);
    const client = c.client;
    session.onCleanup(async () => void (await callEndpoint(client, 'agencias-desasociar', { params: { adminMail } })));
    return { adminMail };
  })();
  return registered;
}

/**
 * An agency may be associated with both apps, so "primary's agency" must be one app other is not associated
 * with: the fixture agency when other's list does not hold it (discovery prefers one), else an agency this run
 * registers for primary through the simulation hooks — always that one for probes that would change the agency
 * if the target wrongly obeyed them (`own`), so that only what the run created is at risk.
 */
async function primaryOnly(c: Check, o: { sid?: boolean; own?: boolean } = {}): Promise<PrimaryOnly> {
  const { agency, otherAgencies, inquirySid } = c.ctx.fixtures;
  const shared = otherAgencies.some((a) => a.toLowerCase() === agency.toLowerCase());
  const hooks = c.ctx.profile.simulationHooks !== null && !c.ctx.readOnly;
  if (!shared && !(o.own && hooks)) {
    if (o.sid) c.needs('inquirySid');
    return { adminMail: agency, ...(inquirySid ? { sid: inquirySid } : {}) };
  }
  if (!hooks)
    c.skip(
      `the fixture agency ${agency} is in app other's list too, and no agency of primary alone can be registered (no simulation hooks, or a read-only run)`,
    );
  const own = await ownAgency(c);
  if (o.sid && !own.sid) {
    const post = await sendHook(c, '/consultas', { adminMail: own.adminMail, consulta: freshInquiry(c) });
    const sid = (post.json as { sid?: unknown } | undefined)?.sid;
    if (post.status !== 201 || typeof sid !== 'string') c.skip(`no inquiry could be made for the agency ${own.adminMail} the run registered (${post.status})`);
    own.sid = sid;
  }
  return own;
}

check('scoping/foreign-agency-get-404', async (c) => {
  const { adminMail } = await primaryOnly(c);
  const res = await c.send('agencias-get', { app: 'other', params: { adminMail }, form: 'json' });
  c.expectStatus(res, 404, "app other reading primary's agency");
});

check('scoping/foreign-agency-productos-404', async (c) => {
  const { adminMail } = await primaryOnly(c);
  const res = await c.send('agencias-productos', { app: 'other', params: { adminMail }, form: 'json' });
  c.expectStatus(res, 404, "app other reading the productos of primary's agency");
});

check('scoping/foreign-consultas-list-404', async (c) => {
  const { adminMail } = await primaryOnly(c);
  const res = await c.send('consultas-list', { app: 'other', params: { adminMail }, form: 'json' });
  c.expectStatus(res, 404, "app other listing the inquiries of primary's agency");
});

check('scoping/foreign-consulta-get-404', async (c) => {
  const { adminMail, sid } = await primaryOnly(c, { sid: true });
  const res = await c.send('consultas-get', { app: 'other', params: { adminMail, sid: sid! }, form: 'json' });
  c.expectStatus(res, 404, "app other reading an inquiry of primary's agency");
});

check(
  'scoping/foreign-agency-put-403',
  async (c) => {
    const { adminMail } = await primaryOnly(c, { own: true });
    const json = agenciaEditBody(c, adminMail);
    const res = await c.send('agencias-put', { app: 'other', params: { adminMail }, json, form: 'json' });
    c.expectStatus(res, 403, "app other modifying primary's agency");
  },
  { mutates: true },
);

check(
  'scoping/foreign-agency-desasociar-403',
  async (c) => {
    // Other has no permission over primary's agency: a 204 here is exactly the failure this rule catches.
    const { adminMail } = await primaryOnly(c, { own: true });
    const res = await c.send('agencias-desasociar', { app: 'other', params: { adminMail } });
    c.expectStatus(res, 403, "app other dissociating primary's agency");
  },
  { mutates: true },
);

check(
  'scoping/foreign-resend-403',
  async (c) => {
    // Row: "403 (agency does not exist for the app)"; its 404 is for an inquiry of an agency the app has.
    // Other's own inquiry topic is configured first: its 400 for a missing callback would be no answer at all.
    const { adminMail, sid } = await primaryOnly(c, { sid: true, own: true });
    const unprepared = await refusingCallback(c, session, 'other');
    const res = await c.send('consultas-resend', { app: 'other', params: { adminMail, sid: sid! } });
    skipIfUnprepared(c, unprepared, res);
    c.expectStatus(res, 403, "app other resending the webhook of an inquiry of primary's agency");
  },
  { mutates: true },
);

check('scoping/agency-lists-disjoint', async (c) => {
  const { mails: primary, res: primaryList } = await agencyMails(c, 'primary');
  const { mails: other, res: otherList } = await agencyMails(c, 'other');
  c.expect(primary.has(c.ctx.fixtures.agency.toLowerCase()), `the fixture agency ${c.ctx.fixtures.agency} in primary's list`, primaryList);
  // An agency may be associated with both apps: one in both lists must be one app other itself can read.
  const shared = [...other].filter((m) => primary.has(m));
  for (const adminMail of shared.slice(0, SHARED_PROBES)) {
    const res = await c.send('agencias-get', { app: 'other', params: { adminMail }, form: 'json' });
    c.expect(
      res.status === 200,
      `${adminMail}, listed to app other as to primary, to be an agency other can read (not ${res.status}): otherwise other's list holds primary's agency`,
      otherList,
    );
  }
  if (shared.length > 0) c.observe(`agencies associated with both apps: ${shared.length}`);
});

/** The body as JSON text when it parses (so escaped slashes do not hide a URL), else as sent. */
const bodyText = (res: TargetResponse): string => (res.json !== undefined ? JSON.stringify(res.json) : res.text);

check(
  'scoping/webhook-config-per-app',
  async (c) => {
    const topic = c.ctx.profile.topics.registration;
    // A callback URL only this run uses: if it shows up for app other, other sees primary's configuration.
    const url = await session.callbackUrl(`${c.ctx.runId}/scoping-per-app`);
    const configured = await session.configure('primary', topic, url);
    c.expect(configured.status === 200 || configured.status === 201, `primary configuring its topic ${topic} (PUT 200 or POST 201)`, configured);
    const res = await c.send('appnotificaciones-get', { app: 'other', params: { topic }, form: 'json' });
    // 404 unless other configured the topic itself; then its body is its own, never primary's.
    c.expectStatus(res, [200, 404], `app other reading topic ${topic}, which primary just configured`);
    c.expect(!bodyText(res).includes(url), `other's reading of ${topic} not to carry primary's callback URL ${url}`, res);
    const list = await c.send('appnotificaciones-list', { app: 'other', form: 'json' });
    c.expect(!bodyText(list).includes(url), `other's AppWebhooks not to carry primary's callback URL ${url}`, list);
  },
  { mutates: true },
);

check('scoping/empty-app-no-agencies', async (c) => {
  if (!c.ctx.profile.apps.empty) c.skip('the profile declares no empty app (apps.empty)');
  const res = await c.send('agencias-list', { app: 'empty', form: 'ref' });
  c.expectStatus(res, 200, "the empty app's agency list");
  const entries = c.present(listEntries(res.json), 'a list: an array or an object with _entries', res);
  c.expect(entries.length === 0, `no agency for the empty app, not ${entries.length}`, res);
  const get = await c.send('agencias-get', { app: 'empty', params: { adminMail: c.ctx.fixtures.agency }, form: 'json' });
  c.expectStatus(get, 404, "the empty app reading primary's agency");
});
