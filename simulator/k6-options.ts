import { arrivals } from '../generators/arrivals.ts';
import type { LoadModel } from './load.ts';
import { DRAIN_MS } from './load-open.ts';
import type { Metric, Threshold } from './thresholds.ts';

// The k6 `options` of a `load --export k6` script: the same arrival model as `load` (closed → constant-vus; open
// at a constant rate → constant-arrival-rate; the other open arrivals → ramping-arrival-rate following the
// per-second counts of the very same seeded process) and our --threshold expressions as k6 thresholds. The shapes
// are k6's (`k6/options` of @types/k6, which the generated script is type-checked against in test/k6/).

export type K6Stage = { duration: string; target: number };

export type K6Scenario =
  | { executor: 'constant-vus'; vus: number; duration: string; gracefulStop: string }
  | { executor: 'constant-arrival-rate'; rate: number; timeUnit: string; duration: string; preAllocatedVUs: number; maxVUs: number; gracefulStop: string }
  | { executor: 'ramping-arrival-rate'; startRate: number; timeUnit: string; stages: K6Stage[]; preAllocatedVUs: number; maxVUs: number; gracefulStop: string };

export interface K6Threshold {
  /** Ours, as given to --threshold. */
  expression: string;
  metric: string;
  /** k6's threshold expression on that metric, e.g. `p(99)<250`. */
  k6: string;
}

/**
 * --threshold metric → k6 metric and aggregation. Latencies are http_req_duration (ms, as our limits are);
 * errors are http_req_failed, which the script makes count every non-2xx as ours does (expectedStatuses 200–299);
 * rps is the rate of http_reqs. A threshold on one operation is on the sub-metric of its requests, which the script
 * tags with the operation id as their `name` (`http_req_duration{name:consultas-get}`; k6 splits a tag at its first
 * colon, so `consultas-list:pagina` stays whole).
 */
const K6_METRICS: Readonly<Record<Metric, { metric: string; aggregation: string }>> = {
  p50: { metric: 'http_req_duration', aggregation: 'p(50)' },
  p90: { metric: 'http_req_duration', aggregation: 'p(90)' },
  p95: { metric: 'http_req_duration', aggregation: 'p(95)' },
  p99: { metric: 'http_req_duration', aggregation: 'p(99)' },
  'p99.9': { metric: 'http_req_duration', aggregation: 'p(99.9)' },
  errors: { metric: 'http_req_failed', aggregation: 'rate' },
  rps: { metric: 'http_reqs', aggregation: 'rate' },
};

/** A run in which no request completed fails, as `load` does: the script counts completed responses here. */
export const COMPLETED_METRIC = 'vmp_completed';
const NOTHING_COMPLETED: K6Threshold = { expression: '(a request completed)', metric: COMPLETED_METRIC, k6: 'count>0' };

/** A number as k6 parses it, without binary noise (0.1% is 0.001, not 0.0010000000000000002). */
const plain = (n: number): string => String(Number(n.toPrecision(12)));

export function k6Thresholds(thresholds: readonly Threshold[]): K6Threshold[] {
  return [
    ...thresholds.map((t) => {
      const { metric, aggregation } = K6_METRICS[t.metric];
      const on = t.operation === undefined ? metric : `${metric}{name:${t.operation}}`;
      return { expression: t.expression, metric: on, k6: `${aggregation}${t.comparison}${plain(t.limit)}` };
    }),
    NOTHING_COMPLETED,
  ];
}

/** The thresholds option: every expression on a metric, in the order given. */
export function thresholdsOption(list: readonly K6Threshold[]): Record<string, string[]> {
  const option: Record<string, string[]> = {};
  for (const t of list) (option[t.metric] ??= []).push(t.k6);
  return option;
}

/**
 * k6 takes an integer number of iterations per timeUnit: 2.5 req/s is 5 per 2 s. The smallest whole number of
 * seconds that makes the rate whole, up to 1000 s (then the rate per 1000 s, rounded).
 */
export function k6Rate(ratePerSec: number): { rate: number; timeUnit: string } {
  for (let seconds = 1; seconds <= 1000; seconds++) {
    const rate = ratePerSec * seconds;
    if (Math.abs(rate - Math.round(rate)) < 1e-9) return { rate: Math.round(rate), timeUnit: `${seconds}s` };
  }
  return { rate: Math.max(1, Math.round(ratePerSec * 1000)), timeUnit: '1000s' };
}

/** How many arrivals of the seeded process fall in each whole second of the run. */
export function perSecondCounts(model: Extract<LoadModel, { kind: 'open' }>, seed: number, durationSec: number): number[] {
  const counts = new Array<number>(durationSec).fill(0);
  for (const at of arrivals(model.arrival, { seed, durationMs: durationSec * 1000 })) counts[Math.floor(at / 1000)]!++;
  return counts;
}

/**
 * Per-second counts as ramping-arrival-rate stages that hold each count for its seconds: a 0 s stage jumps to a
 * new rate at once (k6 ramps linearly over a stage's duration), then a stage holds it.
 */
export function stepStages(counts: readonly number[]): { startRate: number; stages: K6Stage[] } {
  const stages: K6Stage[] = [];
  for (let i = 0; i < counts.length; ) {
    let j = i;
    while (j < counts.length && counts[j] === counts[i]) j++;
    if (i > 0) stages.push({ duration: '0s', target: counts[i]! });
    stages.push({ duration: `${j - i}s`, target: counts[i]! });
    i = j;
  }
  return { startRate: counts[0] ?? 0, stages };
}

export function k6Scenario(model: LoadModel, durationSec: number, seed: number, timeoutMs: number): K6Scenario {
  // After the duration, iterations in flight get what `load` gives them (its open model's drain).
  const gracefulStop = `${Math.min(DRAIN_MS, timeoutMs)}ms`;
  const duration = `${durationSec}s`;
  if (model.kind === 'closed') return { executor: 'constant-vus', vus: model.connections, duration, gracefulStop };
  // One request per iteration, so the VUs are the requests in flight: all of them allocated before the start.
  const vus = { preAllocatedVUs: model.maxInFlight, maxVUs: model.maxInFlight };
  if (model.arrival.kind === 'constant') return { executor: 'constant-arrival-rate', ...k6Rate(model.arrival.ratePerSec), duration, ...vus, gracefulStop };
  return { executor: 'ramping-arrival-rate', ...stepStages(perSecondCounts(model, seed, durationSec)), timeUnit: '1s', ...vus, gracefulStop };
}
