// The run's deadline (`run --max-duration`): past it, the suites' client sends nothing more and a request in
// flight is cut, so a slow or hanging target ends the run on time; what a check could not finish is reported
// as not run for that reason. Restoring what the run changed is exempt (TargetClient.restoring()).

export interface RunDeadline {
  /** Epoch milliseconds. */
  at: number;
  /** As given or derived, for messages. */
  seconds: number;
}

/** How a rule cut by the deadline is reported (a skip reason the CLI also counts). */
export const DEADLINE_REASON = "not run: the run's deadline passed";

export const deadlineReason = (d: RunDeadline): string => `${DEADLINE_REASON} (--max-duration ${d.seconds} s)`;

export const deadlinePassed = (d: RunDeadline | undefined, now = Date.now()): boolean => d !== undefined && now >= d.at;
