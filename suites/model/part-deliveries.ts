import { setTimeout as sleep } from 'node:timers/promises';
import { endpoint } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { Delivery } from '../../webhooks/capture-server.ts';
import { mentions } from '../events/hooks.ts';
import { DELIVERY_SETTLE_MS } from '../harness/webhook-session.ts';
import { cellRule } from './matrix.ts';
import { injectInquiry, registerAgency, SetupError } from './pool.ts';
import { predictAgencyRow } from './predict.ts';
import { REFUSED_RULE } from './reads.ts';
import { worldOf, type ModelRunner } from './runner.ts';
import { configureTopic } from './topic-steps.ts';
import type { AgencyRecord, App, InquiryRecord, World } from './world.ts';

// Issue 21 §3, webhooks: with both apps' topics pointed at callbacks of their own on the run's receiver, an event
// of an app's agency — an inquiry received, an inquiry sent again, a registration completed — reaches that app's
// callback, never another app's (Events: "The service sends webhooks to the app"; Authentication: what is visible
// is the calling app's). Each event is one instance; where the app's own delivery never came, the event shows
// nothing about routing unless another app's callback got it.

export const DELIVERY_RULE = 'scoping/webhook-delivery';
/** After the last expected delivery, how long a misrouted one may still take to arrive. */
const SETTLE_MS = 200;

interface Event {
  app: App;
  what: string;
  res: TargetResponse;
  /** Whether a delivery belongs to this event. */
  ours: (d: Delivery) => boolean;
}

/** The callback paths of each app's configurations in the run (every URL the run gave it). */
function pathsOf(w: World, app: App): string[] {
  return [...(w.urlsOf.get(app) ?? [])].map((u) => new URL(u).pathname.split('/').at(-1)!);
}

const at = (d: Delivery, names: readonly string[]): boolean => names.some((n) => d.path.split('?')[0]!.endsWith(`/${n}`));

export async function runDeliveryPart(r: ModelRunner): Promise<void> {
  const w = worldOf(r);
  const pool = r.pool;
  if (!pool) throw new SetupError('the writes part made no agencies to provoke events on');
  for (const app of ['primary', 'other'] as const) await configureTopic(r, w, app, 'registration');
  const server = await r.session.receiver();
  const mark = server.count();
  const events: Event[] = [];
  const inquiry = async (app: App, agency = app === 'primary' ? pool.a1 : pool.b1) => {
    const sentAt = Date.now();
    const rec = await injectInquiry(r, agency, app, { externalId: pool.shared, operador: agency.adminMail });
    events.push({
      app,
      what: `the inquiry ${rec.sid} received by ${agency.adminMail}, app ${app}'s`,
      res: r.lastHook!,
      ours: (d) => mentions(d.json, rec.key),
    });
    return { rec, sentAt };
  };
  await inquiry('primary');
  const theirs = await inquiry('other');
  const resent = await r.send('consultas-resend', { app: 'primary', params: { adminMail: pool.a1.adminMail, sid: pool.i1 } });
  const resentKey = pool.a1.inquiries.get('primary')!.records.find((rec) => rec.sid === pool.i1)!.key;
  events.push({ app: 'primary', what: `the inquiry ${pool.i1} of ${pool.a1.adminMail} sent again`, res: resent, ours: (d) => mentions(d.json, resentKey) });
  const registered = await registerAgency(r, w, 'primary', 'mr');
  // A registration payload's fields are not shown: any delivery to a registration callback in this window is it.
  const registrationPaths = (app: App) => pathsOf(w, app).filter((n) => n.includes('-registration-'));
  events.push({
    app: 'primary',
    what: `the registration of ${registered.adminMail}, invited by app primary`,
    res: r.lastHook!,
    ours: (d) => at(d, registrationPaths('primary')) || at(d, registrationPaths('other')),
  });
  const deadline = r.ctx.profile.webhooks.deliveryDeadlineMs;
  for (const e of events) await r.session.waitForDelivery((d) => d.seq > mark && e.ours(d) && at(d, pathsOf(w, e.app)), deadline);
  await sleep(SETTLE_MS);
  const seen = server.deliveries().filter((d) => d.seq > mark);
  for (const e of events) {
    const mine = seen.filter((d) => e.ours(d) && at(d, pathsOf(w, e.app)));
    const astray = seen.filter((d) => e.ours(d) && w.apps.some((a) => a !== e.app && at(d, pathsOf(w, a))));
    if (mine.length === 0 && astray.length === 0) {
      r.ledger.unjudged(
        DELIVERY_RULE,
        `${e.what} was delivered to no callback within ${deadline} ms (see events/inquiry-webhook-delivered, events/registration-webhook)`,
      );
      continue;
    }
    const expectation = `${e.what} delivered to app ${e.app}'s callback only, but ${astray.length} reached another app's: ${astray[0]?.path} [events/per-topic]`;
    r.ledger.record(DELIVERY_RULE, e.res, astray.length === 0 ? [] : [{ rule: DELIVERY_RULE, statement: 'events/per-topic', expectation, res: e.res }]);
  }
  await refusedResend(r, w, pool.b1, theirs, (d) => at(d, pathsOf(w, 'other')));
}

