import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TargetClient } from '../../target/client.ts';
import { callEndpoint } from '../../target/call.ts';
import type { Profile } from '../../target/profile.ts';
import { secretsOf } from '../../target/secrets.ts';
import { formsOf } from '../../target/redact.ts';
import type { ReferenceServer } from '../../reference/server.ts';
import { ALT_PROFILE_FILE, freshReference, loadProfile, pool, PROFILE_FILE, QUERY_PROFILE_FILE } from '../mutants/run-cli.ts';
import { cli, tempDir, type CliResult } from './run-support.ts';

// Issue 14, acceptance: from only --base-url and the credentials, `init` against the reference server with each of
// its profiles' choices (default, alt, query-auth) writes a profile with which `run` passes with no more skipped
// rules than with the hand-written profile; init leaves the target as it found it and exits 0 (3 when the
// credentials are refused); `run` with a credentials-only profile passes with no more skips than the full profile
// and lists what it inferred. The signing secret counts as a credential (--webhook-secret): nothing else shows it.

const CASES = [
  { name: 'default', file: PROFILE_FILE },
  { name: 'alt', file: ALT_PROFILE_FILE },
  { name: 'query', file: QUERY_PROFILE_FILE },
] as const;
type Case = (typeof CASES)[number];

const APP_FLAGS = { primary: '', other: 'other-', empty: 'empty-' } as const;
/** The primary app's first credential reaches init as a ${ENV} reference: it must stay one in the file. */
const envName = (c: Case) => `VMP_INIT_${c.name.toUpperCase()}`;

function credentialFlags(c: Case, profile: Profile): { args: string[]; env: Record<string, string> } {
  const args: string[] = [];
  const env: Record<string, string> = {};
  for (const [app, prefix] of Object.entries(APP_FLAGS) as [keyof typeof APP_FLAGS, string][]) {
    const creds = profile.apps[app];
    if (!creds) continue;
    const referenced = (value: string) => {
      if (app !== 'primary' || Object.keys(env).length > 0) return value;
      env[envName(c)] = value;
      return `\${${envName(c)}}`;
    };
    for (const [name, value] of Object.entries(creds.headers)) args.push(`--${prefix}header`, `${name}: ${referenced(value)}`);
    for (const [name, value] of Object.entries(creds.query)) args.push(`--${prefix}query`, `${name}=${referenced(value)}`);
  }
  const secret = profile.webhooks.signature?.secret;
  if (secret) args.push('--webhook-secret', secret);
  return { args, env };
}

/** What init may not change: each app's agencies, and its webhook topics with their configurations. */
async function targetState(server: ReferenceServer, profile: Profile): Promise<unknown> {
  const client = new TargetClient({ baseUrl: server.url, profile, secrets: secretsOf(profile) });
  try {
    const state: Record<string, unknown> = {};
    for (const app of ['primary', 'other', 'empty'] as const) {
      const agencies = await callEndpoint(client, 'agencias-list', { app, form: 'ref' });
      const topics = await callEndpoint(client, 'appnotificaciones-list', { app, form: 'json' });
      const configs: Record<string, unknown> = {};
      for (const topic of [...Object.values(profile.topics), 'vmp-conformance-unavailable']) {
        const res = await callEndpoint(client, 'appnotificaciones-get', { app, params: { topic }, form: 'json' });
        configs[topic] = { status: res.status, body: res.json };
      }
      state[app] = { agencies: agencies.json, topics: topics.json, configs };
    }
    return state;
  } finally {
    await client.close();
  }
}

interface RunOutcome extends CliResult {
  results: { rules: { id: string; level: string; verdict: string; message?: string }[]; inferred?: { key: string }[] };
  files: string;
}

async function run(baseUrl: string, profileFile: string, env: Record<string, string> = {}): Promise<RunOutcome> {
  const dir = await tempDir('init-run');
  // Fewer property runs than the default, for both profiles alike, so their skips compare (false-positives.test.ts runs the defaults).
  const res = await cli(['run', '--base-url', baseUrl, '--profile', profileFile, '--seed', '1', '--runs', '5', '--report-dir', dir], env);
  const text = await readFile(path.join(dir, 'results.json'), 'utf8').catch(() => '{"rules":[]}');
  const files = (await Promise.all(['results.json', 'summary.md', 'report.html', 'junit.xml'].map((f) => readFile(path.join(dir, f), 'utf8').catch(() => '')))).join('\n');
  return { ...res, results: JSON.parse(text), files };
}

const skipped = (r: RunOutcome) => r.results.rules.filter((x) => x.verdict === 'skip' && x.level !== 'observe').map((x) => x.id);
const failed = (r: RunOutcome) => r.results.rules.filter((x) => x.verdict === 'fail').map((x) => `${x.id}: ${x.message ?? ''}`);

interface CaseOutcome {
  init: CliResult;
  written: string;
  unchanged: { before: unknown; after: unknown };
  inferredRun: RunOutcome;
  handRun: RunOutcome;
  secrets: string[];
}

const outcomes = new Map<string, CaseOutcome>();

async function exercise(c: Case): Promise<CaseOutcome> {
  const profile = await loadProfile(c.file);
  const server = await freshReference(profile);
  try {
    const dir = await tempDir(`init-${c.name}`);
    const out = path.join(dir, 'profile.json');
    const { args, env } = credentialFlags(c, profile);
    const before = await targetState(server, profile);
    const init = await cli(['init', '--base-url', server.url, ...args, '--out', out], env);
    const after = await targetState(server, profile);
    const written = await readFile(out, 'utf8').catch(() => '');
    const inferredRun = await run(server.url, out, env);
    const handRun = await run(server.url, c.file);
    return { init, written, unchanged: { before, after }, inferredRun, handRun, secrets: secretsOf(profile) };
  } finally {
    await server.close();
  }
}

