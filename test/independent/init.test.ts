import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../sut/infer/provenance.ts';
import { initFlags } from '../cli/init-flags.ts';
import { cli, tempDir, type CliResult } from '../cli/run-support.ts';
import { loadProfile, pool, runCli, type CliRun } from '../mutants/run-cli.ts';
import { restorable } from './restorable.ts';
import { SECRETS } from './secrets.ts';
import { startIndependentServer, type IndependentOptions, type RunningServer } from './server/server.ts';
import { VARIANTS } from './server/variants.ts';

// Issue 21, "init: infer by behaviour, not by shape": `init` from the credentials (and the signing secret) alone,
// against each variant of the server its authors did not write, writes a profile with which `run` fails no must
// or profile rule — zero false positives from inferred profiles —, what it could not verify marked, the target
// left as found. `sur` runs on a clock whose 90 days hold a daylight-saving change of America/Santiago (told by
// `--today`), with its hooks at a base init does not guess (`--hooks`), and once without them: the profile it
// writes then runs, the checks that need hooks skipping. And a failure on a value init inferred says so.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const KILL_AFTER_MS = 150_000;
/** Noon in Santiago, 46 days after its clocks went forward on 2026-09-06: the 90 days before hold the change. */
const SUR_TODAY = '2026-10-22';
const SUR_NOON = Date.parse(`${SUR_TODAY}T15:00:00Z`);

interface Case {
  name: string;
  variant: string;
  profile: string;
  seed: number;
  flags?: string[];
  /** The server's clock, when not the machine's. */
  clock?: () => Date;
  /** Rules the run is limited to. */
  only?: string;
}

const started = Date.now();
const surClock = () => new Date(SUR_NOON + (Date.now() - started));

const CASES: Case[] = [
  { name: 'indep', variant: 'indep', profile: 'profile.json', seed: 3 },
  { name: 'alt', variant: 'alt', profile: 'profile-alt.json', seed: 7 },
  { name: 'sur', variant: 'sur', profile: 'profile-sur.json', seed: 5, flags: ['--hooks', '/simulacion', '--today', SUR_TODAY], clock: surClock },
  // Without --hooks: the hooks are not found, and the checks that need them (or an AgenciaEdit) skip.
  {
    name: 'sur without hooks',
    variant: 'sur',
    profile: 'profile-sur.json',
    seed: 5,
    only: 'status/agencias-put/*,scoping/foreign-agency-put-403,errors/validation-problem-body,errors/no-server-error,events/registration-webhook,lifecycle/*',
  },
];

interface Outcome {
  init: CliResult;
  written: Record<string, unknown>;
  run: CliRun;
  internalErrors: unknown[];
  before: string;
  afterInit: string;
  afterRun: string;
}

const outcomes = new Map<string, Outcome>();
const servers: RunningServer[] = [];

async function exercise(c: Case): Promise<Outcome> {
  const options: IndependentOptions = { ...VARIANTS[c.variant], ...(c.clock ? { now: c.clock } : {}) };
  const server = await startIndependentServer(options);
  servers.push(server);
  const out = path.join(await tempDir(`indep-init-${c.variant}`), 'profile.json');
  const before = restorable(server);
  const init = await cli(['init', '--base-url', server.url, ...initFlags(await loadProfile(path.join(HERE, c.profile))), ...(c.flags ?? []), '--out', out]);
  const afterInit = restorable(server);
  const written = JSON.parse(await readFile(out, 'utf8').catch(() => '{}')) as Record<string, unknown>;
  const run = await runCli({ baseUrl: server.url, profileFile: out, seed: c.seed, runs: 3, killAfterMs: KILL_AFTER_MS, ...(c.only ? { only: c.only } : {}) });
  return { init, written, run, internalErrors: [...server.internalErrors], before, afterInit, afterRun: restorable(server) };
}

/**
 * A run whose profile marks as inferred by init a codename that is the make's slug-like ApiUrl (as init once
 * read it, by shape), and marks a time zone the user has since changed: the failure names the first, not the second.
 */
async function inferredFailure(): Promise<CliRun> {
  const server = await startIndependentServer(VARIANTS.sur);
  servers.push(server);
  const profile = JSON.parse(await readFile(path.join(HERE, 'profile-sur.json'), 'utf8')) as Record<string, unknown>;
  const catalogKeys = profile.catalogKeys as Record<string, Record<string, string>>;
  catalogKeys.marcas = { ...catalogKeys.marcas, codename: '/ApiUrl' };
  profile.$inferred = { 'catalogKeys.marcas.codename': `unverified ${fingerprint('/ApiUrl', [])}`, timeZone: `verified ${fingerprint('UTC', [])}` };
  const file = path.join(await tempDir('indep-inferred'), 'profile.json');
  await writeFile(file, JSON.stringify(profile));
  return runCli({ baseUrl: server.url, profileFile: file, seed: 1, only: 'filters/marcas-q-name-or-codename', killAfterMs: 60_000 });
}

let noted: CliRun;

beforeAll(async () => {
  Object.assign(process.env, SECRETS);
  const tasks: (() => Promise<Outcome | CliRun>)[] = [...CASES.map((c) => () => exercise(c)), inferredFailure];
  const results = await pool(tasks, 2, (task) => task());
  for (const [i, c] of CASES.entries()) outcomes.set(c.name, results[i] as Outcome);
  noted = results.at(-1) as CliRun;
}, 2 * KILL_AFTER_MS);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const comments = (o: Outcome) => (o.written.$comment ?? {}) as Record<string, string>;
const marks = (o: Outcome) => (o.written.$inferred ?? {}) as Record<string, string>;
const at = (o: Outcome, key: string): unknown => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o.written);

