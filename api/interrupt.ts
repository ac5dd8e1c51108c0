import { VmpError } from '../support/errors.ts';

// How a caller stops a run that changes the target (issue 13, item 4; Principle 4): its AbortSignal asks the run
// to stop and put back what it changed; `which` names the signal that did, and `track` tells the caller what is
// not yet restored. The CLI's Interrupt (cli/interrupt.ts) ties one to every terminating signal; an API user may pass its own.

/** A stop came before any check could change the target: nothing to restore, no report written. */
export class InterruptedBeforeChecks extends VmpError {
  constructor(message: string) {
    super(message, 'VMP_ERR_INTERRUPTED_EARLY');
  }
}

export interface RunControl {
  readonly signal: AbortSignal;
  /** The signal that stopped the run, if one did (the run's reports say which). */
  readonly which: NodeJS.Signals | undefined;
  /** Registers what the run has changed on the target and not yet restored, one description each. */
  track(outstanding: () => string[]): void;
}
