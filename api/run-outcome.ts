import type { RunResult } from '../reports/results.ts';

// What a run resolves with, apart from how it ran (run-suites.ts): the package's declarations reach this type
// without reaching vitest's, so a consumer's compiler checks them with skipLibCheck false (issue 23 §5).

export interface RunOutcome {
  exitCode: number;
  result: RunResult;
  /** Absolute. */
  reportDir: string;
  reportFiles: Record<'results' | 'html' | 'markdown' | 'junit', string>;
  /** The deadline's hard stop ended the suite worker mid-check. */
  workerStopped: boolean;
}
