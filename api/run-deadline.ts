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
 * After the deadline only restoring what the run changed goes on, each request within the timeout; past this
 * much more the run is stopped however far that got, so even a check stuck outside the client cannot hold it.
 */
export const restoreGraceMs = (timeoutMs: number): number => Math.max(5_000, 3 * timeoutMs);
