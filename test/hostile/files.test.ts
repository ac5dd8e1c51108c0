import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { startProxy, type ProxiedRequest } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { perTest, referenceProfileJson, startWebhookTarget, USER_CALLBACK } from './support/webhook-target.ts';

// Issue 22, defect 8: `init --out` silently replaced an existing (hand-edited) profile; the profile it writes,
// which holds the credentials it was given, was readable by every user of the machine; and a run left
// temporary names behind when it exited at once (a second Ctrl-C). Now init refuses to replace a file unless
// --force, writes it 0600, and no exit path leaves a temporary name.

const PRIMARY = 'Authorization: Bearer vmp-primary-7f3a2c';
const OTHER = 'Authorization: Bearer vmp-other-91c2d8';
const SECRETS = ['Bearer vmp-primary-7f3a2c', 'vmp-primary-7f3a2c', 'Bearer vmp-other-91c2d8', 'vmp-other-91c2d8'];
const TOPIC = 'consultas';
const t = perTest();
const tempDir = (name: string) => mkdtemp(path.join(tmpdir(), `vmp-hostile-${name}-`));
/** Names a writer stages a file under (support/atomic-write.ts) and vitest's reporters write to. */
const TEMPORARY = /\.tmp$/;

describe('init --out', () => {
  it('refuses to replace an existing file unless --force, before it sends a request', { timeout: 120_000 }, async () => {
    t.target = await startWebhookTarget(await referenceProfileJson());
    t.proxy = await startProxy(t.target.server.url);
    const dir = await tempDir('init-out');
    const out = path.join(dir, 'vmp-profile.json');
    const edited = '{ "apps": { "primary": { "headers": { "Authorization": "Bearer ${MY_TOKEN}" } } }, "note": "edited by hand" }\n';
    await writeFile(out, edited);
    const refused = await runCli(['init', '--base-url', t.proxy.url, '--header', PRIMARY, '--other-header', OTHER, '--out', out], {
      tmpDir: path.join(dir, 'tmp'),
    });
    expect(refused.code, refused.stdout + refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(/^vmp-conformance: --out .*vmp-profile\.json exists: init does not replace a file \(pass --force to replace it/);
    expect(await readFile(out, 'utf8')).toBe(edited);
    expect(t.proxy.requests).toEqual([]);

    const forced = await runCli(['init', '--base-url', t.proxy.url, '--header', PRIMARY, '--other-header', OTHER, '--out', out, '--force'], {
      tmpDir: path.join(dir, 'tmp'),
    });
    expect(forced.code, forced.stdout + forced.stderr).toBe(0);
    expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({ apps: { primary: { headers: { Authorization: 'Bearer vmp-primary-7f3a2c' } } } });
    // It holds the credentials it was given: readable and writable by its owner only.
    expect((await stat(out)).mode & 0o777).toBe(0o600);
    expect((await readdir(dir)).filter((f) => TEMPORARY.test(f))).toEqual([]);
    await expectNoSecrets({ runs: [refused, forced] }, SECRETS);
  });
});

/** The run pointing the primary app's inquiry topic somewhere other than the user's callback. */
const isTakeover = (req: ProxiedRequest): boolean =>
  (req.method === 'PUT' || req.method === 'POST') &&
  req.path === `/v3/appnotificaciones/${TOPIC}` &&
  String(req.headers.authorization ?? '').includes('primary') &&
  !req.body.toString('utf8').includes(USER_CALLBACK);

describe('a run that exits at once', () => {
  it.each(['SIGINT', 'SIGHUP'] as const)('on a second signal (%s) leaves no temporary name behind', { timeout: 150_000 }, async (second) => {
    const json = await referenceProfileJson();
    t.target = await startWebhookTarget(json);
    await t.target.configure('primary', TOPIC, { Url: USER_CALLBACK, Activo: true });
    let takenOver = false;
    let signalled: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (signalled = resolve));
    // Once the topic is taken over the target answers nothing: the first signal's restore never ends.
    t.proxy = await startProxy(t.target.server.url, {
      request(req) {
        if (takenOver) return 'hang';
        if (isTakeover(req)) {
          takenOver = true;
          signalled();
        }
        return undefined;
      },
    });
    const dir = await tempDir('second-signal');
    const profile = path.join(dir, 'profile.json');
    await writeFile(profile, JSON.stringify(json));
    const reportDir = path.join(dir, 'report');
    const child = spawnCli(['run', '--seed', '5', '--only', 'events/*', '--base-url', t.proxy.url, '--profile', profile, '--report-dir', reportDir], {
      tmpDir: path.join(dir, 'tmp'),
    });
    await reached;
    await sleep(300);
    child.child.kill('SIGINT');
    await child.waitFor(/run: SIGINT: stopping/);
    await sleep(500);
    child.child.kill(second);
    const run = await child.exited;
    expect(run.code, run.stdout + run.stderr).toBe(130);
    expect(run.stdout).toMatch(new RegExp(`run: ${second} again: exiting at once`));
    const left = (await readdir(reportDir).catch(() => [])).filter((f) => TEMPORARY.test(f));
    expect(left).toEqual([]);
    await expectNoSecrets({ dirs: [reportDir], runs: [run] }, credentialsOf(t.target.profile));
  });
});
