import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'undici';
import { afterEach } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../../reference/server.ts';
import type { Profile } from '../../../sut/profile.ts';
import { parseProfile } from '../../../sut/profile-load.ts';
import { ROOT } from './cli-child.ts';
import type { ProxiedRequest, RunningProxy } from './proxy.ts';

// A reference server whose webhook topics a user has configured before the run, read and written directly (not
// through any proxy in front of it), so a test can see what a run left behind (issue 13, items 4–5).

export const USER_CALLBACK = 'http://127.0.0.1:9/user-hook';
/** The inquiry topic the user configured (profiles/reference.json). */
export const USER_TOPIC = 'consultas';

/**
 * A run's change of the user's inquiry topic that points it away from the user's callback (its own capture URL, or
 * a deletion's re-creation): the moment a test kills or signals it. `authorization` narrows it to one app's.
 */
export const isTakeover = (req: ProxiedRequest, authorization?: string): boolean =>
  (req.method === 'PUT' || req.method === 'POST') &&
  req.path === `/v3/appnotificaciones/${USER_TOPIC}` &&
  (authorization === undefined || String(req.headers.authorization ?? '').includes(authorization)) &&
  !req.body.toString('utf8').includes(USER_CALLBACK);

export const referenceProfileJson = async (): Promise<Record<string, unknown>> =>
  JSON.parse(await readFile(path.join(ROOT, 'profiles/reference.json'), 'utf8')) as Record<string, unknown>;

export interface WebhookTarget {
  server: ReferenceServer;
  profile: Profile;
  /** The app's configuration of topic as the server holds it (every member), or undefined when not configured. */
  config(app: 'primary' | 'other', topic: string): Promise<Record<string, unknown> | undefined>;
  /**
   * The app's configuration of topic as the server answers it, byte for byte, or undefined when not configured —
   * but for the times the server stamps (CreadaEl, ModificadaEl): no request of the API can set them, a restore
   * is a change, and a check may remove and create a topic again (appnotificaciones/delete-204, init's probing
   * of a resend without a callback).
   */
  configBytes(app: 'primary' | 'other', topic: string): Promise<string | undefined>;
  configure(app: 'primary' | 'other', topic: string, body: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookTarget(profileJson: Record<string, unknown>): Promise<WebhookTarget> {
  const profile = parseProfile(profileJson, {});
  const server = await startReferenceServer({ profile });
  const url = (topic: string) => `${server.url}/v3/appnotificaciones/${encodeURIComponent(topic)}`;
  const headers = (app: 'primary' | 'other') => ({ ...profile.apps[app].headers, 'content-type': 'application/json', accept: 'application/json' });
  return {
    server,
    profile,
    async config(app, topic) {
      const res = await request(url(topic), { headers: headers(app) });
      if (res.statusCode === 404) return void (await res.body.dump());
      const { _links: _ignored, ...json } = (await res.body.json()) as Record<string, unknown>;
      return json;
    },
    async configBytes(app, topic) {
      const res = await request(url(topic), { headers: headers(app) });
      const text = await res.body.text();
      return res.statusCode === 404 ? undefined : text.replace(/"(CreadaEl|ModificadaEl)":"[^"]*"/g, '"$1":"(stamped by the server)"');
    },
    async configure(app, topic, body) {
      const res = await request(url(topic), { method: 'POST', headers: headers(app), body: JSON.stringify(body) });
      await res.body.dump();
      if (res.statusCode !== 201) throw new Error(`configuring ${topic}: ${res.statusCode}`);
    },
    close: () => server.close(),
  };
}

/** The current test's target and the proxy in front of it, both closed after each test. */
export function perTest(): { target?: WebhookTarget; proxy?: RunningProxy } {
  const held: { target?: WebhookTarget; proxy?: RunningProxy } = {};
  afterEach(async () => {
    await held.proxy?.close();
    await held.target?.close();
    delete held.proxy;
    delete held.target;
  });
  return held;
}
