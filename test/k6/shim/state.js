import { parentPort, workerData } from 'node:worker_threads';

// What the shim records while the script runs (runner.js reports it to the test), and the one way its http module
// reaches the network: k6's http calls are synchronous, so each request is handed to the test's thread and this
// thread waits on a shared buffer until the answer is written there (Atomics), the way k6's VUs block on Go.

export const recorded = {
  /** @type {{ method: string; url: string; headers: Record<string, string>; tags: Record<string, string>; responseType: string; status: number; durationMs: number; failed: boolean }[]} */
  requests: [],
  /** @type {Record<string, { passes: number; fails: number }>} */
  checks: {},
  /** @type {Record<string, { type: string; values: number[] }>} */
  metrics: {},
  /** @type {string[]} */
  warnings: [],
};

const control = new Int32Array(workerData.shared, 0, 2);
const data = new Uint8Array(workerData.shared, 8);

/**
 * Sends one request through the test's thread and waits for its answer.
 * @param {{ method: string; url: string; headers: Record<string, string>; timeoutMs: number; redirects: number }} request
 * @returns {{ status: number; headers: Record<string, string>; body: string; error: string; durationMs: number }}
 */
export function exchange(request) {
  Atomics.store(control, 0, 0);
  parentPort.postMessage({ type: 'request', request });
  Atomics.wait(control, 0, 0);
  const length = Atomics.load(control, 1);
  return JSON.parse(new TextDecoder().decode(data.slice(0, length)));
}

/** @param {string} name @param {string} type @param {number} value */
export function addMetric(name, type, value) {
  (recorded.metrics[name] ??= { type, values: [] }).values.push(value);
}
