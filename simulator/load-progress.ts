import type { LoadRecorder } from './load-recorder.ts';

// Progress of a load run: a redrawn bar on a terminal, plain periodic lines otherwise (CI logs).

export interface ProgressOptions {
  durationMs: number;
  recorder: LoadRecorder;
  out: (line: string) => void;
  /** Default process.stdout.isTTY. */
  tty?: boolean;
  write?: (text: string) => void;
}

const BAR = 30;

export function startProgress(o: ProgressOptions): { stop(): void } {
  const started = performance.now();
  const tty = o.tty ?? process.stdout.isTTY === true;
  const write = o.write ?? ((text: string) => process.stdout.write(text));
  const status = () => {
    const elapsed = Math.min(performance.now() - started, o.durationMs);
    const last = o.recorder.timeline.at(-2) ?? o.recorder.timeline.at(-1);
    const errors = o.recorder.non2xx + o.recorder.transportErrors;
    return {
      elapsed,
      line: `${(elapsed / 1000).toFixed(0)}/${(o.durationMs / 1000).toFixed(0)} s, ${o.recorder.total} requests, ${last?.requests ?? 0} req/s, ${errors} errors`,
    };
  };
  if (tty) {
    const timer = setInterval(() => {
      const { elapsed, line } = status();
      const filled = Math.round((elapsed / o.durationMs) * BAR);
      write(`\r[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${line}   `);
    }, 250);
    return {
      stop: () => {
        clearInterval(timer);
        write('\n');
      },
    };
  }
  const every = o.durationMs <= 10_000 ? 1_000 : 5_000;
  const timer = setInterval(() => o.out(`load: ${status().line}`), every);
  return { stop: () => clearInterval(timer) };
}
