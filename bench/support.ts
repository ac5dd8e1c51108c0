import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// Helpers shared by the benchmarks (issue 8): child processes that hold a server (so a generator and its target
// never share an event loop), a promise around autocannon, and the figure/verdict shape every benchmark returns.

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLI = fileURLToPath(new URL('../bin/vmp-conformance.js', import.meta.url));
const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));
/** Each autocannon phase: long enough to settle, short enough that the whole bench stays well under 10 min. */
export const PHASE_SEC = 5;
export const CONNECTIONS = 10;

export interface Figure {
  benchmark: string;
  metric: string;
  value: number;
  unit: string;
  baseline: { name: string; value: number };
  ratio: number;
  /** Human-readable target, e.g. "ratio ≥ 0.9" or "< 20 s". */
  target: string;
  pass: boolean | null;
  note?: string;
  /** A figure measured several times in this run: each repetition's ratio; `ratio` is then the worst of them. */
  repetitions?: number[];
  /** Which ratio is the worst: the lowest (default, where higher is better) or the highest (memory). */
  worst?: 'min' | 'max';
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function figure(f: Omit<Figure, 'ratio'> & { ratio?: number }): Figure {
  const ratio = f.repetitions ? Math[f.worst ?? 'min'](...f.repetitions) : (f.ratio ?? (f.baseline.value === 0 ? 0 : f.value / f.baseline.value));
  return {
    ...f,
    value: round(f.value),
    ratio: round(ratio, 3),
    baseline: { ...f.baseline, value: round(f.baseline.value) },
    ...(f.repetitions ? { repetitions: f.repetitions.map((r) => round(r, 3)) } : {}),
  };
}

export interface ChildHandle {
  /** The first JSON line the child printed (its URL, or its result). */
  ready: Record<string, unknown>;
  /** Asks the child to stop (SIGTERM) and resolves with its last JSON line, if any. */
  stop(): Promise<Record<string, unknown> | undefined>;
  /** Resolves once the child exits on its own, with its last JSON line, if any. */
  exited(): Promise<Record<string, unknown> | undefined>;
  process: ChildProcess;
}

/** Runs bench/child.ts <role> [args] under tsx; resolves once it prints its first JSON line (within startMs). */
export function startChild(role: string, args: string[] = [], nodeArgs: string[] = [], startMs = 30_000): Promise<ChildHandle> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', CHILD, role, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const messages: Record<string, unknown>[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bench child ${role} did not start within ${startMs / 1000} s`));
    }, startMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (messages.length === 0) reject(new Error(`bench child ${role} exited (${code}) before reporting`));
    });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      messages.push(JSON.parse(line) as Record<string, unknown>);
      if (messages.length !== 1) return;
      clearTimeout(timer);
      resolve({
        ready: messages[0]!,
        process: child,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
          return messages.length > 1 ? messages[messages.length - 1] : undefined;
        },
        exited: async () => {
          await exited;
          return messages.length > 1 ? messages[messages.length - 1] : undefined;
        },
      });
    });
  });
}

/** Waits for a child that reports once, when done, and exits on its own (e.g. the memory run): 10 min at most. */
export async function runChild(role: string, args: string[] = []): Promise<Record<string, unknown>> {
  const handle = await startChild(role, args, [], 600_000);
  await new Promise<void>((resolve) => (handle.process.exitCode !== null ? resolve() : handle.process.once('exit', () => resolve())));
  return handle.ready;
}

export interface CannonResult {
  rps: number;
  total: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  /** Responses in each second (autocannon's once-a-second tick); empty when sampling more often. */
  perSecond: number[];
  /** From the start of the run (before its connections open) to its end. */
  durationSec: number;
}

export function cannon(opts: autocannon.Options): Promise<CannonResult> {
  const perSecond: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: PHASE_SEC, ...opts }, (error: unknown, r: autocannon.Result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      resolve({
        rps: r.requests.total / (r.duration || PHASE_SEC),
        total: r.requests.total,
        durationSec: r.duration,
        ok2xx: r['2xx'],
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        perSecond,
      });
    });
    // autocannon's types give 'tick' no argument; it passes { counter, bytes }: the responses since the last
    // sample, so a second's worth only with the default 1 s sampling. The tick that ends the run is 0.
    const perSample = (opts.sampleInt ?? 1000) === 1000;
    if (perSample) (instance as unknown as NodeJS.EventEmitter).on('tick', ({ counter }: { counter: number }) => void (counter > 0 && perSecond.push(counter)));
  });
}

/**
 * A fresh server child answers its first seconds at a fraction of its speed while V8 optimises the hot paths;
 * an unmeasured burst first keeps a 5 s phase about the steady state, for the server and its baseline alike.
 */
export function warmUp(opts: autocannon.Options): Promise<CannonResult> {
  return cannon({ ...opts, duration: 2 });
}

/** Spawns a command and resolves with its exit code, wall time and output (bounded by timeoutMs). */
export function timed(cmd: string, args: string[], timeoutMs: number): Promise<{ code: number | null; ms: number; stdout: string; stderr: string }> {
  const started = performance.now();
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, ms: performance.now() - started, stdout, stderr });
    });
  });
}
