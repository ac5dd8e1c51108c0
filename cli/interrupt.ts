import type { RunControl } from '../api/interrupt.ts';
import { onTerminatingSignal, signalExitCode } from '../support/signals.ts';

// Ctrl-C, SIGTERM, SIGHUP (a closed terminal) and SIGBREAK where it exists, during a command that changes the
// target (issue 13, item 4; issue 22, defect 1; Principle 4). The first signal asks the command to stop and put
// back what it changed (its AbortSignal fires, with the signal's name as its reason); the command then ends
// with 128 + the signal's number (130, 143, 129). A second one exits at once, saying what could not be restored.

export class Interrupt implements RunControl {
  private readonly controller = new AbortController();
  private first: NodeJS.Signals | undefined;
  private outstanding: () => string[] = () => [];
  private readonly stopListening: () => void;

  /**
   * @param command names the command in the lines it prints
   * @param exit how to leave at once on the second signal (process.exit; a test may pass its own)
   */
  constructor(
    private readonly command: string,
    private readonly out: (line: string) => void,
    private readonly exit: (code: number) => void = (code) => process.exit(code),
  ) {
    this.stopListening = onTerminatingSignal((s) => this.received(s));
  }

  /** Fires on the first signal. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The first signal received, if any. */
  get which(): NodeJS.Signals | undefined {
    return this.first;
  }

  get exitCode(): number {
    return signalExitCode(this.first ?? 'SIGINT');
  }

  /** What the command has changed on the target and not yet restored, one description each; asked on a second signal. */
  track(outstanding: () => string[]): void {
    this.outstanding = outstanding;
  }

  dispose(): void {
    this.stopListening();
  }

  private received(s: NodeJS.Signals): void {
    if (this.first === undefined) {
      this.first = s;
      this.out(`${this.command}: ${s}: stopping, then restoring what the run changed on the target (a second signal exits at once)`);
      this.controller.abort(s);
      return;
    }
    const left = this.outstanding();
    this.out(
      left.length === 0
        ? `${this.command}: ${s} again: exiting at once; nothing the run changed was left to restore`
        : `${this.command}: ${s} again: exiting at once. NOT restored on the target (put back by hand): ${left.join('; ')}`,
    );
    this.exit(this.exitCode);
  }
}
