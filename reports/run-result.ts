import type { Rule } from '../models/index.ts';
import type { Profile } from '../target/profile.ts';
import { secretsOf } from '../target/profile-load.ts';
import { redactDeep } from '../target/redact.ts';
import type { ResultCollector } from './collector.ts';
import { coverageMatrix } from './coverage-matrix.ts';
import type { BaselineComparison, RunResult } from './results.ts';
import { specCoverage } from './spec-coverage.ts';
import { exitCodeOf, totals, unreportedRules } from './summary.ts';
import { toolVersion } from './version.ts';

// Assembles results.json's RunResult from what the collector gathered: the one input of every report.

/**
 * What the reports must never show: the apps' header values (secretsOf) and the webhook signing secret,
 * which the checks never send but the profile section of every report would otherwise print.
 */
export function reportSecrets(profile: Profile): string[] {
  const signing = profile.webhooks.signature?.secret;
  return [...secretsOf(profile), ...(signing ? [signing] : [])];
}

export interface RunFacts {
  startedAt: number;
  seed: number;
  baseUrl: string;
  embedded: boolean;
  profile: Profile;
  secrets: readonly string[];
  runs: number;
  readOnly: boolean;
  timeoutMs: number;
  only?: string;
  /** The catalog rules the run selected (after --only): each gets a result, checked or not. */
  selected: readonly Rule[];
  /** discoveryNotes() of the run's fixtures. */
  discovery?: readonly string[];
  /** The run's bound and whether it cut checks short. */
  deadline?: { seconds: number; reached: boolean };
  /** Why selected rules that no check reported were not run (default: no check for them ran). */
  unreportedReason?: string;
  /** Compares the rule results with a baseline, marking each; absent without --baseline. */
  compare?: (rules: RunResult['rules']) => BaselineComparison;
}

export function buildRunResult(collector: ResultCollector, facts: RunFacts): RunResult {
  const rules = [...collector.results, ...unreportedRules(facts.selected, collector.results, facts.unreportedReason)];
  const baseline = facts.compare?.(rules);
  const coverage = [...collector.coverage.values()];
  const partial = {
    rules,
    unhandledErrors: [...collector.unhandled],
    ...(baseline ? { baseline } : {}),
    ...(facts.deadline ? { deadline: facts.deadline } : {}),
  };
  return {
    tool: { name: 'vmp-conformance', version: toolVersion() },
    startedAt: new Date(facts.startedAt).toISOString(),
    durationMs: Date.now() - facts.startedAt,
    seed: facts.seed,
    target: { baseUrl: facts.baseUrl, embedded: facts.embedded },
    profile: redactDeep(facts.profile, facts.secrets) as unknown as Record<string, unknown>,
    options: { runs: facts.runs, readOnly: facts.readOnly, timeoutMs: facts.timeoutMs, ...(facts.only ? { only: facts.only } : {}) },
    summary: totals(rules),
    coverage,
    coverageMatrix: coverageMatrix(coverage),
    specCoverage: specCoverage(rules),
    ...(facts.discovery?.length ? { discovery: [...facts.discovery] } : {}),
    ...partial,
    exitCode: exitCodeOf(partial),
  };
}
