import type { Rule } from '../models/index.ts';
import type { DraftProfile } from '../sut/profile.ts';
import type { TransportFacts } from '../sut/transport-notes.ts';
import { redactDeep } from '../sut/redact.ts';
import { emptyTraffic, type Traffic } from '../sut/infrastructure.ts';
import type { ResultCollector } from './collector.ts';
import { inCatalogOrder } from './catalog-order.ts';
import { coverageMatrix } from './coverage-matrix.ts';
import { causeOf } from './failure-cause.ts';
import { infrastructureOf, judgedNothing, type Infrastructure } from './infrastructure-cause.ts';
import type { BaselineComparison, RunResult } from './results.ts';
import { specCoverage } from './spec-coverage.ts';
import { exitCodeOf, NO_CHECK_REASON, TARGET_EXIT_CODE, totals, unreportedRules, USAGE_EXIT_CODE } from './summary.ts';
import { signalExitCode } from '../support/signals.ts';
import { toolVersion } from '../support/version.ts';

// Assembles results.json's RunResult from what the collector gathered: the one input of every report.

export interface RunFacts {
  startedAt: number;
  seed: number;
  baseUrl: string;
  embedded: boolean;
  /** The profile file the run read (absolute), for `replay`. */
  profileFile?: string;
  /** How the run reached the target (sut/transport-notes.ts): --insecure above all, which every report says. */
  transport?: TransportFacts;
  /** The run's --rate-limit, for the infrastructure cause's advice. */
  rateLimit?: number;
  /** What every request of the run met (sut/traffic-tap.ts): the infrastructure cause's figures; absent: none sent. */
  traffic?: Traffic;
  /** Where the reports go (absolute). */
  reportDir?: string;
  profile: DraftProfile;
  secrets: readonly string[];
  runs: number;
  readOnly: boolean;
  timeoutMs: number;
  only?: string;
  exclude?: string;
  endpoint?: string;
  method?: string;
  /** The catalog rules the run selected (after --only): each gets a result, checked or not. */
  selected: readonly Rule[];
  /** discoveryNotes() of the run's fixtures. */
  discovery?: readonly string[];
  /** Profile values inferred before the run (sut/infer/), with how each was told. */
  inferred?: readonly { key: string; value: unknown; how: string }[];
  /** The run's bound and whether it cut checks short. */
  deadline?: { seconds: number; reached: boolean };
  /** Why selected rules that no check reported were not run (default: no check for them ran). */
  unreportedReason?: string;
  /** Compares the rule results with a baseline, marking each; absent without --baseline. */
  compare?: (rules: RunResult['rules']) => BaselineComparison;
  /** The signal that stopped the run, and what it had changed on the target and put back or could not. */
  interrupted?: NonNullable<RunResult['interrupted']>;
  /** Topics the run could not put back: they fail it. */
  notRestored?: readonly string[];
  /** Why no check could run (exit 3): every selected rule is reported not run for that reason. */
  error?: NonNullable<RunResult['error']>;
  /** The error is the command line's or the profile's (exit 2), not the target's. */
  usage?: boolean;
}

/** A failure's cause rides on its result: the reports group by it and baselines remember it. */
const withCause = (r: RunResult['rules'][number]): RunResult['rules'][number] =>
  r.verdict === 'fail' && (r.message !== undefined || r.departure) ? { ...r, cause: causeOf(r).key } : r;

export { TARGET_EXIT_CODE, USAGE_EXIT_CODE } from './summary.ts';

/** A run that ended by itself: its rules' exit code, but 3 where the network left nothing judged (no pass). */
function judgedExitCode(partial: Parameters<typeof exitCodeOf>[0], infrastructure: Infrastructure | undefined): number {
  const code = exitCodeOf(partial);
  return code === 0 && judgedNothing(infrastructure, partial.rules) ? TARGET_EXIT_CODE : code;
}

/** A rule the interrupted run never reached: vitest reports it skipped without a note, or no check reported it. */
function notReached(rule: RunResult['rules'][number], signal: string): RunResult['rules'][number] {
  if (rule.verdict !== 'skip' || (rule.skipReason && rule.skipReason !== NO_CHECK_REASON)) return rule;
  return { ...rule, skipReason: `not run: the run was interrupted by ${signal}` };
}

export function buildRunResult(collector: ResultCollector, facts: RunFacts): RunResult {
  const reason = facts.error ? `not run: ${facts.error.message}` : facts.unreportedReason;
  const reported = inCatalogOrder([...collector.results, ...unreportedRules(facts.selected, collector.results, reason)]).map(withCause);
  const stop = facts.interrupted;
  const rules = stop ? reported.map((r) => notReached(r, stop.signal)) : reported;
  const baseline = facts.compare?.(rules);
  const coverage = [...collector.coverage.values()];
  // Stopping the worker on a signal makes vitest report it as an error of every unfinished file: not the target's.
  const unhandled = stop ? collector.unhandled.filter((e) => !e.endsWith('Terminating worker thread')) : collector.unhandled;
  const durationMs = Date.now() - facts.startedAt;
  const infrastructure = infrastructureOf(facts.traffic ?? emptyTraffic(), rules, durationMs, facts.rateLimit);
  const partial = {
    rules,
    unhandledErrors: [...unhandled],
    ...(facts.notRestored?.length ? { notRestored: [...facts.notRestored] } : {}),
    ...(baseline ? { baseline } : {}),
    ...(facts.deadline ? { deadline: facts.deadline } : {}),
  };
  return {
    tool: { name: 'vmp-conformance', version: toolVersion() },
    startedAt: new Date(facts.startedAt).toISOString(),
    durationMs,
    seed: facts.seed,
    target: {
      baseUrl: facts.baseUrl,
      embedded: facts.embedded,
      ...(facts.profileFile ? { profileFile: facts.profileFile } : {}),
      ...(facts.transport ? { transport: facts.transport } : {}),
    },
    ...(facts.reportDir ? { reportDir: facts.reportDir } : {}),
    profile: redactDeep(facts.profile, facts.secrets) as unknown as Record<string, unknown>,
    options: {
      runs: facts.runs,
      readOnly: facts.readOnly,
      timeoutMs: facts.timeoutMs,
      ...(facts.only ? { only: facts.only } : {}),
      ...(facts.exclude ? { exclude: facts.exclude } : {}),
      ...(facts.endpoint ? { endpoint: facts.endpoint } : {}),
      ...(facts.method ? { method: facts.method } : {}),
    },
    summary: totals(rules),
    coverage,
    coverageMatrix: coverageMatrix(coverage),
    specCoverage: specCoverage(rules),
    ...(facts.inferred?.length ? { inferred: redactDeep([...facts.inferred], facts.secrets) } : {}),
    ...(facts.discovery?.length ? { discovery: [...facts.discovery] } : {}),
    ...(infrastructure ? { infrastructure } : {}),
    ...partial,
    ...(stop ? { interrupted: stop } : {}),
    ...(facts.error ? { error: facts.error } : {}),
    exitCode: stop ? signalExitCode(stop.signal) : facts.error ? (facts.usage ? USAGE_EXIT_CODE : TARGET_EXIT_CODE) : judgedExitCode(partial, infrastructure),
  };
}
