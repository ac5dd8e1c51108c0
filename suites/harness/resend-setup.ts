import { isDeepStrictEqual } from 'node:util';
import { endpoint } from '../../models/index.ts';
import type { Delivery } from '../../webhooks/capture-server.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { AppName } from '../../sut/profile.ts';
import { skipsCheck, type Check } from './check.ts';
import { describeResponse } from './describe.ts';
import { webhookUrl } from './request-inputs.ts';
import type { WebhookSession } from './webhook-session.ts';

// Endpoints > Consultas: resendwebhook answers "202 with header Location (URI of the webhook callback); the
// body carries the webhook payload that was sent". Without a configured callback there is no such URI, and a
// conforming target may refuse the resend (400) — before or after it looks at the agency and the inquiry, as
// the spec orders no refusals. So every check that sends a resend first points the app's inquiry topic (the
// profile's topics.inquiry) somewhere, through its file's webhook session, which restores it in afterAll.

const CONFIGURED = [200, 201];
const RESEND = endpoint('consultas-resend');

/** Points (app, inquiry topic) at url; the reason it could not be, or undefined. */
async function pointInquiryTopic(c: Check, session: WebhookSession, app: AppName, url: string): Promise<string | undefined> {
  const topic = c.ctx.profile.topics.inquiry;
  const res = await session.configure(app, topic, url);
  if (res.status !== undefined && CONFIGURED.includes(res.status)) return undefined;
  return `the ${app} app's inquiry topic '${topic}' could not be configured (PUT/POST: ${describeResponse(res)})`;
}

/** Skips when the target cannot deliver to the run's capture server; call before preparing anything else. */
export function requireCapture(c: Check, session: WebhookSession): void {
  const unreachable = session.unreachable();
  if (unreachable) c.skip(`an accepted resend needs a callback the run receives: ${unreachable}`);
}

/**
 * For a resend that must be accepted: points the app's inquiry topic at `/${name}` of the run's capture server
 * and gives that callback URL. Skips when the target cannot reach the capture server or refuses the
 * configuration: without a callback a refusal would be right.
 */
export async function acceptingCallback(c: Check, session: WebhookSession, name: string, app: AppName = 'primary'): Promise<string> {
  requireCapture(c, session);
  const url = await session.callbackUrl(name);
  const failed = await pointInquiryTopic(c, session, app, url);
  if (failed) c.skip(`a resend needs a configured callback to be accepted, but ${failed}`);
  return url;
}

/**
 * For a resend that must be refused (403, 404 or 400 for another reason): points the app's inquiry topic at a
 * URL that is never delivered to, so the refusal cannot be the one for a missing callback. Nothing is changed
 * in a read-only run. Gives the reason the topic is not configured, or undefined when it is.
 */
export async function refusingCallback(c: Check, session: WebhookSession, app: AppName = 'primary'): Promise<string | undefined> {
  if (c.ctx.readOnly) return `read-only run: the ${app} app's inquiry topic was not configured`;
  return pointInquiryTopic(c, session, app, webhookUrl(c));
}

/**
 * refusingCallback for a check whose resend cases are a few among many: a topic the run may not change and put
 * back leaves the resend cases out (the reason is given back) instead of skipping the whole check.
 */
export async function refusingCallbackOrReason(c: Check, session: WebhookSession, app: AppName = 'primary'): Promise<string | undefined> {
  try {
    return await refusingCallback(c, session, app);
  } catch (error) {
    if (!skipsCheck(error)) throw error;
    return (error as Error).message;
  }
}

/**
 * A 400 to a resend whose callback could not be set up may be the refusal of a resend without a callback,
 * whatever else the request did: the check cannot tell, so it skips with both reasons.
 */
export function skipIfUnprepared(c: Check, unprepared: string | undefined, res: TargetResponse): void {
  if (unprepared && res.status === 400) c.skip(`${unprepared}, and the target answered 400, which may refuse a resend without a callback`);
}

/** Whether a Location names the configured callback URL (resolved against the base URL, compared normalized). */
export function isCallback(location: string | undefined, url: string, baseUrl: string): boolean {
  if (location === undefined || location === '' || !URL.canParse(location, baseUrl)) return false;
  return new URL(location, baseUrl).href === new URL(url).href;
}

/** What an accepted resend is judged on, by default all of it: the row's Location, body, and its delivery. */
export type ResendAspect = 'location' | 'payload' | 'delivery';
const ALL_ASPECTS: readonly ResendAspect[] = ['location', 'payload', 'delivery'];

export interface AcceptedResend {
  res: TargetResponse;
  /** The capture server's delivery count just before the resend: later deliveries have a greater seq. */
  mark: number;
}

export interface ResendCall {
  adminMail: string;
  sid: string;
  /** The callback acceptingCallback configured, and the name it was given. */
  url: string;
  name: string;
  /** The request, in a few words, for failure messages. */
  what: string;
}

/**
 * Sends the resend whose callback acceptingCallback configured and judges it as the row states it: 202, then
 * (each aspect unless left out) Location equal to the configured callback, a body, and exactly that body
 * delivered to the callback within the profile's webhooks.deliveryDeadlineMs.
 */
export async function sendAcceptedResend(
  c: Check,
  session: WebhookSession,
  call: ResendCall,
  aspects: readonly ResendAspect[] = ALL_ASPECTS,
): Promise<AcceptedResend> {
  const server = await session.receiver();
  const mark = server.count();
  const res = await c.send(RESEND.id, { params: { adminMail: call.adminMail, sid: call.sid } });
  c.expectStatus(res, RESEND.success.status, `${call.what}, with the inquiry topic configured`);
  if (aspects.includes('location')) {
    const location = res.headers.location;
    c.expect(isCallback(location, call.url, c.ctx.baseUrl), `Location ${call.url} (the configured callback), not ${location ?? 'none'}`, res);
  }
  const body = res.json;
  if (aspects.includes('payload')) {
    const empty = body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0);
    c.expect(!empty, `a body carrying the webhook payload that was sent${res.jsonError ? ` (not JSON: ${res.jsonError})` : ''}`, res);
  }
  if (aspects.includes('delivery')) {
    const deadline = c.ctx.profile.webhooks.deliveryDeadlineMs;
    const after = (d: Delivery) => d.seq > mark && d.path.endsWith(`/${call.name}`);
    const wanted = (d: Delivery) => after(d) && isDeepStrictEqual(d.json, body);
    const delivered = await session.waitForDelivery(wanted, deadline);
    c.showDeliveries(server.deliveries().filter(after));
    if (!delivered) {
      const others = server.deliveries().filter(after);
      const seen = others.length === 0 ? 'nothing arrived' : `${others.length} other arrived, e.g. ${JSON.stringify(others[0]!.json).slice(0, 200)}`;
      c.fail(`the body's payload delivered to the configured callback within ${deadline} ms, but ${seen}${await session.forgedNote(wanted)}`, res);
    }
  }
  return { res, mark };
}
