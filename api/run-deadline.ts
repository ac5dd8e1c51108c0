import type { RunDeadline } from '../sut/deadline.ts';
import { DEFAULT_RUNS } from './run.ts';

// How long a `run` may take in all (--max-duration): by default a minute for start-up, discovery and restoring,
// plus 2 s per selected check at the default fast-check runs (more runs, proportionally more). A full run against
// the embedded server needs about 10 s of its 570; a target slow enough to need the rest is reported as such.

export const BASE_SECONDS = 60;
export const SECONDS_PER_CHECK = 2;

export function defaultMaxDurationSec(checks: number, runs: number): number {
  return Math.ceil(BASE_SECONDS + checks * SECONDS_PER_CHECK * Math.max(1, runs / DEFAULT_RUNS));
}

export const runDeadline = (startedAt: number, seconds: number): RunDeadline => ({ at: startedAt + seconds * 1000, seconds });

/**
 * Past the deadline the client sends nothing and cuts what is in flight, so the checks end at once; this much
 * later the suites' worker is stopped however far it got — even a check stuck outside the client, or busy on
 * the CPU, cannot hold the run (issue 22, defect 2) — and the main thread puts back what the run changed, each
 * request within the timeout.
 */
export const DEADLINE_GRACE_MS = 1_000;
