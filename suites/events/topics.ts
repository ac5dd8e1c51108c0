import type { CaptureServer, Delivery } from '../../webhooks/capture-server.ts';
import type { AppName } from '../../sut/profile.ts';
import type { Check } from '../harness/check.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';

// What the delivery checks of Events share: the receiver (or a skip saying why none is reachable), the hooks (or a
// skip), and a topic pointed at a callback of its own, `/<name>` under the receiver, so a delivery's path tells
// which app's which topic the target sent it to.

/** The session's receiver; skips when the target's deliveries cannot reach it. */
export async function receiverOrSkip(c: Check, session: WebhookSession): Promise<CaptureServer> {
  const unreachable = session.unreachable();
  if (unreachable) c.skip(unreachable);
  return session.receiver();
}

export function hooksOrSkip(c: Check): void {
  if (c.ctx.profile.simulationHooks === null) c.skip('the profile declares no simulation hooks (simulationHooks: null)');
}

/** Points (app, topic) at the callback `/${name}` of the receiver; gives back the status the target answered. */
export async function pointTopic(
  c: Check,
  session: WebhookSession,
  app: AppName,
  topic: string,
  name: string,
  allowed = [200, 201],
): Promise<number | undefined> {
  const res = await session.configure(app, topic, await session.callbackUrl(name));
  c.givenStatus(res, allowed, `configuring the ${app} app's topic '${topic}' to call back /${name}`);
  return res.status;
}

/** Delivered to /name, or under the --callback-url's path when a tunnel passes it on. */
export const on = (name: string) => (d: Delivery) => d.path.endsWith(`/${name}`);
/** The callback paths the deliveries arrived on. */
export const paths = (ds: readonly Delivery[]) => [...new Set(ds.map((d) => d.path))].join(', ') || 'none';
