import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MUTATED } from '../../stryker.config.mjs';
import { RUN_VERDICT, readReport, scoreLines, scoreOf, type Report } from './score.ts';
import { KILLED_BY_RULES, type RunVerdict } from './verdict.ts';

// `npm run mutation [-- --force] [-- --per-file] [-- FILE…]`: Stryker over reference/ (stryker.config.mjs) with the
// conformance run as the test (conformance.mutation.ts), incremental: the results are kept in
// test/mutation/stryker-incremental.json (committed), so a later run tests only the mutants of changed code.
// --per-file runs Stryker once per file, each saving its results as it ends (a long measurement that is stopped
// loses only the file under way). Then it writes each tested mutant's run verdict into its statusReason (score.ts
// reads it) and prints the score; `npm run mutation:survivors` lists what survived.
//
// The test is the suites, which Stryker does not see: when they changed since the last run (a hash of every
// folder the run uses but reference/), the mutants that were not killed are tested again; killed ones are kept
// (--force tests everything).

const ROOT = path.resolve(import.meta.dirname, '../..');
export const INCREMENTAL = path.join(ROOT, 'test/mutation/stryker-incremental.json');
export const REPORT = path.join(ROOT, 'vmp-report/mutation/mutation.json');
const MEASURED_WITH = path.join(ROOT, 'test/mutation/measured-with.json');
const LOG = path.join(ROOT, 'vmp-report/mutation/runs.jsonl');
/** What the conformance run is made of, besides the server it judges. */
const RUN_FOLDERS = ['api', 'generators', 'models', 'profiles', 'reports', 'simulator', 'suites', 'support', 'sut', 'webhooks'];
const TEST_FILES = ['test/mutation/conformance.mutation.ts', 'test/mutation/verdict.ts', 'test/mutation/vitest.config.ts'];

function suitesHash(): string {
  const hash = createHash('sha256');
  const files = RUN_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|js|json)$/.test(f))
      .map((f) => `${folder}/${f}`),
  );
  for (const f of [...files.sort(), ...TEST_FILES]) hash.update(`${f}\n`).update(readFileSync(path.join(ROOT, f)));
  return hash.digest('hex');
}

/** The suites' hash each file's results were measured with (test/mutation/measured-with.json). */
type Measured = Record<string, string>;

const readMeasured = (): Measured => (existsSync(MEASURED_WITH) ? (JSON.parse(readFileSync(MEASURED_WITH, 'utf8')) as { files: Measured }).files : {});

/**
 * Drops, from the incremental file, the mutants no rule killed in `targets` measured with other suites: Stryker tests
 * them again. Other files keep theirs, so a run of some files leaves the others' survivors in the score.
 */
function forgetSurvivors(hash: string, measured: Measured, targets: readonly string[]): number {
  if (!existsSync(INCREMENTAL)) return 0;
  const report = JSON.parse(readFileSync(INCREMENTAL, 'utf8')) as Report;
  let dropped = 0;
  for (const [name, file] of Object.entries(report.files)) {
    if (measured[name] === hash || !targets.includes(name)) continue;
    const kept = file.mutants.filter((m) => m.status === 'Ignored' || m.status === 'CompileError' || (m.statusReason ?? '').includes(KILLED_BY_RULES));
    dropped += file.mutants.length - kept.length;
    file.mutants = kept;
  }
  writeFileSync(INCREMENTAL, JSON.stringify(report));
  return dropped;
}

