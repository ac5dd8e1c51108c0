import { setTimeout as sleep } from 'node:timers/promises';
import { reachingAgent } from '../sut/transport-agent.ts';
import type { TransportSettings } from '../sut/transport.ts';
import { arrivals, type ArrivalSpec } from '../generators/arrivals.ts';
import { createLatencyHistogram, percentilesMs, recordMs, type Percentiles } from './histogram.ts';
import { drainBody } from './load-bodies.ts';
import type { LoadRecorder } from './load-recorder.ts';
import type { Operation } from './load-mix.ts';

// The open model: send times are fixed in advance by an arrival process (generators/arrivals.ts) and do not wait
// for earlier answers. Latency runs from each request's *intended* send time, as wrk2 measures it, so a stall of
// the target or of this generator shows in the percentiles instead of silently thinning the load. A send that
// finds all `maxInFlight` connections busy at its time is not sent but counted as dropped, like k6's dropped
// iterations. autocannon is not used here: its rate options only cap each connection per second.

export interface OpenOptions {
  baseUrl: string;
  sequence: readonly Operation[];
  arrival: ArrivalSpec;
  seed: number;
  durationMs: number;
  /** Connections of the pool, and so the most requests in flight. */
  maxInFlight: number;
  timeoutMs: number;
  /** How the requests reach the target: its TLS and proxy, never the run's retries or pacing (they would bend the load). */
  transport?: TransportSettings;
  recorder: LoadRecorder;
  signal?: AbortSignal;
}

export interface OpenOutcome {
  durationMs: number;
  /** Sends the schedule held within the duration. */
  scheduled: number;
  sent: number;
  /** Scheduled sends that found no free connection at their time. */
  dropped: number;
  /** Sent but unanswered when the drain after the duration ended (not counted as requests). */
  unfinished: number;
  /** How late sends left against their intended time: the generator's own lag. */
  sendLag: Percentiles;
}

/** After the schedule ends, answers still in flight get this long (at most the request timeout). */
export const DRAIN_MS = 2_000;
const YIELD_EVERY = 64;

/** A transport failure in a few words, the same for every request it hit (so they can be counted together). */
function failureReason(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') return 'request timed out';
  return e.code ?? e.message ?? 'request failed';
}

export async function runOpen(o: OpenOptions): Promise<OpenOutcome> {
  const origin = new URL(o.baseUrl).origin;
  const pool = reachingAgent(o.transport, { connections: o.maxInFlight, timeoutMs: o.timeoutMs });
  const lag = createLatencyHistogram('us');
  const inFlight = new Set<Promise<void>>();
  let scheduled = 0;
  let sent = 0;
  let dropped = 0;
  let next = 0;
  let closing = false;

  const send = async (op: Operation, intended: number): Promise<void> => {
    try {
      const res = await pool.request({ origin, path: op.path, method: 'GET', headers: op.headers, signal: AbortSignal.timeout(o.timeoutMs) });
      // The whole body is read (its transfer is part of the latency), but kept only for validation, capped.
      const sampled = o.recorder.sampleNext();
      const text = await drainBody(res.body, sampled, o.recorder.bodyCap);
      if (sampled) o.recorder.validateLater(op, res.statusCode, text);
      const now = performance.now();
      // A send up to 1 ms early (see the scheduler) must not make a latency negative.
      o.recorder.response(op, res.statusCode, Math.max(0, now - intended), now);
    } catch (error) {
      // Requests cut by the end of the drain are reported as unfinished, not as failures of the target.
      if (!closing) o.recorder.failure(op, performance.now(), failureReason(error));
    }
  };

  const start = performance.now();
  for (const at of arrivals(o.arrival, { seed: o.seed, durationMs: o.durationMs })) {
    if (o.signal?.aborted) break;
    // A timer can fire early against performance.now() (Node measures it from the loop's cached clock), so wait
    // until the intended time has really come; a sub-millisecond remainder is not waited for.
    let waited = false;
    for (let wait = start + at - performance.now(); wait >= 1; wait = start + at - performance.now()) {
      await sleep(wait);
      waited = true;
    }
    if (!waited && scheduled % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    scheduled++;
    const op = o.sequence[next++ % o.sequence.length]!;
    if (inFlight.size >= o.maxInFlight) {
      dropped++;
      continue;
    }
    const intended = start + at;
    recordMs(lag, Math.max(0, performance.now() - intended));
    sent++;
    const task = send(op, intended).finally(() => inFlight.delete(task));
    inFlight.add(task);
  }
  // The last arrival may come well before the end: the run still lasts its duration.
  const rest = start + o.durationMs - performance.now();
  if (rest > 0 && !o.signal?.aborted) await sleep(rest);
  const durationMs = performance.now() - start;
  const drained = await Promise.race([Promise.all(inFlight).then(() => true), sleep(Math.min(DRAIN_MS, o.timeoutMs)).then(() => false)]);
  const unfinished = drained ? 0 : inFlight.size;
  closing = true;
  await pool.destroy().catch(() => undefined);
  return { durationMs, scheduled, sent, dropped, unfinished, sendLag: percentilesMs(lag) };
}
