import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TargetClient } from '../../sut/client.ts';
import { callEndpoint } from '../../sut/call.ts';
import { profileFileSchema, type Profile } from '../../sut/profile.ts';
import { secretsOf } from '../../sut/secrets.ts';
import { formsOf } from '../../sut/redact.ts';
import type { ReferenceServer } from '../../reference/server.ts';
import { ALT_PROFILE_FILE, freshReference, loadProfile, pool, PROFILE_FILE, QUERY_PROFILE_FILE } from '../mutants/run-cli.ts';
import { initFlags } from './init-flags.ts';
import { cli, tempDir, type CliResult } from './run-support.ts';

// Issue 14: `init` from only --base-url and the credentials, against the reference server with each of its
// profiles' choices (default, alt, query-auth): exit 0, the target left as found, a profile valid against the
// schema with a note per key, ${ENV} credentials kept as references and no credential printed; exit 3 when the
// credentials are refused, 2 for bad flags. That `run` passes with the profile it writes (no more skips than the
// hand-written one), and with a credentials-only profile, is asserted with the other reference runs in
// test/mutants/false-positives.test.ts.

const CASES = [
  { name: 'default', file: PROFILE_FILE },
  { name: 'alt', file: ALT_PROFILE_FILE },
  { name: 'query', file: QUERY_PROFILE_FILE },
] as const;
type Case = (typeof CASES)[number];

/** The primary app's first credential reaches init as a ${ENV} reference: it must stay one in the file. */
const envName = (c: Case) => `VMP_INIT_${c.name.toUpperCase()}`;

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

interface CaseOutcome {
  init: CliResult;
  written: string;
  before: unknown;
  after: unknown;
  secrets: string[];
}

const outcomes = new Map<string, CaseOutcome>();

async function exercise(c: Case): Promise<CaseOutcome> {
  const profile = await loadProfile(c.file);
  const server = await freshReference(profile);
  try {
    const out = path.join(await tempDir(`init-${c.name}`), 'profile.json');
    const env: Record<string, string> = {};
    const args = initFlags(profile, (app, value) => {
      if (app !== 'primary' || Object.keys(env).length > 0) return value;
      env[envName(c)] = value;
      return `\${${envName(c)}}`;
    });
    const before = await targetState(server, profile);
    const init = await cli(['init', '--base-url', server.url, ...args, '--out', out], env);
    const after = await targetState(server, profile);
    return { init, written: await readFile(out, 'utf8').catch(() => ''), before, after, secrets: secretsOf(profile) };
  } finally {
    await server.close();
  }
}

describe('vmp-conformance init against the reference server', () => {
  beforeAll(async () => {
    const results = await pool([...CASES], 2, exercise);
    for (const [i, c] of CASES.entries()) outcomes.set(c.name, results[i]!);
  }, 3 * 60_000);

  describe.each(CASES)("with the $name profile's choices", (c) => {
    it('exits 0, leaves the target as it found it, and writes a profile valid against the schema with a note per key', () => {
      const o = outcomes.get(c.name)!;
      expect(o.init.code, o.init.stderr + o.init.stdout).toBe(0);
      expect(o.after).toEqual(o.before);
      const json = JSON.parse(o.written) as Record<string, unknown>;
      expect(profileFileSchema.safeParse(json).success).toBe(true);
      const comments = json.$comment as Record<string, string>;
      for (const key of ['topics.inquiry', 'templates.webhookUpsert', 'timeZone', 'catalogKeys.ciudades']) expect(comments[key]).toMatch(/^inferred: /);
      expect(o.init.stdout).toMatch(/init: wrote /);
      expect(o.init.stdout).toMatch(/init: restored /);
      // Each topic it put back was said once, saved, before it changed (issue 27: "printed once, redacted").
      const topics = (re: RegExp) => [...o.init.stdout.matchAll(re)].map((m) => m[1]).sort();
      const saved = topics(/^init: saved (the \w+ app's webhook topic '[^']+') .* before changing it/gm);
      expect(saved).toEqual(topics(/^init: restored (the \w+ app's webhook topic '[^']+')/gm));
      expect(new Set(saved).size).toBe(saved.length);
    });

    it('keeps ${ENV} credentials as references, and prints no credential it was given', () => {
      const o = outcomes.get(c.name)!;
      expect(o.written).toContain(`\${${envName(c)}}`);
      const printed = o.init.stdout + o.init.stderr;
      for (const secret of o.secrets) for (const form of formsOf(secret)) expect(printed).not.toContain(form);
    });
  });
});

describe('init exit codes', () => {
  it('exits 3 when the target rejects the credentials, and writes nothing', async () => {
    const server = await freshReference(await loadProfile(PROFILE_FILE));
    try {
      const out = path.join(await tempDir('init-bad'), 'profile.json');
      const res = await cli([
        'init',
        '--base-url',
        server.url,
        '--header',
        'Authorization: Bearer wrong',
        '--other-header',
        'Authorization: Bearer wrong-too',
        '--out',
        out,
      ]);
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

  it('exits 2 naming --hooks or --today when one is malformed (init and run)', async () => {
    const base = ['--base-url', 'http://127.0.0.1:9', '--header', 'A: b', '--other-header', 'A: c'];
    const hooks = await cli(['init', ...base, '--hooks', '/sim?x=1']);
    expect([hooks.code, hooks.stderr]).toEqual([2, expect.stringMatching(/--hooks must be a path/)]);
    const today = await cli(['init', ...base, '--today', '2026-02-30']);
    expect([today.code, today.stderr]).toEqual([2, expect.stringMatching(/--today must be a date/)]);
    const runHooks = await cli(['run', '--hooks', '/simulacion']);
    expect([runHooks.code, runHooks.stderr]).toEqual([2, expect.stringMatching(/--hooks names the simulation hooks of a target given by --base-url/)]);
  });
});
