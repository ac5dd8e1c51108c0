import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance, simulate } from '../../api/index.ts';
import { createInquiryGenerator } from '../../generators/inquiry.ts';
import { consultaInput } from '../../models/index.ts';
import { commandWords } from '../../cli/hooks-flags.ts';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { clientHooks } from '../../sut/hooks/hooks-adapter.ts';
import { TargetClient } from '../../sut/client.ts';
import { loadProfile, parseProfile, ProfileError, readProfileJson } from '../../sut/profile-load.ts';
import { runMain } from '../support/main-in-process.ts';
import { REFERENCE_PROFILE, tempDir } from '../support/sim-target.ts';

// Issue 29 item 10: a server whose inquiries arrive, and whose invitations are completed, through a command or an
// HTTP template of its own gets the hook-dependent rules judged. The test server is the reference server with this
// tool's hooks moved to a private path (/_staff) that the run's profile never names: for the run, a server without
// them, with an admin endpoint of its own (reached by the template) and an admin script (test/fixtures/hooks/).

const SCRIPT = fileURLToPath(new URL('../fixtures/hooks/staff-hook.mjs', import.meta.url));
const STAFF_TOKEN = 'staff-token-7d1e9b40c2';

/** Rules that skip for want of hooks on a correct server without them (measured: 36 with simulationHooks null). */
const HOOK_DEPENDENT = [
  'consultas/list/ties-across-pages',
  'consultas/list/period-by-zone-day',
  'consultas/values-as-given',
  'status/agencias-put/200',
  'status/agencias-desasociar/204',
  'media/agencias-put/json',
  'media/agencias-put/text-json',
  'media/agencias-put/entry',
  'media/agencias-put/ref',
  'media/agencias-put/request-text-json',
  'lifecycle/desasociar-204',
  'lifecycle/desasociar-removes-association',
  'lifecycle/invitation-state-after-registration',
  'lifecycle/registered-invitation-409',
  'lifecycle/desasociar-keeps-account',
  'lifecycle/desasociar-inquiry-404',
  'lifecycle/desasociar-modifications-403',
  'agencias/put-sets-fields',
  'agencias/admin-mail-case-insensitive-modify',
  'scoping/foreign-agency-put-403',
  'scoping/foreign-agency-desasociar-403',
  'scoping/foreign-resend-403',
  'scoping/webhook-config-per-app',
  'scoping/agency-modifications',
  'scoping/agencias-list',
  'scoping/topics-per-app',
  'scoping/inquiries-of-app',
  'scoping/webhook-delivery',
  'events/inquiry-webhook-delivered',
  'events/registration-webhook',
  'events/delivered-once-each',
  'events/hook-inquiry-location-resolves',
  'events/deleted-topic-not-delivered',
  'model/refused-write-unchanged',
  'model/write-neighbours-unchanged',
  'model/command-sequences',
];
/**
 * A spawned process per hook is slow on a loaded machine: the command is run on one rule of each suite file that
 * uses the hooks and makes a few inquiries (the template, in-process, takes every rule above; the run's data of
 * consultas/* is ~110 inquiries, which a node process each makes in time on a quiet machine only, and skips,
 * saying so, on a loaded one).
 */
const COMMAND_SAMPLE = [
  'status/agencias-put/200',
  'lifecycle/desasociar-204',
  'lifecycle/invitation-state-after-registration',
  'agencias/put-sets-fields',
  'events/inquiry-webhook-delivered',
  'events/registration-webhook',
  'events/hook-inquiry-location-resolves',
  'events/deleted-topic-not-delivered',
];

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

const run = (name: string, simulationHooks: unknown, only: readonly string[]) =>
  runConformance({
    baseUrl: server.url,
    profile: { ...base, simulationHooks },
    only: only.join(','),
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

  it('through an HTTP template: every hook-dependent rule is judged and passes; the ${ENV} token never reaches a report', async () => {
    const outcome = await run('http', template, HOOK_DEPENDENT);
    const verdicts = Object.fromEntries(outcome.result.rules.map((r) => [r.id, `${r.verdict}${r.skipReason ? `: ${r.skipReason}` : ''}`]));
    expect(verdicts).toEqual(Object.fromEntries(HOOK_DEPENDENT.map((id) => [id, 'pass'])));
    expect(outcome.exitCode).toBe(0);
    for (const file of Object.values(outcome.reportFiles)) expect(await readFile(file, 'utf8')).not.toContain(STAFF_TOKEN);
  }, 240_000);

  it('through a command printing the Location: the hook-dependent rules are judged and pass', async () => {
    const outcome = await run('command', { inquiry: script('ok', 'inquiry'), registration: script('ok', 'registration') }, COMMAND_SAMPLE);
    const verdicts = Object.fromEntries(outcome.result.rules.map((r) => [r.id, `${r.verdict}${r.skipReason ? `: ${r.skipReason}` : ''}`]));
    expect(verdicts).toEqual(Object.fromEntries(COMMAND_SAMPLE.map((id) => [id, 'pass'])));
    expect(outcome.exitCode).toBe(0);
  }, 240_000);

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
