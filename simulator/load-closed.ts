import autocannon from 'autocannon';
import { keepSampledBodies, type PendingResponse } from './load-bodies.ts';
import type { LoadRecorder } from './load-recorder.ts';
import type { Operation } from './load-mix.ts';

// The closed model: autocannon at full speed, C connections each sending its next request as soon as the
// previous answer arrived. A slow answer delays the requests behind it, so the latencies recorded here hide
// coordinated omission; the open model (load-open.ts) is the one to trust for latency under a given rate.

export interface ClosedOptions {
  baseUrl: string;
  sequence: readonly Operation[];
  connections: number;
  durationSec: number;
  timeoutSec: number;
  recorder: LoadRecorder;
  signal?: AbortSignal;
}

export interface ClosedOutcome {
  durationMs: number;
}

export function runClosed(o: ClosedOptions): Promise<ClosedOutcome> {
  // autocannon completes a response in the queue (keepSampledBodies), calls the request's onResponse and then
  // emits 'response' with the latency, all synchronously, so the response and the operation answered are
  // handed over through these variables.
  let completed: PendingResponse | undefined;
  let answered: Operation | undefined;
  const requests = o.sequence.map((op) => ({
    method: 'GET' as const,
    path: op.path,
    headers: op.headers,
    onResponse: (status: number, body: string) => {
      answered = op;
      if (completed?.sampled) o.recorder.validate(op, status, completed.over ? undefined : body);
      completed = undefined;
    },
  }));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: o.baseUrl,
        connections: o.connections,
        duration: o.durationSec,
        timeout: o.timeoutSec,
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
      if (answered) o.recorder.response(answered, statusCode, responseTime, performance.now());
      answered = undefined;
    });
    instance.on('reqError', (error: Error) => o.recorder.failure(undefined, performance.now(), error.message));
  });
}
