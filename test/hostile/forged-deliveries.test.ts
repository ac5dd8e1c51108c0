import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { runCli, type ChildRun } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { startProxy, type ProxiedRequest } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { perTest, referenceProfileJson, startWebhookTarget } from './support/webhook-target.ts';

// Issue 22, defect 7: where the profile declares a signature scheme, `events/inquiry-webhook-delivered` took the
// first delivery that matched, whatever its signature: anyone who reaches the capture server (another local
// process; any host with --capture-listen 0.0.0.0:…) could satisfy the check, or break it, with a copy. Now a
// delivery without a valid signature never satisfies a delivery check — it is reported as forged — in `run` as
// in `simulate`; and a flood of them costs neither memory nor a verdict.

const SIGNATURE = { scheme: 'hmac-sha256', header: 'X-Firma', secret: 'vmp-genuine-signing-4c1e' };
// Below Linux's ephemeral range (32768-60999): no socket of a test running beside this one can hold them.
const PORTS = { run: 21_111, simulate: 21_112 } as const;
const t = perTest();

/** A POST of the hooks injecting an inquiry: its Consulta, which a forger copies into a payload of its own. */
function injected(req: ProxiedRequest): unknown {
  if (req.method !== 'POST' || !req.path.endsWith('/consultas') || req.path.startsWith('/v3')) return undefined;
  return (JSON.parse(req.body.toString('utf8')) as { consulta?: unknown }).consulta;
}

/** Posts, before the target can, an unsigned copy of every inquiry injected through the proxy, then `junk` more. */
async function forgingTarget(profileJson: Record<string, unknown>, callback: string, junk = 0) {
  t.target = await startWebhookTarget(profileJson);
  const forged: Promise<number>[] = [];
  const agent = new Agent({ connections: 32 });
  const post = (body: unknown) =>
    request(callback, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, dispatcher: agent }).then(
      async (r) => {
        await r.body.dump();
        return r.statusCode;
      },
      () => 0,
    );
  t.proxy = await startProxy(t.target.server.url, {
    request(req) {
      const consulta = injected(req);
      if (consulta !== undefined) {
        forged.push(post({ Consulta: consulta }));
        for (let i = 0; i < junk; i++) forged.push(post({ Consulta: { Forged: i }, pad: 'x'.repeat(2_000) }));
      }
      return undefined;
    },
    // The target's own delivery comes after the forged copy.
    delayMs: (req) => (injected(req) !== undefined ? 300 : 0),
  });
  return { forged };
}

async function profileFile(json: Record<string, unknown>): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-forged-'));
  const file = path.join(dir, 'profile.json');
  await writeFile(file, JSON.stringify(json));
  return { dir, file };
}

const signedProfile = async (signature: typeof SIGNATURE): Promise<Record<string, unknown>> => {
  const json = await referenceProfileJson();
  return { ...json, webhooks: { ...(json.webhooks as object), signature } };
};

type Results = { rules: { id: string; verdict: string; message?: string; observation?: string }[] };
const context = (run: ChildRun) => `exit ${run.code}\n${run.stdout.slice(-2_500)}\n${run.stderr}`;
const SECRETS = [SIGNATURE.secret, 'vmp-primary-7f3a2c', 'vmp-other-91c2d8'];