/**
 * A resend refused with 403 (the resend row: "403 (agency does not exist for the app)") sends nothing: primary asks
 * to resend an inquiry of other's agency whose own delivery reached other's callback, and no delivery of that
 * inquiry may follow, to any app (model/refused-write-unchanged). How long to listen: as long as the inquiry's own
 * delivery took, and the settle window the delivery checks use after it, never past the profile's delivery
 * deadline; the time runs on while the rest of the model run goes on, and the verdict is taken when it ends
 * (ModelRunner.settle), so the run waits only for what is left of it.
 */
async function refusedResend(
  r: ModelRunner,
  w: World,
  agency: AgencyRecord,
  { rec, sentAt: injectedAt }: { rec: InquiryRecord; sentAt: number },
  delivered: (d: Delivery) => boolean,
): Promise<void> {
  const server = await r.session.receiver();
  const own = server.deliveries().find((d) => delivered(d) && mentions(d.json, rec.key));
  if (!own) {
    return r.ledger.unjudged(
      REFUSED_RULE,
      `the inquiry ${rec.sid} of ${agency.adminMail} was not delivered to app other's callback: a refused resend of it shows nothing`,
    );
  }
  const latency = Math.max(0, Date.parse(own.receivedAt) - injectedAt);
  const p = predictAgencyRow(w, 'consultas-resend', 'primary', agency.adminMail, rec.sid);
  if (!p) return r.ledger.unjudged(REFUSED_RULE, `the model cannot tell what app primary may do with ${agency.adminMail}`);
  const mark = server.count();
  const sentAt = Date.now();
  const res = await r.send('consultas-resend', { app: 'primary', params: { adminMail: agency.adminMail, sid: rec.sid! } });
  const rule = cellRule(AGENCY_RESEND, 'primary', { adminMail: agency.adminMail, owner: 'other', kind: 'held' });
  r.judge({ rule, ...p, what: `app primary resending an inquiry webhook of app other's agency ${agency.adminMail}` }, res);
  if (res.status !== p.status[0]) return;
  const window = Math.min(r.ctx.profile.webhooks.deliveryDeadlineMs, (Number.isNaN(latency) ? 0 : latency) + DELIVERY_SETTLE_MS);
  r.settling.push(async () => {
    const late = await r.session.waitForDelivery((d) => d.seq > mark && mentions(d.json, rec.key), Math.max(0, sentAt + window - Date.now()));
    const statement = 'endpoints/consultas-resend/403';
    const expectation = `no delivery of the inquiry ${rec.sid} after ${res.status} to its resend by app primary, but one reached ${late?.path} [${statement}]`;
    r.ledger.record(REFUSED_RULE, res, late ? [{ rule: REFUSED_RULE, statement, expectation, res }] : []);
  });
}

const AGENCY_RESEND = endpoint('consultas-resend');
