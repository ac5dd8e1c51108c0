import type { RunControl } from '../api/interrupt.ts';
import { SIGNAL_EXIT_CODES } from '../reports/run-result.ts';

// Ctrl-C and SIGTERM during a command that changes the target (issue 13, item 4; Principle 4). The first signal
// asks the command to stop and put back what it changed (its AbortSignal fires); the command then ends with
// 130 or 143. A second one exits at once, saying what could not be restored.

export class Interrupt implements RunControl {
  private readonly controller = new AbortController();
  private first: NodeJS.Signals | undefined;
  private outstanding: () => string[] = () => [];
  private readonly onSignal = (s: NodeJS.Signals) => this.received(s);

  /**
   * @param command names the command in the lines it prints
   * @param exit how to leave at once on the second signal (process.exit; a test may pass its own)
   */
  constructor(
    private readonly command: string,
    private readonly out: (line: string) => void,
    private readonly exit: (code: number) => void = (code) => process.exit(code),
  ) {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
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
    return SIGNAL_EXIT_CODES[this.first ?? 'SIGINT']!;
  }

  /** What the command has changed on the target and not yet restored, one description each; asked on a second signal. */
  track(outstanding: () => string[]): void {
    this.outstanding = outstanding;
  }

  dispose(): void {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }

  private received(s: NodeJS.Signals): void {
    if (this.first === undefined) {
      this.first = s;
      this.out(`${this.command}: ${s}: stopping, then restoring what the run changed on the target (a second signal exits at once)`);
      this.controller.abort();
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
