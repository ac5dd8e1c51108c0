import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { startProxy, startTakeoverProxy, type ProxiedRequest } from './support/proxy.ts';
import { isTakeover, perTest, referenceProfileJson, startWebhookTarget, USER_CALLBACK, USER_TOPIC } from './support/webhook-target.ts';

// Issue 14 with Principle 4: `init` changes webhook configurations to learn from the target, so whatever it changes
// is put back, on Ctrl-C too, and a configured topic whose restore through the inferred template would drop a
// member (an "active" flag the user set) is not touched at all — nor is any webhook triggered that could reach
// the user's own callback. A topic's configuration is one app's (Endpoints > AppNotificaciones): what init may
// change of app other's, which the user did not configure, it saves first and puts back too.

const TOPIC = USER_TOPIC;
const PRIMARY = 'Bearer vmp-primary-7f3a2c';
const CREDENTIALS = ['--header', `Authorization: ${PRIMARY}`, '--other-header', 'Authorization: Bearer vmp-other-91c2d8'];

/** A change of the primary app's configuration of TOPIC, the one the user made. */
const primaryTakeover = (req: ProxiedRequest): boolean => isTakeover(req, PRIMARY);

const t = perTest();

async function outFile(): Promise<string> {
  return path.join(await mkdtemp(path.join(tmpdir(), 'vmp-init-signal-')), 'profile.json');
}

/**
 * The credentials init was given, absent from what it printed and its temporary files. The profile it writes is
 * the user's own file and holds what was given: a literal credential as such, a `${ENV}` one as the reference
 * (test/cli/init.test.ts).
 */
const scan = async (child: ReturnType<typeof spawnCli>) => expectNoSecrets({ runs: [await child.exited] }, credentialsOf(t.target!.profile));

/**
 * init through a proxy that counts the requests `counts` picks and every resend (by the app that sent them): it
 * exits 0, prints and leaves no credential, and writes a profile.
 */
async function initCounting(counts: (req: ProxiedRequest) => boolean) {
  const touched: string[] = [];
  t.proxy = await startProxy(t.target!.server.url, {
    request(req) {
      const app = String(req.headers.authorization ?? '').includes(PRIMARY) ? 'primary' : 'another app';
      if (counts(req) || req.path.endsWith('/resendwebhook')) touched.push(`${req.method} ${req.path} as ${app}`);
      return undefined;
    },
  });
  const out = await outFile();
  const child = spawnCli(['init', '--base-url', t.proxy.url, ...CREDENTIALS, '--out', out], { tmpDir: `${path.dirname(out)}/tmp` });
  const { code } = await child.exited;
  expect(code, child.stdout() + child.stderr()).toBe(0);
  await scan(child);
  return { touched, profile: JSON.parse(await readFile(out, 'utf8')) as { $comment: Record<string, string> } };
}

describe('init and the webhook configurations a user has', () => {
  it('SIGINT while a configured topic is taken over: it is put back, nothing is written, exit 130', { timeout: 120_000 }, async () => {
    t.target = await startWebhookTarget(await referenceProfileJson());
    await t.target.configure('primary', TOPIC, { Url: USER_CALLBACK });
    const { proxy, takenOver } = await startTakeoverProxy(t.target.server.url, primaryTakeover);
    t.proxy = proxy;
    const out = await outFile();
    const child = spawnCli(['init', '--base-url', t.proxy.url, ...CREDENTIALS, '--out', out], { tmpDir: `${path.dirname(out)}/tmp` });
    await takenOver;
    child.child.kill('SIGINT');
    const { code } = await child.exited;
    expect(code, child.stdout() + child.stderr()).toBe(130);
    expect(child.stdout()).toMatch(/init: SIGINT: stopping, then restoring/);
    expect(child.stdout()).toContain(`init: restored the primary app's webhook topic '${TOPIC}' (was ${USER_CALLBACK})`);
    expect((await t.target.config('primary', TOPIC))?.Url).toBe(USER_CALLBACK);
    await expect(readFile(out, 'utf8')).rejects.toThrow();
    await scan(child);
  });

  it('a configured topic with a member the inferred template would drop is left alone, and no webhook is triggered', { timeout: 120_000 }, async () => {
    t.target = await startWebhookTarget(await referenceProfileJson());
    await t.target.configure('primary', TOPIC, { Url: USER_CALLBACK, Activo: true });
    const before = await t.target.config('primary', TOPIC);
    const { touched, profile } = await initCounting(primaryTakeover);
    expect(touched).toEqual([]);
    expect(await t.target.config('primary', TOPIC)).toEqual(before);
    // App other's TOPIC, which the user did not configure, is as init found it: not configured.
    expect(await t.target.config('other', TOPIC)).toBeUndefined();
    expect(profile.$comment['webhooks.consultaPointer']).toMatch(/^not inferred: .*'consultas' is configured and could not be put back as found/);
  });

  it('the topic configured so by both apps: neither configuration is changed, and no webhook is triggered', { timeout: 120_000 }, async () => {
    t.target = await startWebhookTarget(await referenceProfileJson());
    await t.target.configure('primary', TOPIC, { Url: USER_CALLBACK, Activo: true });
    await t.target.configure('other', TOPIC, { Url: USER_CALLBACK, Activo: false });
    const configs = async () => ({ primary: await t.target!.config('primary', TOPIC), other: await t.target!.config('other', TOPIC) });
    const before = await configs();
    const { touched, profile } = await initCounting((req) => isTakeover(req));
    expect(touched).toEqual([]);
    expect(await configs()).toEqual(before);
    expect(profile.$comment.unavailableTopics).toMatch(/^not inferred: .*app other's 'consultas' could not be saved to be put back/);
  });
});
