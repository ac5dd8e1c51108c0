import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createVitest, type Reporter } from 'vitest/node';
import { RULES, todayIn } from '../models/index.ts';
import { ResultCollector } from '../reports/collector.ts';
import { consoleReport, headerLine } from '../reports/console.ts';
import { AreaProgress } from '../reports/progress.ts';
import type { RunResult } from '../reports/results.ts';
import { matchesOnly, onlyPattern } from '../reports/rule-glob.ts';
import { buildRunResult, reportSecrets } from '../reports/run-result.ts';
import { toolVersion } from '../reports/version.ts';
import { redactFiles, REPORT_FILES, writeReports } from '../reports/write.ts';
import type { RunContext } from '../suites/harness/context.ts';
import { TargetClient } from '../target/client.ts';
import type { Fixtures } from '../target/discovery.ts';
import type { Profile } from '../target/profile.ts';
import { secretsOf } from '../target/profile-load.ts';
import { redact } from '../target/redact.ts';
import { baselineOf, compareWithBaseline, writeBaseline, type Baseline } from './baseline.ts';
import { prepareTarget } from './run-command.ts';

// Runs the conformance suites in-process through vitest's Node API (never a shell-out), handing the run
// context to every test file through provide/inject, then writes the reports. Loaded lazily by `run`.

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface SuiteRunOptions {
  ctx: RunContext;
  reporters: Reporter[];
  /** vitest's own JUnit and JSON reporters write here when given. */
  junitFile?: string;
  vitestJsonFile?: string;
  /** Rule-id globs, comma-separated (`scoping/*`, `home/*,status/home/*`): only matching checks run. */
  only?: string;
  /** Suite files to run, relative to the project root (default: every suites/*.suite.ts). */
  files?: string[];
  testTimeoutMs?: number;
}

/** vitest's stdout minus the "… report written to …" lines: the run's own summary names the report directory. */
function quietStdout(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString('utf8');
      if (!/^\s*\S+ report written to /.test(text)) process.stdout.write(text);
      done();
    },
  });
}

export async function runSuites(options: SuiteRunOptions): Promise<{ ok: boolean; unhandledErrors: number }> {
  const reporters: (string | Reporter | [string, Record<string, unknown>])[] = [...options.reporters];
  const outputFile: Record<string, string> = {};
  if (options.junitFile) {
    reporters.push(['junit', { suiteName: 'vmp-conformance', addFileAttribute: false }]);
    outputFile.junit = options.junitFile;
  }
  if (options.vitestJsonFile) {
    reporters.push('json');
    outputFile.json = options.vitestJsonFile;
  }
  const vitest = await createVitest(
    'test',
    {
      config: false,
      root: PROJECT_ROOT,
      watch: false,
      reporters: reporters as never,
      outputFile,
      ...(options.only ? { testNamePattern: onlyPattern(options.only) } : {}),
      passWithNoTests: true,
    },
    {
      test: {
        include: options.files ?? ['suites/**/*.suite.ts'],
        // One worker, files in sequence: the suites share one target whose webhook configuration
        // they save and restore, and requests to a local target are cheaper than worker start-up.
        pool: 'threads',
        fileParallelism: false,
        isolate: false,
        testTimeout: options.testTimeoutMs ?? 60_000,
        hookTimeout: options.testTimeoutMs ?? 60_000,
        silent: true,
      },
    },
    { stdout: quietStdout() },
  );
  vitest.provide('vmp', options.ctx);
  let unhandledErrors = 0;
  try {
    await vitest.start();
    unhandledErrors = vitest.state.getUnhandledErrors().length;
    return { ok: !vitest.state.getCountOfFailedTests(), unhandledErrors };
  } finally {
    await vitest.close();
  }
}

export interface RunAgainstOptions {
  baseUrl: string;
  profile: Profile;
  embedded: boolean;
  seed: number;
  numRuns: number;
  timeoutMs: number;
  readOnly: boolean;
  reportDir: string;
  only?: string;
  files?: string[];
  baseline?: { file: string; baseline: Baseline };
  writeBaseline?: string;
  /** What prepareTarget() found, when the caller already checked the target. */
  fixtures?: Fixtures;
  out: (line: string) => void;
}

export interface RunOutcome {
  exitCode: number;
  result: RunResult;
  reportDir: string;
  reportFiles: Record<'results' | 'html' | 'markdown', string>;
}

export async function runAgainst(o: RunAgainstOptions): Promise<RunOutcome> {
  const secrets = secretsOf(o.profile);
  const hidden = reportSecrets(o.profile);
  // The last guard of Principle 4: no console line shows a secret, whatever a message quotes.
  const say = (line: string) => o.out(redact(line, hidden));
  const startedAt = Date.now();
  const fixtures = o.fixtures ?? (await prepareTarget(new TargetClient({ baseUrl: o.baseUrl, profile: o.profile, timeoutMs: o.timeoutMs, secrets })));
  const ctx: RunContext = {
    baseUrl: o.baseUrl,
    profile: o.profile,
    fixtures,
    runId: `r${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
    seed: o.seed,
    numRuns: o.numRuns,
    readOnly: o.readOnly,
    timeoutMs: o.timeoutMs,
    maxBodyBytes: 5 * 1024 * 1024,
    secrets,
    today: o.profile.today ?? todayIn(o.profile.timeZone),
  };
  const selected = RULES.filter((r) => matchesOnly(o.only, r.id));
  const options = { runs: o.numRuns, readOnly: o.readOnly, ...(o.only ? { only: o.only } : {}) };
  say(headerLine({ tool: { name: 'vmp-conformance', version: toolVersion() }, target: { baseUrl: o.baseUrl, embedded: o.embedded }, seed: o.seed, options }));

  await mkdir(o.reportDir, { recursive: true });
  const collector = new ResultCollector();
  const progress = new AreaProgress(
    selected.map((r) => r.id),
    say,
  );
  collector.onResult((r) => progress.add(r));
  const junitFile = path.join(o.reportDir, REPORT_FILES.junit);
  const vitestJsonFile = path.join(o.reportDir, REPORT_FILES.vitest);
  await runSuites({
    ctx,
    reporters: [collector],
    junitFile,
    vitestJsonFile,
    ...(o.only ? { only: o.only } : {}),
    ...(o.files ? { files: o.files } : {}),
  });

  const baseline = o.baseline;
  const result = buildRunResult(collector, {
    startedAt,
    seed: o.seed,
    baseUrl: o.baseUrl,
    embedded: o.embedded,
    profile: o.profile,
    secrets: hidden,
    runs: o.numRuns,
    readOnly: o.readOnly,
    timeoutMs: o.timeoutMs,
    ...(o.only ? { only: o.only } : {}),
    selected,
    ...(baseline ? { compare: (rules: RunResult['rules']) => compareWithBaseline(rules, baseline.baseline, baseline.file) } : {}),
  });
  // Rules no check reported are results too: they complete their areas' progress lines.
  for (const r of result.rules.slice(collector.results.length)) progress.add(r);
  progress.finish();

  await redactFiles([junitFile, vitestJsonFile], hidden);
  const reportFiles = await writeReports(result, o.reportDir, hidden);
  for (const line of consoleReport(result, o.reportDir)) say(line);
  if (o.writeBaseline) {
    const written = baselineOf(result.rules, result.tool.version);
    await writeBaseline(o.writeBaseline, written);
    say(`baseline written: ${o.writeBaseline} (${written.failing.length} failing rule${written.failing.length === 1 ? '' : 's'})`);
  }
  return { exitCode: result.exitCode, result, reportDir: o.reportDir, reportFiles };
}
