import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

// Runs an exported k6 script under the shim in test/k6/shim/ (k6 itself is not run in our CI): the script in a
// worker thread, its synchronous http calls answered from this thread with fetch, against a server this process
// runs (the embedded reference server).

const SHIM = fileURLToPath(new URL('./shim/', import.meta.url));
/** Room for one answer: the largest the mix reads is an inquiry page (about 110 kB). */
const SHARED_BYTES = 8 * 1024 * 1024;

export interface ShimRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  tags: Record<string, string>;
  responseType: string;
  status: number;
  durationMs: number;
  failed: boolean;
}

export interface ShimResult {
  requests: ShimRequest[];
  checks: Record<string, { passes: number; fails: number }>;
  metrics: Record<string, { type: string; values: number[] }>;
  warnings: string[];
  thresholds: { metric: string; expression: string; actual: number; ok: boolean }[];
  options: { scenarios: Record<string, { executor: string }>; thresholds: Record<string, string[]> };
  exitCode: number;
}

/** Makes `import 'k6/http'` in DIR's script resolve to the shim, and the script an ES module, as k6 reads it. */
export async function useShimIn(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'node_modules'), { recursive: true });
  await symlink(SHIM, path.join(dir, 'node_modules', 'k6'), 'dir');
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n');
}

interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  redirects: number;
}

async function answer(r: Outgoing): Promise<object> {
  const started = performance.now();
  try {
    const res = await fetch(r.url, {
      method: r.method,
      headers: r.headers,
      redirect: r.redirects > 0 ? 'follow' : 'manual',
      signal: AbortSignal.timeout(r.timeoutMs),
    });
    const body = await res.text();
    return { status: res.status, headers: Object.fromEntries(res.headers), body, error: '', durationMs: performance.now() - started };
  } catch (error) {
    return { status: 0, headers: {}, body: '', error: (error as Error).message, durationMs: performance.now() - started };
  }
}

/** The script's init context, then `iterations` iterations of its default function; rejects with an init error's message. */
export function runK6Shim(o: { script: string; env: Record<string, string>; iterations: number }): Promise<ShimResult> {
  const shared = new SharedArrayBuffer(8 + SHARED_BYTES);
  const control = new Int32Array(shared, 0, 2);
  const data = new Uint8Array(shared, 8);
  const worker = new Worker(new URL('./shim/runner.js', import.meta.url), { workerData: { script: o.script, env: o.env, iterations: o.iterations, shared } });
  return new Promise<ShimResult>((resolve, reject) => {
    worker.on('message', (message: { type: string; request?: Outgoing; message?: string; recorded?: object } & Partial<ShimResult>) => {
      if (message.type === 'request') {
        void answer(message.request!).then((a) => {
          const bytes = new TextEncoder().encode(JSON.stringify(a));
          if (bytes.length > SHARED_BYTES) throw new Error(`shim: an answer of ${bytes.length} bytes does not fit`);
          data.set(bytes);
          Atomics.store(control, 1, bytes.length);
          Atomics.store(control, 0, 1);
          Atomics.notify(control, 0);
        });
      } else if (message.type === 'done') {
        resolve({
          ...(message.recorded as Pick<ShimResult, 'requests' | 'checks' | 'metrics' | 'warnings'>),
          thresholds: message.thresholds!,
          options: message.options!,
          exitCode: message.exitCode!,
        });
      } else {
        reject(new Error(message.message));
      }
    });
    worker.on('error', reject);
  }).finally(() => worker.terminate());
}
