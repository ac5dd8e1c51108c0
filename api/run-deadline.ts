import type { SimulationHooks } from '../sut/hooks-profile.ts';
import type { RunDeadline } from '../sut/deadline.ts';
import { DEFAULT_RUNS } from './run.ts';

// How long a `run` may take in all (--max-duration): by default a minute for start-up, discovery and restoring,
// plus 2 s per selected check at the default fast-check runs (more runs, proportionally more). A full run against
// the embedded server needs about 10 s of its 570; a target slow enough to need the rest is reported as such.
//
// The target's own hooks (a command, an HTTP template: docs/simulation-hooks.md) are not the target's answers: a
// command costs a process per call, and a script that takes a second or two would use up the per-check seconds on
// its own. So their calls get an allowance of their own: HOOK_CALL_SECONDS for each call a run of the whole
// catalog plans, whatever the selection (a bound, not a cost: a run that needs less ends sooner). This tool's own
// contract is answered by the target like any request, and needs none.

export const BASE_SECONDS = 60;
export const SECONDS_PER_CHECK = 2;

/**
 * The hook calls a run of the whole catalog plans: the run's data of consultas/* (some 110 inquiries) and the
 * checks that make an inquiry arrive or complete a registration (test/sut/hooks-adapters.test.ts counts them).
 */
export const PLANNED_HOOK_CALLS = { inquiry: 150, registration: 40 } as const;
/** What each planned call of the target's own hooks is allowed: a hook slower than this wants a longer --max-duration. */
export const HOOK_CALL_SECONDS = 2;

/** The allowance for the target's own hooks' calls (none without hooks, or with this tool's contract). */
export function hookAllowanceSec(hooks: SimulationHooks | undefined): number {
  if (hooks === null || hooks === undefined || typeof hooks === 'string') return 0;
  const calls = PLANNED_HOOK_CALLS.inquiry + (hooks.registration ? PLANNED_HOOK_CALLS.registration : 0);
  return calls * HOOK_CALL_SECONDS;
}

export function defaultMaxDurationSec(checks: number, runs: number, hooks?: SimulationHooks): number {
  return Math.ceil(BASE_SECONDS + checks * SECONDS_PER_CHECK * Math.max(1, runs / DEFAULT_RUNS) + hookAllowanceSec(hooks));
}

export const runDeadline = (startedAt: number, seconds: number): RunDeadline => ({ at: startedAt + seconds * 1000, seconds });

/**
 * Past the deadline the client sends nothing and cuts what is in flight, so the checks end at once; this much
 * later the suites' worker is stopped however far it got — even a check stuck outside the client, or busy on
 * the CPU, cannot hold the run (issue 22, defect 2) — and the main thread puts back what the run changed, each
 * request within the timeout.
 */
export const DEADLINE_GRACE_MS = 1_000;
