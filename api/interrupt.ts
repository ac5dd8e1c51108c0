import { VmpError } from '../support/errors.ts';

// How a caller stops a run that changes the target (issue 13, item 4; Principle 4): its AbortSignal asks the run
// to stop and put back what it changed; `which` names the signal that did, and `track` tells the caller what is
// not yet restored. The CLI's Interrupt (cli/interrupt.ts) ties one to every terminating signal; an API user may pass its own.

/** The name a run stopped through the API's AbortSignal reports (interrupted.signal; exit code 130, as Ctrl-C). */
export const ABORTED = 'AbortSignal';

/** A caller's AbortSignal as a run's control: aborting stops the run as a signal does, and the run restores what it changed. */
export function controlOf(signal: AbortSignal): RunControl {
  return {
    signal,
    get which() {
      return signal.aborted ? ABORTED : undefined;
    },
    track: () => undefined,
  };
}

/** A stop came before any check could change the target: nothing to restore, no report written. */
export class InterruptedBeforeChecks extends VmpError {
  constructor(message: string) {
    super(message, 'VMP_ERR_INTERRUPTED_EARLY');
  }
}

export interface RunControl {
  readonly signal: AbortSignal;
  /** What stopped the run, if anything did (the run's reports say which): SIGINT, SIGTERM, or the API caller's AbortSignal. */
  readonly which: string | undefined;
  /** Registers what the run has changed on the target and not yet restored, one description each. */
  track(outstanding: () => string[]): void;
}