describe('run, with a signature scheme declared', () => {
  const runEvents = async (file: string, dir: string) =>
    runCli(
      [
        'run',
        '--base-url',
        t.proxy!.url,
        '--profile',
        file,
        '--report-dir',
        path.join(dir, 'report'),
        '--seed',
        '8',
        '--only',
        'events/inquiry-webhook-delivered,events/webhook-signature-valid',
        '--capture-listen',
        `127.0.0.1:${PORTS.run}`,
        '--callback-url',
        `http://127.0.0.1:${PORTS.run}`,
      ],
      { tmpDir: path.join(dir, 'tmp') },
    );
  const rules = async (dir: string) => (JSON.parse(await readFile(path.join(dir, 'report', 'results.json'), 'utf8')) as Results).rules;

  it('an unsigned copy that arrives first is not the delivery: the target’s, signed, is, and only once', { timeout: 150_000 }, async () => {
    const json = await signedProfile(SIGNATURE);
    const { forged } = await forgingTarget(json, `http://127.0.0.1:${PORTS.run}/primary-inquiry`);
    const { dir, file } = await profileFile(json);
    const run = await runEvents(file, dir);
    expect(await Promise.all(forged), 'the forged copies were accepted by the capture server').toContain(200);
    expect(run.code, context(run)).toBe(0);
    const delivered = (await rules(dir)).find((r) => r.id === 'events/inquiry-webhook-delivered');
    expect(delivered?.verdict, context(run)).toBe('pass');
    await expectNoSecrets({ dirs: [path.join(dir, 'report')], runs: [run] }, [...SECRETS, ...credentialsOf(t.target!.profile)]);
  });

  it('a target that signs with another key delivers nothing genuine: the delivery check fails, naming the forged ones', { timeout: 150_000 }, async () => {
    const target = await signedProfile({ ...SIGNATURE, secret: 'not-the-profile-key-77' });
    t.target = await startWebhookTarget(target);
    t.proxy = await startProxy(t.target.server.url);
    const { dir, file } = await profileFile(await signedProfile(SIGNATURE));
    const run = await runEvents(file, dir);
    expect(run.code, context(run)).toBe(1);
    const delivered = (await rules(dir)).find((r) => r.id === 'events/inquiry-webhook-delivered');
    expect(delivered?.verdict, context(run)).toBe('fail');
    expect(delivered?.message).toMatch(/carried no valid hmac-sha256 signature and were not taken for the target's \(forged: #\d+ signature invalid/);
    await expectNoSecrets({ dirs: [path.join(dir, 'report')], runs: [run] }, [...SECRETS, ...credentialsOf(t.target!.profile)]);
  });
});

describe('simulate, with a signature scheme declared', () => {
  it('unsigned copies of every inquiry and 100 junk deliveries each count for nothing: none lost, none duplicated, exit 0', { timeout: 150_000 }, async () => {
    const json = await signedProfile(SIGNATURE);
    const { forged } = await forgingTarget(json, `http://127.0.0.1:${PORTS.simulate}/primary`, 100);
    const { dir, file } = await profileFile(json);
    const reportDir = path.join(dir, 'report');
    const run = await runCli(
      [
        'simulate',
        '--base-url',
        t.proxy!.url,
        '--profile',
        file,
        '--inquiries',
        '10',
        '--rate',
        '10',
        '--seed',
        '8',
        '--report-dir',
        reportDir,
        '--capture-listen',
        `127.0.0.1:${PORTS.simulate}`,
        '--callback-url',
        `http://127.0.0.1:${PORTS.simulate}`,
      ],
      { tmpDir: path.join(dir, 'tmp') },
    );
    const statuses = await Promise.all(forged);
    expect(statuses.filter((s) => s === 200).length, JSON.stringify(statuses.slice(0, 20))).toBeGreaterThan(500);
    const result = JSON.parse(await readFile(path.join(reportDir, 'simulation.json'), 'utf8')) as {
      counts: Record<string, number>;
      capture: { forged: number };
      exitCode: number;
    };
    expect(result.counts, context(run)).toMatchObject({ lost: 0, duplicated: 0, mismatched: 0 });
    expect(result.counts.forged).toBeGreaterThanOrEqual(10);
    expect(result.capture.forged).toBeGreaterThan(1_000);
    expect(run.code, context(run)).toBe(0);
    expect(run.stdout).toMatch(/simulate: \d+ deliveries without a valid signature \(profile webhooks\.signature\): forged, not counted as the target's/);
    await expectNoSecrets({ dirs: [path.join(dir, 'report')], runs: [run] }, [...SECRETS, ...credentialsOf(t.target!.profile)]);
  });
});
