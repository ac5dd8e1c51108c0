import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance, simulate, type RunOutcome } from '../../api/index.ts';
import { BASE_SECONDS, defaultMaxDurationSec, HOOK_CALL_SECONDS, PLANNED_HOOK_CALLS, SECONDS_PER_CHECK } from '../../api/run-deadline.ts';
import { createInquiryGenerator } from '../../generators/inquiry.ts';
import { consultaInput } from '../../models/index.ts';
import { commandWords } from '../../cli/hooks-flags.ts';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { clientHooks } from '../../sut/hooks/hooks-adapter.ts';
import { TargetClient } from '../../sut/client.ts';
import { loadProfile, parseProfile, ProfileError, readProfileJson } from '../../sut/profile-load.ts';
import { runMain } from '../support/main-in-process.ts';
import { REFERENCE_PROFILE, tempDir } from '../support/sim-target.ts';
import { shellHooks } from '../support/staff-hooks.ts';

// Issue 29 item 10: a server whose inquiries arrive, and whose invitations are completed, through a command or an
// HTTP template of its own gets the hook-dependent rules judged. The test server is the reference server with this
// tool's hooks moved to a private path (/_staff) that the run's profile never names: for the run, a server without
// them, with an admin endpoint of its own (reached by the template) and an admin script (test/fixtures/hooks/).

/** The node script of the slow paths (a hung or silent command, init's verification); the whole runs use the shell one. */
const SCRIPT = fileURLToPath(new URL('../fixtures/hooks/staff-hook.mjs', import.meta.url));
const STAFF_TOKEN = 'staff-token-7d1e9b40c2';

const script = (behaviour: string, action: 'inquiry' | 'registration', timeoutMs = 20_000) => ({
  command: {
    argv: [process.execPath, SCRIPT, behaviour, action, '{{baseUrl}}', '{{app}}', '{{adminMail}}', ...(action === 'inquiry' ? ['{{consulta}}'] : [])],
    ...(action === 'inquiry' ? { prints: 'location' } : {}),
    timeoutMs,
  },
});

const template = {
  inquiry: {
    http: {
      url: '/_staff/consultas',
      headers: { 'X-Staff-Token': '${VMP_TEST_STAFF_TOKEN}' },
      body: { adminMail: '{{adminMail}}', consulta: '{{consulta}}' },
      appCredentials: true,
    },
  },
  registration: { http: { url: '/_staff/agencias/{{adminMail}}/registro', headers: { 'X-Staff-Token': '${VMP_TEST_STAFF_TOKEN}' }, appCredentials: true } },
};

let server: ReferenceServer;
let base: Record<string, unknown>;
let dir: string;
const saved = { ...process.env };