describe('init against the independent server, then run with the profile it wrote', () => {
  it.each(CASES.map((c) => c.name))('%s: init exits 0, run fails no must or profile rule, no 5xx, and both leave the target as found', (name) => {
    const o = outcomes.get(name)!;
    expect(o.init.code, o.init.stderr + o.init.stdout.slice(-3000)).toBe(0);
    expect(o.internalErrors.map(String), 'errors the server answered 500').toEqual([]);
    const failed = o.run.rules.filter((r) => r.verdict === 'fail').map((r) => `${r.id} [${r.level}]: ${r.message ?? ''}`);
    expect(failed, o.run.tail).toEqual([]);
    expect(o.run.code, o.run.tail).toBe(0);
    expect(o.afterInit).toBe(o.before);
    expect(o.afterRun).toBe(o.before);
  });

  it('indep and alt: every unverified value is marked in $comment and $inferred, and printed', () => {
    for (const name of ['indep', 'alt']) {
      const o = outcomes.get(name)!;
      for (const [key, mark] of Object.entries(marks(o)).filter(([, m]) => m.startsWith('unverified'))) {
        expect(comments(o)[key] ?? comments(o)[key.split('.').slice(0, 2).join('.')], `${name}: ${key} (${mark})`).toMatch(/UNVERIFIED/);
        expect(o.init.stdout).toContain(key);
      }
    }
  });

  it('alt: the media type by the header that selects both forms, not Accept (its default is the reference form); no conditional header found is null, marked', () => {
    const o = outcomes.get('alt')!;
    expect(o.written.mediaTypeSelection).toEqual({ header: 'X-Formato' });
    expect(o.written.conditionalRequestHeader).toBeNull();
    expect(comments(o).conditionalRequestHeader).toMatch(/UNVERIFIED/);
    expect(o.run.rules.find((r) => r.id === 'home/etag-304')?.skipReason).toMatch(/conditionalRequestHeader/);
  });

  it("sur: a zone with rules over 90 days that hold a change; the make's codename told from its slug-like ApiUrl by q", () => {
    const o = outcomes.get('sur')!;
    expect(o.written.timeZone).toBe('America/Santiago');
    expect(marks(o).timeZone).toMatch(/^verified /);
    expect(o.written.today).toBe(SUR_TODAY);
    const makes = o.written.catalogKeys as Record<string, Record<string, string>>;
    expect(makes.marcas).toMatchObject({ name: '/Nombre', codename: '/Codename' });
    expect(makes.marcas!.codename).not.toBe('/ApiUrl');
    expect(marks(o)['catalogKeys.marcas.codename']).toMatch(/^verified /);
    expect(marks(o)['catalogKeys.marcas.api-url']).toMatch(/^unverified /);
  });

  it("sur: the signing secret's optional member found by deliveries, the resend bound past the default period, the hooks given", () => {
    const o = outcomes.get('sur')!;
    const secret = SECRETS.VMP_INDEP_SUR_SECRET;
    expect(at(o, 'templates.webhookUpsert')).toEqual({ Destino: '{{url}}', ClaveFirma: secret });
    expect(at(o, 'webhooks.signature')).toEqual({ scheme: 'hmac-sha256', header: 'x-sur-firma', secret });
    expect(comments(o)['webhooks.signature']).toMatch(/ClaveFirma/);
    expect(at(o, 'resendMaxAgeDays')).toBeGreaterThanOrEqual(55);
    expect(at(o, 'resendMaxAgeDays')).toBeLessThanOrEqual(60);
    expect(o.written.simulationHooks).toBe('/simulacion');
    expect(o.run.rules.find((r) => r.id === 'limits/resend-recent-only')?.verdict).toBe('pass');
  });

  it('sur without --hooks: hooks and AgenciaEdit written as null, marked, and run skips their checks saying why, the 5xx guard still judging', () => {
    const o = outcomes.get('sur without hooks')!;
    expect(o.written.simulationHooks).toBeNull();
    expect(comments(o).simulationHooks).toMatch(/UNVERIFIED.*--hooks/);
    expect(at(o, 'templates.agenciaEdit')).toBeNull();
    expect(o.init.stdout).toMatch(/simulationHooks = null .*UNVERIFIED/);
    const skipped = (id: string) => o.run.rules.find((r) => r.id === id)?.skipReason ?? '';
    expect(skipped('events/registration-webhook')).toMatch(/simulation hooks/);
    // Two preconditions fail: the model's part names the first it checks (hooks to make its agencies).
    expect(skipped('scoping/foreign-agency-put-403')).toMatch(/agenciaEdit is null|simulationHooks is null/);
    expect(o.run.rules.find((r) => r.id === 'errors/no-server-error')?.verdict).toBe('pass');
    expect(o.run.rules.find((r) => r.id === 'errors/validation-problem-body')?.verdict).toBe('pass');
  });
});

describe('a failure on a value init inferred', () => {
  it('says "inferred by init: check catalogKeys.marcas.codename" (the slug-like ApiUrl taken for the codename, as by shape)', () => {
    const rule = noted.rules.find((r) => r.id === 'filters/marcas-q-name-or-codename');
    expect(rule?.verdict, noted.tail).toBe('fail');
    // The time zone's mark no longer matches its value (America/Santiago, as the user wrote it): not named.
    expect(rule?.message).toMatch(/ — inferred by init: check catalogKeys\.marcas\.codename \(unverified\)$/);
  });
});