/** The run's verdict, in words that score.ts reads ("the run's results fail it: …" only when a rule did). */
function verdictText(v: RunVerdict): string {
  if (v.killers.length > 0) return `${KILLED_BY_RULES} ${v.killers.join(', ')}`;
  const notes = [v.threw && `threw ${v.threw}`, v.unhandled && `errors outside any check: ${v.unhandled.join('; ')}`].filter(Boolean);
  return `no rule failed${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

/** Writes each mutant's run verdict (this Stryker run's log: its ids) into statusReason, in the report and the incremental file. */
function annotate(file: string, verdicts: ReadonlyMap<string, RunVerdict>): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  for (const f of Object.values(report.files)) {
    for (const m of f.mutants) {
      const v = verdicts.get(m.id);
      if (!v || (m.statusReason ?? '').includes(RUN_VERDICT)) continue;
      m.statusReason = `${m.statusReason ?? m.status}${RUN_VERDICT}${verdictText(v)}`;
    }
  }
  writeFileSync(file, JSON.stringify(report));
}

/** Each mutant's verdict over the runs of this Stryker run (one per profile it reached, in order). */
function readLog(): Map<string, RunVerdict> {
  const verdicts = new Map<string, RunVerdict>();
  if (!existsSync(LOG)) return verdicts;
  for (const line of readFileSync(LOG, 'utf8').split('\n')) {
    if (!line) continue;
    const { mutant, profile, ...v } = JSON.parse(line) as RunVerdict & { mutant: string | null; profile: string };
    if (mutant === null) continue;
    const seen = verdicts.get(mutant) ?? { killers: [] };
    const notes = (note: string | undefined) => note && `${profile}: ${note}`;
    verdicts.set(mutant, {
      killers: [...seen.killers, ...v.killers],
      ...(seen.threw || v.threw ? { threw: [seen.threw, notes(v.threw)].filter(Boolean).join('; ') } : {}),
      ...(seen.unhandled || v.unhandled ? { unhandled: [...(seen.unhandled ?? []), ...(v.unhandled ?? []).map((u) => notes(u)!)] } : {}),
    });
  }
  return verdicts;
}

/** Files the incremental results hold as they are now, measured with these suites: nothing of theirs to test again. */
function measuredFiles(hash: string, measured: Measured): Set<string> {
  if (!existsSync(INCREMENTAL)) return new Set();
  const report = JSON.parse(readFileSync(INCREMENTAL, 'utf8')) as Report;
  return new Set(
    Object.entries(report.files).flatMap(([f, { source }]) => (measured[f] === hash && readFileSync(path.join(ROOT, f), 'utf8') === source ? [f] : [])),
  );
}

function stryker(args: readonly string[]): number {
  rmSync(LOG, { force: true });
  const bin = path.join(ROOT, 'node_modules/.bin/stryker');
  const r = spawnSync(bin, ['run', '--incremental', ...args], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, VMP_MUTATION_LOG: LOG } });
  const verdicts = readLog();
  annotate(REPORT, verdicts);
  annotate(INCREMENTAL, verdicts);
  return r.status ?? 1;
}

function main(argv: readonly string[]): number {
  const force = argv.includes('--force');
  const perFile = argv.includes('--per-file');
  const files = argv.filter((a) => !a.startsWith('--'));
  mkdirSync(path.dirname(LOG), { recursive: true });
  const hash = suitesHash();
  const measured = readMeasured();
  const targets = files.length ? files : MUTATED;
  if (!force) {
    const dropped = forgetSurvivors(hash, measured, targets);
    if (dropped) console.log(`The suites changed since these files were measured: ${dropped} mutants no rule killed are tested again.`);
  }
  const extra = force ? ['--force'] : [];
  // Per file, a file measured already with these suites is skipped (its Stryker run would only repeat the initial
  // test run), and each file's hash is recorded as it ends, so a measurement stopped part-way goes on where it was.
  const done = perFile && !force ? measuredFiles(hash, measured) : new Set<string>();
  const chunks = perFile ? targets.filter((f) => !done.has(f)).map((f) => [f]) : [targets];
  if (done.size) console.log(`Measured already, with these suites: ${[...done].join(', ')}`);
  for (const chunk of chunks) {
    const code = stryker([...extra, '--mutate', chunk.join(',')]);
    if (code !== 0) return code;
    for (const f of chunk) measured[f] = hash;
    writeFileSync(MEASURED_WITH, `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), files: measured }, null, 2)}\n`);
  }
  for (const line of scoreLines(scoreOf(readReport(REPORT)))) console.log(line);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
