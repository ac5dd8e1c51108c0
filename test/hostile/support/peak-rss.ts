import { readFileSync } from 'node:fs';

// The peak resident memory of a child process, read from Linux's /proc (VmHWM: the high-water mark of its
// RSS), so a test can assert a bound on what the process itself held, whatever the test process holds.

/** The child's peak RSS in MiB so far, or undefined once it has gone (or off Linux). */
export function peakRssMb(pid: number): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Samples a child's peak RSS until stop(); the last value read is the peak while it ran. */
export function watchPeakRss(pid: number, everyMs = 50): { stop(): number } {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, peakRssMb(pid) ?? 0);
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    stop() {
      sample();
      clearInterval(timer);
      return peak;
    },
  };
}