describe('vmp-conformance init against the reference server', () => {
  beforeAll(async () => {
    const results = await pool([...CASES], 2, exercise);
    CASES.forEach((c, i) => outcomes.set(c.name, results[i]!));
  }, 10 * 60_000);

  describe.each(CASES)('with the $name profile\'s choices', (c) => {
    it('exits 0, leaves the target as it found it, and writes a profile valid against the schema', () => {
      const o = outcomes.get(c.name)!;
      expect(o.init.code, o.init.stderr + o.init.stdout).toBe(0);
      expect(o.unchanged.after).toEqual(o.unchanged.before);
      const json = JSON.parse(o.written) as Record<string, unknown>;
      expect(json.$comment).toBeTypeOf('object');
      expect(o.init.stdout).toMatch(/init: wrote /);
    });

    it('keeps ${ENV} credentials as references, and shows no credential it was given', () => {
      const o = outcomes.get(c.name)!;
      expect(o.written).toContain(`\${${envName(c)}}`);
      const primary = Object.values({ ...(JSON.parse(o.written) as { apps: { primary: { headers?: object; query?: object } } }).apps.primary.headers });
      expect(primary.join()).not.toMatch(/vmp-primary|alt-primary|q-primary/);
      for (const secret of o.secrets) for (const form of formsOf(secret)) expect(o.init.stdout + o.init.stderr).not.toContain(form);
    });

    it('gives a profile with which run passes, with no more skipped rules than the hand-written profile', () => {
      const o = outcomes.get(c.name)!;
      expect(failed(o.inferredRun), o.inferredRun.stdout.slice(-3000)).toEqual([]);
      expect(o.inferredRun.code, o.inferredRun.stderr).toBe(0);
      expect(o.handRun.code).toBe(0);
      expect(skipped(o.inferredRun).length, `inferred skips ${skipped(o.inferredRun).join(', ')}; hand-written ${skipped(o.handRun).join(', ')}`).toBeLessThanOrEqual(skipped(o.handRun).length);
      // Query credentials too (the query case) are redacted from every report, percent-encoded or not.
      for (const secret of o.secrets) expect(o.inferredRun.files.includes(secret) || o.handRun.files.includes(secret), secret).toBe(false);
    });
  });
});

describe('run with a credentials-only profile', () => {
  let full: RunOutcome;
  let minimal: RunOutcome;
  beforeAll(async () => {
    const profile = await loadProfile(QUERY_PROFILE_FILE);
    const dir = await tempDir('creds-only');
    const file = path.join(dir, 'profile.json');
    const raw = JSON.parse(await readFile(QUERY_PROFILE_FILE, 'utf8')) as { apps: unknown; webhooks: { signature: { secret: string } } };
    // The signing secret without its scheme: run tells the scheme by verifying deliveries with it.
    await writeFile(file, JSON.stringify({ apps: raw.apps, webhooks: { signature: { secret: raw.webhooks.signature.secret } } }));
    // Each run on a server of its own: two runs at once on one target would see each other's changes.
    const runs = await pool([file, QUERY_PROFILE_FILE], 2, async (f) => {
      const server = await freshReference(profile);
      try {
        return await run(server.url, f);
      } finally {
        await server.close();
      }
    });
    [minimal, full] = [runs[0]!, runs[1]!];
  }, 5 * 60_000);

  it('passes with no more skips than the full profile, and lists the inferred values in the report', () => {
    expect(failed(minimal), minimal.stdout.slice(-3000)).toEqual([]);
    expect(minimal.code).toBe(0);
    expect(skipped(minimal).length).toBeLessThanOrEqual(skipped(full).length);
    const keys = (minimal.results.inferred ?? []).map((f) => f.key);
    expect(keys).toEqual(expect.arrayContaining(['topics.inquiry', 'templates.webhookUpsert', 'webhooks.consultaPointer', 'webhooks.signature', 'timeZone', 'catalogKeys.marcas']));
    expect(minimal.stdout).toMatch(/profile: topics\.inquiry = "inquiries\.created" \(inferred: /);
    expect(minimal.files).toContain('inferred profile values');
    expect(minimal.files).not.toContain('q-signing-secret-4a7c19e2');
  });
});

describe('init exit codes', () => {
  it('exits 3 when the target rejects the credentials, and writes nothing', async () => {
    const server = await freshReference(await loadProfile(PROFILE_FILE));
    try {
      const out = path.join(await tempDir('init-bad'), 'profile.json');
      const res = await cli(['init', '--base-url', server.url, '--header', 'Authorization: Bearer wrong', '--other-header', 'Authorization: Bearer wrong-too', '--out', out]);
      expect(res.code).toBe(3);
      expect(res.stderr).toMatch(/rejects the credentials of app 'primary'/);
      await expect(readFile(out, 'utf8')).rejects.toThrow();
    } finally {
      await server.close();
    }
  });

  it('exits 2 naming the flag when an app has no credentials or a header is malformed', async () => {
    const noOther = await cli(['init', '--base-url', 'http://127.0.0.1:9', '--header', 'Authorization: x']);
    expect(noOther.code).toBe(2);
    expect(noOther.stderr).toMatch(/--other-header/);
    const bad = await cli(['init', '--base-url', 'http://127.0.0.1:9', '--header', 'no colon', '--other-header', 'A: b']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--header must be 'Name: value'/);
  });
});
