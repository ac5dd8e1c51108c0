import type { ConnectionOptions } from 'node:tls';
import autocannon from 'autocannon';
import { keepSampledBodies, OPERATION, type PendingResponse } from './load-bodies.ts';
import type { LoadRecorder } from './load-recorder.ts';
import type { Operation } from './load-mix.ts';
import { dropTimeoutNegativeWarnings } from '../support/quiet-warnings.ts';

// The closed model: autocannon at full speed, C connections each sending its next request as soon as the
// previous answer arrived. A slow answer delays the requests behind it, so the latencies recorded here hide
// coordinated omission; the open model (load-open.ts) is the one to trust for latency under a given rate.

export interface ClosedOptions {
  baseUrl: string;
  sequence: readonly Operation[];
  connections: number;
  durationSec: number;
  timeoutSec: number;
  /** The client certificate (sut/tls-material.ts), as PEM: autocannon verifies no certificate, and clones its options. */
  tls: Pick<ConnectionOptions, 'cert' | 'key'>;
  recorder: LoadRecorder;
  signal?: AbortSignal;
}

export interface ClosedOutcome {
  durationMs: number;
}

export function runClosed(o: ClosedOptions): Promise<ClosedOutcome> {
  dropTimeoutNegativeWarnings();
  // autocannon completes a response in the queue (keepSampledBodies), then emits 'response' with the latency,
  // synchronously, so the response completed is handed over through this variable. No request has an
  // onResponse: autocannon would rebuild every response's headers into an object to call it (issue 16).
  let completed: PendingResponse | undefined;
  const requests = o.sequence.map((op) => ({ method: 'GET' as const, path: op.path, headers: op.headers, [OPERATION]: op }));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: o.baseUrl,
        connections: o.connections,
        duration: o.durationSec,
        timeout: o.timeoutSec,
        tlsOptions: o.tls,
        // autocannon checks its stop flag once per sample: 100 ms keeps the run within 0.1 s of its duration.
        sampleInt: 100,
        requests,
        setupClient: keepSampledBodies(o.recorder, o.recorder.bodyCap, (p) => (completed = p)),
      },
      (error: unknown) => {
        o.signal?.removeEventListener('abort', stop);
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        resolve({ durationMs: performance.now() - started });
      },
    );
    const stop = () => instance.stop();
    o.signal?.addEventListener('abort', stop, { once: true });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      const op = completed?.req[OPERATION];
      if (op) {
        o.recorder.response(op, statusCode, responseTime, performance.now());
        if (completed!.sampled) o.recorder.validateLater(op, statusCode, completed!.over ? undefined : completed!.body);
      }
      completed = undefined;
    });
    instance.on('reqError', (error: Error) => o.recorder.failure(undefined, performance.now(), error.message));
  });
}
