import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { rewriteJson, startProxy, type ProxiedRequest } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { perTest, referenceProfileJson, startWebhookTarget, USER_CALLBACK } from './support/webhook-target.ts';

// Issue 13, item 5: an independent server whose AppWebhook (GET) and AppWebhookUpsert (PUT/POST) use different
// member names — it reads back the callback URL as `Destino` but takes it as `Url`, refuses any member it does
// not take (400), and never shows the write-only `Secreto` (nor `Nota`). Made from the reference server behind a
// proxy; the user's own configuration is set up and inspected on the reference server directly.

const TOPIC = 'consultas';
const USER_SECRET = `user's "hook" secret \\ €`;
const TAKES = new Set(['Url', 'Secreto', 'Nota']);
const CONFIG_PATH = /^\/v3\/appnotificaciones\/[^/?]+$/;

const t = perTest();

async function independentServer(): Promise<{ dir: string; serverJson: Record<string, unknown> }> {
  const serverJson = await referenceProfileJson();
  // The server takes Url, Secreto and Nota (typed as strings by the reference server's template).
  serverJson.templates = { ...(serverJson.templates as object), webhookUpsert: { Url: '{{url}}', Secreto: 's', Nota: 'n' } };
  t.target = await startWebhookTarget(serverJson);
  await t.target.configure('primary', TOPIC, { Url: USER_CALLBACK, Secreto: USER_SECRET, Nota: 'the user note' });
  t.proxy = await startProxy(t.target.server.url, {
    request(req) {
      if (!CONFIG_PATH.test(req.path) || (req.method !== 'PUT' && req.method !== 'POST')) return undefined;
      let unknown: string[] = [];
      rewriteJson(req.body, (j) => (unknown = j && typeof j === 'object' ? Object.keys(j).filter((k) => !TAKES.has(k)) : []));
      if (unknown.length === 0) return undefined;
      const problem = { type: 'about:blank', title: 'Bad Request', status: 400, errors: Object.fromEntries(unknown.map((k) => [k, ['unknown member']])) };
      return { status: 400, headers: { 'content-type': 'application/problem+json' }, body: Buffer.from(JSON.stringify(problem)) };
    },
    response(req, res) {
      if (!CONFIG_PATH.test(req.path.split('?')[0]!)) return res;
      const body = rewriteJson(res.body, (j) => {
        if (!j || typeof j !== 'object' || Array.isArray(j)) return j;
        const { Url, Secreto: _secret, Nota: _note, ...rest } = j as Record<string, unknown>;
        return Url === undefined ? rest : { ...rest, Destino: Url };
      });
      return { ...res, body };
    },
  });
  return { dir: await mkdtemp(path.join(tmpdir(), 'vmp-hostile-restore-')), serverJson };
}

async function run(dir: string, serverJson: Record<string, unknown>, webhookUpsert: Record<string, unknown>, extra: string[] = []) {
  const profile = path.join(dir, 'profile.json');
  await writeFile(profile, JSON.stringify({ ...serverJson, templates: { ...(serverJson.templates as object), webhookUpsert } }));
  const reportDir = path.join(dir, 'report');
  const child = await runCli(
    [
      'run',
      '--seed',
      '7',
      '--runs',
      '2',
      '--only',
      'appnotificaciones/*,events/*,status/appnotificaciones-*',
      '--base-url',
      t.proxy!.url,
      '--profile',
      profile,
      '--report-dir',
      reportDir,
      ...extra,
    ],
    { env: { VMP_HOSTILE_USER_SECRET: USER_SECRET }, tmpDir: path.join(dir, 'tmp') },
  );
  const results = JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')) as {
    unhandledErrors: string[];
    summary: { passed: number; failed: number; skipped: number };
    rules: { id: string; verdict: string; skipReason?: string; message?: string }[];
  };
  // The profile the test wrote holds the reference credentials: only what the run wrote is scanned.
  await expectNoSecrets({ dirs: [reportDir], runs: [child] }, [USER_SECRET, ...credentialsOf(t.target!.profile)]);
  return { code: child.code, results, printed: child.stdout + child.stderr };
}

