import { constants } from 'node:os';

// The signals that end a process unless it handles them and that it can handle (issue 22, defect 1): Ctrl-C,
// a termination request, a closed terminal or dropped SSH session (SIGHUP), and Windows' Ctrl-Break. Every
// command that changes something handles each the same way: it stops, puts back, writes, and exits 128 + n.

export const TERMINATING_SIGNALS: readonly NodeJS.Signals[] = (['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const).filter(
  (s) => constants.signals[s] !== undefined,
);

/** The exit code a shell reports for a process the signal ended: 128 + its number (SIGINT 130, SIGHUP 129). */
export const signalExitCode = (signal: string): number => 128 + (constants.signals[signal as NodeJS.Signals] ?? constants.signals.SIGINT);

/** Calls listener with each terminating signal received, until the returned function is called. */
export function onTerminatingSignal(listener: (signal: NodeJS.Signals) => void): () => void {
  for (const s of TERMINATING_SIGNALS) process.on(s, listener);
  return () => {
    for (const s of TERMINATING_SIGNALS) process.off(s, listener);
  };
}