beforeAll(async () => {
  const reference = await loadProfile(REFERENCE_PROFILE);
  server = await startReferenceServer({ profile: { ...reference, simulationHooks: '/_staff' } });
  base = (await readProfileJson(REFERENCE_PROFILE)) as Record<string, unknown>;
  delete base.$schema;
  dir = await tempDir('vmp-own-hooks-');
  process.env.STAFF_AUTH_PRIMARY = reference.apps.primary.headers.Authorization;
  process.env.STAFF_AUTH_OTHER = reference.apps.other.headers.Authorization;
  process.env.VMP_TEST_STAFF_TOKEN = STAFF_TOKEN;
});
afterAll(async () => {
  process.env = saved;
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

type Verdicts = Record<string, string>;
const verdictsOf = (outcome: RunOutcome): Verdicts =>
  Object.fromEntries(outcome.result.rules.map((r) => [r.id, `${r.verdict}${r.skipReason ? `: ${r.skipReason}` : ''}`]));

/**
 * The hook-dependent rules, from what the catalog does rather than a list: those a run of the whole catalog without
 * hooks (simulationHooks null) skips for want of them, saying so. Computed once for the file.
 */
let withoutHooks: Promise<string[]> | undefined;
const hookDependentRules = () =>
  (withoutHooks ??= run('none', null).then((outcome) => {
    // A run cut by its deadline would skip rules for want of time instead, and the set would shrink unseen.
    expect(outcome.result.deadline?.reached).toBe(false);
    return outcome.result.rules.filter((r) => r.verdict === 'skip' && /simulationHooks(:| is) null/.test(r.skipReason ?? '')).map((r) => r.id);
  }));

const run = (name: string, simulationHooks: unknown, only?: readonly string[]) =>
  runConformance({
    baseUrl: server.url,
    profile: { ...base, simulationHooks },
    ...(only ? { only: only.join(',') } : {}),
    seed: 7,
    runs: 5,
    reportDir: `${dir}/${name}`,
    // A loaded machine (the shared CI box) is slow to spawn a process per hook: time, not a verdict.
    maxDurationSec: 220,
  });

describe("the target's own hooks", () => {
  it('the test server has none of this tool’s hooks where the run would look', async () => {
    const res = await fetch(`${server.url}/_sim/consultas`, { method: 'POST', headers: { authorization: process.env.STAFF_AUTH_PRIMARY! }, body: '{}' });
    expect(res.status).toBe(404);
  });

  it('through a command (a shell script): every hook-dependent rule is judged, with the verdict it gets through the built-in hooks', async () => {
    const hookDependent = await hookDependentRules();
    // Measured: 36 of the catalog's rules.
    expect(hookDependent.length).toBeGreaterThan(0);
    const builtin = verdictsOf(await run('builtin', '/_staff', hookDependent));
    expect(builtin).toEqual(Object.fromEntries(hookDependent.map((id) => [id, 'pass'])));
    const log = `${dir}/hook-calls.log`;
    process.env.STAFF_HOOK_LOG = log;
    try {
      const outcome = await run('shell', shellHooks('ok'), hookDependent);
      expect(verdictsOf(outcome)).toEqual(builtin);
      expect(outcome.exitCode).toBe(0);
      // The default --max-duration allows for as many calls as a whole run plans (api/run-deadline.ts): no fewer than these rules make.
      const calls = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
      const count = (action: string) => calls.filter((c) => c === action).length;
      expect(count('inquiry')).toBeGreaterThan(0);
      expect(count('inquiry')).toBeLessThanOrEqual(PLANNED_HOOK_CALLS.inquiry);
      expect(count('registration')).toBeLessThanOrEqual(PLANNED_HOOK_CALLS.registration);
    } finally {
      delete process.env.STAFF_HOOK_LOG;
    }
  }, 300_000);

  it('through an HTTP template: every hook-dependent rule is judged and passes; the ${ENV} token never reaches a report', async () => {
    const hookDependent = await hookDependentRules();
    const outcome = await run('http', template, hookDependent);
    expect(verdictsOf(outcome)).toEqual(Object.fromEntries(hookDependent.map((id) => [id, 'pass'])));
    expect(outcome.exitCode).toBe(0);
    for (const file of Object.values(outcome.reportFiles)) expect(await readFile(file, 'utf8')).not.toContain(STAFF_TOKEN);
  }, 300_000);

  it('a command that times out is a skip naming the timeout, tried once per run, never a failure', async () => {
    const only = ['events/inquiry-webhook-delivered', 'events/hook-inquiry-location-resolves', 'lifecycle/desasociar-204'];
    const started = Date.now();
    const outcome = await run('hang', { inquiry: script('hang', 'inquiry', 300), registration: script('hang', 'registration', 300) }, only);
    expect(outcome.result.rules.map((r) => r.verdict)).toEqual(['skip', 'skip', 'skip']);
    for (const r of outcome.result.rules) expect(r.skipReason).toMatch(/timed out after 300 ms/);
    expect(outcome.result.rules.some((r) => /not run again/.test(r.skipReason ?? ''))).toBe(true);
    expect(outcome.exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
});

describe("simulate through the target's own hooks", () => {
  it('injects through the HTTP template and sees every inquiry delivered', async () => {
    const { exitCode, result } = await simulate({
      baseUrl: server.url,
      profile: { ...base, simulationHooks: template },
      inquiries: 20,
      rate: 100,
      seed: 3,
      reportDir: `${dir}/sim`,
    });
    expect(result.inquiries.delivered).toBe(20);
    expect(exitCode).toBe(0);
  }, 60_000);
});

describe('the hooks adapter', () => {
  const client = () => new TargetClient({ baseUrl: server.url, profile: parseProfile({ ...base, simulationHooks: null }), secrets: [] });
  const order = { app: 'primary' as const, adminMail: 'admin@autosdelsur.example', consulta: {} };

  it('a command that prints nothing is not done, saying so', async () => {
    const c = client();
    const answer = await clientHooks(parseProfile({ ...base, simulationHooks: { inquiry: script('silent', 'inquiry') } }).simulationHooks!, c, 'r1').inquiry(
      order,
    );
    await c.close();
    expect(answer.done).toBe(false);
    expect(answer.problem).toMatch(/the hooks command .* to give the created inquiry's sid or URI, but it gave neither/);
  });

  it('a template reads the sid at its pointer, and without a registration hook says which key is missing', async () => {
    const c = client();
    const hooks = parseProfile({ ...base, simulationHooks: { inquiry: { http: { ...template.inquiry.http, sidPointer: '/sid' } } } }).simulationHooks!;
    const adapter = clientHooks(hooks, c, 'r2');
    const consulta = consultaInput('strict').parse(createInquiryGenerator({ seed: 3, unshownTypes: 'null' }).next(Date.now()));
    const answer = await adapter.inquiry({ ...order, consulta });
    const missing = await adapter.registration(order);
    await c.close();
    expect(answer).toMatchObject({ done: true, sid: expect.stringMatching(/^\w+$/) });
    expect(answer.location).toBeUndefined();
    expect(adapter.givesLocation).toBe(false);
    expect(missing.problem).toMatch(/simulationHooks\.registration is not given/);
  });

  it('an unknown placeholder is a profile error naming the field', () => {
    const bad = { ...base, simulationHooks: { inquiry: { command: { argv: ['x', '{{adminmail}}'] } } } };
    expect(() => parseProfile(bad)).toThrow(ProfileError);
    expect(() => parseProfile(bad)).toThrow(/simulationHooks\.inquiry\.command: unknown placeholder \{\{adminmail\}\}/);
  });

  it('a command line splits as a shell splits words, nothing expanded', () => {
    expect(commandWords(`node 'a b.mjs' "{{consulta}}" c\\ d "e\\"f" $HOME`)).toEqual(['node', 'a b.mjs', '{{consulta}}', 'c d', 'e"f', '$HOME']);
    expect(() => commandWords("node 'open")).toThrow(/unterminated/);
  });
});

describe('init --hooks-command', () => {
  const credentials = () => [
    '--header',
    `Authorization: ${process.env.STAFF_AUTH_PRIMARY}`,
    '--other-header',
    `Authorization: ${process.env.STAFF_AUTH_OTHER}`,
  ];
  const line = (behaviour: string) => `${process.execPath} ${SCRIPT} ${behaviour} inquiry {{baseUrl}} {{app}} {{adminMail}} {{consulta}}`;

  it('makes one inquiry through the command, reads it back by sid, and writes it with what it prints', async () => {
    const out = `${dir}/init.json`;
    const argv = ['init', '--base-url', server.url, ...credentials(), '--read-only', '--out', out, '--hooks-command', line('ok')];
    const { code, out: said } = await runMain(argv);
    expect(code).toBe(0);
    expect(said.join('\n')).toMatch(
      /init: simulationHooks verified: it made an inquiry for \S+, read back with GET \/v3\/consultas\/\{adminMail\}\/\w+ \(200\)/,
    );
    const written = JSON.parse(await readFile(out, 'utf8'));
    expect(written.simulationHooks).toEqual({ inquiry: { command: { argv: commandWords(line('ok')), prints: 'location' } } });
    expect(written.$comment.simulationHooks).toMatch(/^verified: /);
  }, 60_000);

  it('a command that prints nothing, or times out, is exit 2 naming the flag, and nothing is written', async () => {
    for (const [behaviour, why, timeout] of [
      ['silent', /gave neither/, '20000'],
      ['hang', /timed out after 300 ms/, '300'],
    ] as const) {
      const out = `${dir}/init-${behaviour}.json`;
      const argv = [
        'init',
        '--base-url',
        server.url,
        ...credentials(),
        '--read-only',
        '--out',
        out,
        '--hooks-command',
        line(behaviour),
        '--hooks-timeout-ms',
        timeout,
      ];
      const { code, err } = await runMain(argv);
      expect(code).toBe(2);
      expect(err.join('\n')).toMatch(/init: --hooks-command: expected the hooks command/);
      expect(err.join('\n')).toMatch(why);
      await expect(readFile(out, 'utf8')).rejects.toThrow(/ENOENT/);
    }
  }, 60_000);
});

describe("the default --max-duration allows for the target's own hooks", () => {
  const own = (hooks: unknown) => parseProfile({ ...base, simulationHooks: hooks }).simulationHooks;

  it('each planned call of an own hook gets HOOK_CALL_SECONDS; this tool’s contract and no hooks get none', () => {
    const plain = defaultMaxDurationSec(10, 25);
    expect(plain).toBe(BASE_SECONDS + 10 * SECONDS_PER_CHECK);
    expect(defaultMaxDurationSec(10, 25, '/_sim')).toBe(plain);
    expect(defaultMaxDurationSec(10, 25, null)).toBe(plain);
    const calls = PLANNED_HOOK_CALLS.inquiry + PLANNED_HOOK_CALLS.registration;
    expect(defaultMaxDurationSec(10, 25, own(shellHooks('ok')))).toBe(plain + calls * HOOK_CALL_SECONDS);
    expect(defaultMaxDurationSec(10, 25, own({ inquiry: template.inquiry }))).toBe(plain + PLANNED_HOOK_CALLS.inquiry * HOOK_CALL_SECONDS);
  });

  it('a run through a command hook, without --max-duration, has that deadline', async () => {
    const outcome = await runConformance({
      baseUrl: server.url,
      profile: { ...base, simulationHooks: shellHooks('ok') },
      only: 'home/*',
      seed: 7,
      reportDir: `${dir}/deadline`,
    });
    const checks = outcome.result.rules.length;
    expect(outcome.result.deadline).toEqual({ seconds: defaultMaxDurationSec(checks, 25, own(shellHooks('ok'))), reached: false });
    expect(outcome.result.deadline!.seconds).toBeGreaterThan(defaultMaxDurationSec(checks, 25) + 300);
  }, 60_000);
});