/** Requests that could change the user's topic: a DELETE, or a PUT/POST whose body is an object (the suites also send
 * malformed and non-object bodies, which cannot replace a configuration, to real topics). */
const touchedBy = (requests: readonly ProxiedRequest[]) =>
  requests.filter((r) => {
    if (r.path.split('?')[0] !== `/v3/appnotificaciones/${TOPIC}` || !String(r.headers.authorization).includes('primary')) return false;
    if (r.method === 'DELETE') return true;
    let object = false;
    rewriteJson(r.body, (j) => (object = j !== null && typeof j === 'object' && !Array.isArray(j)));
    return (r.method === 'PUT' || r.method === 'POST') && object;
  });

describe('restoring a webhook configuration on a server whose two representations differ', () => {
  it('puts back the callback URL and the write-only secret from the profile template, exit 0', { timeout: 180_000 }, async () => {
    const { dir, serverJson } = await independentServer();
    // The user keeps no note here: the template names every member the configuration has.
    await t.target!.configure('primary', 'agencias.registro', { Url: `${USER_CALLBACK}/reg`, Secreto: USER_SECRET });
    const r = await run(dir, serverJson, { Url: '{{url}}', Secreto: '${VMP_HOSTILE_USER_SECRET}' });
    expect(r.code, r.printed).toBe(0);
    expect(r.results.unhandledErrors).toEqual([]);
    expect(r.results.summary.failed).toBe(0);
    // The topic was changed during the run (so the restore was exercised), and is as the user left it.
    expect(touchedBy(t.proxy!.requests).length).toBeGreaterThan(1);
    expect(await t.target!.config('primary', TOPIC)).toMatchObject({ Url: USER_CALLBACK, Secreto: USER_SECRET });
    expect(await t.target!.config('primary', 'agencias.registro')).toMatchObject({ Url: `${USER_CALLBACK}/reg`, Secreto: USER_SECRET });
  });

  it('leaves a topic it could not put back untouched, and the checks that need it skip with the reason', { timeout: 180_000 }, async () => {
    const { dir, serverJson } = await independentServer();
    const before = await t.target!.config('primary', TOPIC);
    // Nota carries a value of this run, and the server never shows Nota: a restore would lose the user's note.
    const r = await run(dir, serverJson, { Url: '{{url}}', Secreto: '${VMP_HOSTILE_USER_SECRET}', Nota: 'vmp {{runId}}' });
    expect(r.code, r.printed).toBe(0);
    expect(touchedBy(t.proxy!.requests)).toEqual([]);
    expect(await t.target!.config('primary', TOPIC)).toEqual(before);
    const skipped = r.results.rules.filter(
      (x) => x.verdict === 'skip' && x.skipReason?.includes(`webhook topic '${TOPIC}' is configured and could not be put back`),
    );
    expect(skipped.map((x) => x.id)).toEqual(expect.arrayContaining(['appnotificaciones/put-200', 'events/inquiry-webhook-delivered']));
    expect(skipped[0]!.skipReason).toMatch(/lose Nota .*--discard-unrestorable-webhooks/);
  });

  it('with --discard-unrestorable-webhooks changes it anyway, restores what it can and says what was lost', { timeout: 180_000 }, async () => {
    const { dir, serverJson } = await independentServer();
    const r = await run(dir, serverJson, { Url: '{{url}}', Secreto: '${VMP_HOSTILE_USER_SECRET}', Nota: 'vmp {{runId}}' }, ['--discard-unrestorable-webhooks']);
    expect(r.code, r.printed).toBe(0);
    expect(touchedBy(t.proxy!.requests).length).toBeGreaterThan(1);
    const after = await t.target!.config('primary', TOPIC);
    expect(after).toMatchObject({ Url: USER_CALLBACK, Secreto: USER_SECRET });
    expect(after?.Nota).not.toBe('the user note');
    expect(r.printed).toContain(
      `run: --discard-unrestorable-webhooks: the primary app's webhook topic '${TOPIC}' (was ${USER_CALLBACK}) was restored without Nota`,
    );
  });
});
