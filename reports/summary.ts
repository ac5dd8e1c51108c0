import { areaOf, type Rule } from '../models/index.ts';
import { emptyCounts, type AreaCounts } from './progress.ts';
import { DEADLINE_REASON } from '../sut/deadline.ts';
import type { RuleResult, RunResult } from './results.ts';

// Figures every report shows, derived from the rule results so that all of them agree.

export interface AreaSummary {
  area: string;
  counts: AreaCounts;
}

/** Passed/failed/skipped/observed per spec area, in the order areas first appear. */
export function areaSummaries(rules: readonly RuleResult[]): AreaSummary[] {
  const byArea = new Map<string, AreaCounts>();
  for (const r of rules) {
    const counts = byArea.get(r.area) ?? emptyCounts();
    counts[r.verdict] += 1;
    byArea.set(r.area, counts);
  }
  return [...byArea].map(([area, counts]) => ({ area, counts }));
}

export function totals(rules: readonly RuleResult[]): RunResult['summary'] {
  const count = (v: RuleResult['verdict']) => rules.filter((r) => r.verdict === v).length;
  return { passed: count('pass'), failed: count('fail'), skipped: count('skip'), observed: count('observed') };
}

/**
 * The exit code of a run whose target could not be reached, or refused the credentials, before any check; or whose
 * every judgment the network took (reports/infrastructure-cause.ts judgedNothing).
 */
export const TARGET_EXIT_CODE = 3;
/** The exit code of a run refused for its command line or profile (bad usage) before anything started. */
export const USAGE_EXIT_CODE = 2;

export const NO_CHECK_REASON = 'no check for this rule ran';

/**
 * Results for selected rules that no check reported (no check written yet, or its suite failed to load):
 * reported as skipped so results.json lists every rule and a missing check is visible, never a silent pass.
 */
export function unreportedRules(selected: readonly Rule[], reported: readonly RuleResult[], reason = NO_CHECK_REASON): RuleResult[] {
  const seen = new Set(reported.map((r) => r.id));
  return selected
    .filter((rule) => !seen.has(rule.id))
    .map((rule) => ({
      id: rule.id,
      level: rule.level,
      section: rule.section,
      area: areaOf(rule.id),
      statement: rule.statement,
      ...(rule.endpoint ? { endpoint: rule.endpoint } : {}),
      verdict: 'skip' as const,
      durationMs: 0,
      skipReason: reason,
      exchanges: [],
    }));
}

/** Failures that decide the exit code: must/profile rules, minus those a baseline expects. */
export function blockingFailures(result: Pick<RunResult, 'rules' | 'baseline'>): RuleResult[] {
  const known = new Set(result.baseline?.stillFailing ?? []);
  return result.rules.filter((r) => r.verdict === 'fail' && r.level !== 'observe' && !known.has(r.id));
}

/**
 * The run's exit code: 1 when a must/profile rule failed unexpectedly, something broke outside the checks, or
 * the deadline cut the run short (what was not run cannot pass).
 */
export function exitCodeOf(result: Pick<RunResult, 'rules' | 'baseline' | 'unhandledErrors' | 'deadline' | 'notRestored'>): 0 | 1 {
  const failed = blockingFailures(result).length > 0 || result.unhandledErrors.length > 0 || (result.notRestored?.length ?? 0) > 0;
  return failed || result.deadline?.reached === true ? 1 : 0;
}

/** What every report says of a run its deadline cut short; undefined when it was not. */
export function deadlineNote(result: Pick<RunResult, 'rules' | 'deadline'>): string | undefined {
  if (!result.deadline?.reached) return undefined;
  const notRun = result.rules.filter((r) => r.skipReason?.startsWith(DEADLINE_REASON)).length;
  return `The run reached its --max-duration of ${result.deadline.seconds} s; ${notRun} rule${notRun === 1 ? ' was' : 's were'} not run (skipped), which fails the run.`;
}

/**
 * The run's verdict in one word; an interrupted run is neither a pass nor a failure of the target, and one that
 * could not reach it (exit 3) judged nothing.
 */
export function verdictOf(result: Pick<RunResult, 'exitCode' | 'interrupted' | 'error'>): 'PASS' | 'FAIL' | 'INTERRUPTED' | 'ERROR' {
  return result.interrupted ? 'INTERRUPTED' : result.error || result.exitCode === TARGET_EXIT_CODE ? 'ERROR' : result.exitCode === 0 ? 'PASS' : 'FAIL';
}

/** One line on an interrupted run: partial results, and what it put back on the target or could not. */
export function interruptionNote(result: Pick<RunResult, 'interrupted'>): string | undefined {
  const i = result.interrupted;
  if (!i) return undefined;
  const restored = i.restored.length ? `; restored on the target: ${i.restored.join(', ')}` : '';
  const left = i.notRestored.length ? `; NOT restored: ${i.notRestored.join('; ')}` : '';
  return `interrupted by ${i.signal}: partial results, rules not reached are skipped${restored}${left}`;
}
