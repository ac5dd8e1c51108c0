import type { RunContext } from './context.ts';

// `run --bail` / `--max-failures N` (issue 29 §8), as pytest's -x/--maxfail: once the run has N failures, every
// check that has not started is skipped, saying why, and the suites' clean-up runs as on any end, so what the run
// changed is put back. Checks already under way beside the Nth failure (read-only checks run a few at a time)
// finish and count, so a run may report a few more than N. Counted here, in the worker, so that a check is
// skipped before it sends anything; the worker serves run after run, so the count is per run id.

export const MAX_FAILURES_REASON = 'not run: --max-failures reached';

/** When the run stops, and the failures that do not count towards it (those a --baseline lists). */
export interface MaxFailures {
  count: number;
  known: string[];
}

let current: { runId: string; failed: number } | undefined;

const countOf = (runId: string) => {
  if (current?.runId !== runId) current = { runId, failed: 0 };
  return current;
};

/** A check of the run failed. */
export function failedCheck(ctx: Pick<RunContext, 'runId' | 'maxFailures'>, ruleId: string): void {
  if (ctx.maxFailures && !ctx.maxFailures.known.includes(ruleId)) countOf(ctx.runId).failed += 1;
}

/** Whether the run has had its --max-failures: the checks not yet started skip with MAX_FAILURES_REASON. */
export const maxFailuresReached = (ctx: Pick<RunContext, 'runId' | 'maxFailures'>): boolean =>
  ctx.maxFailures !== undefined && countOf(ctx.runId).failed >= ctx.maxFailures.count;
