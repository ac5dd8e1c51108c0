import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { todayIn } from '../models/index.ts';
import { ResultCollector } from '../reports/collector.ts';
import type { RunResult } from '../reports/results.ts';
import { TargetClient } from '../target/client.ts';
import { checkReachable, CredentialsRejectedError, discover, TargetUnreachableError } from '../target/discovery.ts';
import type { Profile } from '../target/profile.ts';
import { loadProfile, ProfileError, secretsOf } from '../target/profile-load.ts';
import { redactDeep } from '../target/redact.ts';
import type { RunContext } from '../suites/harness/context.ts';
import { startEmbedded, type Embedded } from './embedded.ts';
import { CliError, UsageError } from './errors.ts';
import { runSuites } from './run-suites.ts';

export class TargetError extends CliError {
  constructor(message: string) {
    super(message, 'VMP_ERR_TARGET', 3);
  }
}

const OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  'report-dir': { type: 'string', default: 'vmp-report' },
  seed: { type: 'string' },
  runs: { type: 'string', default: '25' },
  'read-only': { type: 'boolean', default: false },
  only: { type: 'string' },
  'timeout-ms': { type: 'string', default: '5000' },
  today: { type: 'string' },
} as const;

function positiveInt(flag: string, value: string | undefined, min = 1): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${flag} must be a whole number ≥ ${min}, got '${value}'`);
  return n;
}

export interface RunOutcome {
  exitCode: number;
  result: RunResult;
}

export async function runCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  const seed = positiveInt('seed', values.seed, 0) ?? Math.floor(Math.random() * 2 ** 31);
  const numRuns = positiveInt('runs', values.runs)!;
  const timeoutMs = positiveInt('timeout-ms', values['timeout-ms'], 100)!;
  if (values['base-url'] !== undefined && !URL.canParse(values['base-url'])) {
    throw new UsageError(`--base-url must be an absolute URL, got '${values['base-url']}'`);
  }
  let profile: Profile | undefined;
  try {
    if (values.profile) profile = await loadProfile(values.profile);
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(error.message);
    throw error;
  }
  if (values['base-url'] && !profile) throw new UsageError('--base-url needs --profile (the target profile describing its choices)');

  let embedded: Embedded | undefined;
  try {
    if (!values['base-url']) {
      embedded = await startEmbedded(values.today ? { today: values.today } : {});
      profile ??= embedded.profile;
    }
    const baseUrl = values['base-url'] ?? embedded!.baseUrl;
    const outcome = await runAgainst({
      baseUrl,
      profile: profile!,
      embedded: embedded !== undefined,
      seed,
      numRuns,
      timeoutMs,
      readOnly: values['read-only'],
      reportDir: path.resolve(values['report-dir']),
      ...(values.only ? { only: values.only } : {}),
      out,
    });
    return outcome.exitCode;
  } finally {
    await embedded?.close();
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
  out: (line: string) => void;
}

export async function runAgainst(o: RunAgainstOptions): Promise<RunOutcome> {
  const secrets = secretsOf(o.profile);
  const client = new TargetClient({ baseUrl: o.baseUrl, profile: o.profile, timeoutMs: o.timeoutMs, secrets });
  try {
    await checkReachable(client);
  } catch (error) {
    if (error instanceof TargetUnreachableError || error instanceof CredentialsRejectedError) throw new TargetError(error.message);
    throw error;
  }
  const fixtures = await discover(client);
  await client.close();
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
  await mkdir(o.reportDir, { recursive: true });
  const collector = new ResultCollector();
  const started = Date.now();
  await runSuites({
    ctx,
    reporters: [collector],
    junitFile: path.join(o.reportDir, 'junit.xml'),
    ...(o.only ? { only: o.only } : {}),
    ...(o.files ? { files: o.files } : {}),
  });
  const failed = collector.results.filter((r) => r.verdict === 'fail');
  const count = (v: string) => collector.results.filter((r) => r.verdict === v).length;
  const exitCode = failed.length > 0 || collector.unhandled.length > 0 ? 1 : 0;
  const result: RunResult = {
    tool: { name: 'vmp-conformance', version: '0.1.0' },
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    seed: o.seed,
    target: { baseUrl: o.baseUrl, embedded: o.embedded },
    profile: redactDeep(o.profile, secrets) as unknown as Record<string, unknown>,
    options: { runs: o.numRuns, readOnly: o.readOnly, ...(o.only ? { only: o.only } : {}) },
    summary: { passed: count('pass'), failed: count('fail'), skipped: count('skip'), observed: count('observed') },
    rules: collector.results,
    coverage: [...collector.coverage.values()],
    coverageMatrix: [],
    exitCode,
  };
  await writeFile(path.join(o.reportDir, 'results.json'), `${JSON.stringify(result, null, 2)}\n`);
  const s = result.summary;
  o.out(`${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.observed} observed (seed ${o.seed}, ${result.durationMs} ms)`);
  for (const f of failed) o.out(`  FAIL ${f.id}: ${f.message ?? f.statement}`);
  for (const u of collector.unhandled) o.out(`  ERROR ${u}`);
  return { exitCode, result };
}
