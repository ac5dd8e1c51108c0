import { UsageError } from '../support/errors.ts';
import { isOperationId, OPERATION_ID_HINT } from './operation-ids.ts';

/** A --threshold expression that cannot be read (a UsageError: the CLI exits 2). */
export class ThresholdError extends UsageError {
  constructor(message: string) {
    super(message, 'VMP_ERR_THRESHOLD');
  }
}

// CI gates for `load`: --threshold "p99<250ms", "p50<…", "p90<…", "p95<…", "p99.9<…", "errors<0.1%", "rps>500", each
// also on one operation of the mix, as k6 thresholds on a tag are: "consultas-get:p99<100ms" (issue 29 §9). Parsed
// strictly — an operation, a metric, a comparison and a value with the unit the metric takes — so a typo is exit 2
// naming the expression, never a gate that silently passes.

export type Metric = 'p50' | 'p90' | 'p95' | 'p99' | 'p99.9' | 'errors' | 'rps';
export type Comparison = '<' | '<=' | '>' | '>=';

/** A load threshold, as parseThreshold reads an expression. */
export interface Threshold {
  /** As written, e.g. `p99<250ms`. */
  expression: string;
  metric: Metric;
  comparison: Comparison;
  /** Milliseconds for latencies, a fraction (0..1) for errors, requests per second for rps. */
  limit: number;
  /** The operation of the mix it judges (an operation id, load-mix.ts); absent: every request. */
  operation?: string;
}

export interface ThresholdVerdict {
  expression: string;
  actual: number;
  unit: 'ms' | '%' | 'req/s';
  ok: boolean;
  /** What it measured and its limit in `unit`: report pages draw it as a line on their charts. */
  metric?: Metric;
  limit?: number;
  operation?: string;
}

/** The numbers thresholds are judged on: of every request, or of one operation's. */
export interface Measured {
  /** With count, so a run without a single answer cannot pass a latency threshold. */
  latencyMs: { count: number; p50: number; p90: number; p95: number; p99: number; p99_9: number };
  /** Non-2xx and failed requests over all requests (0..1). */
  errorRate: number;
  rps: number;
}

const SYNTAX = /^\s*(?:(\S+?):)?(p50|p90|p95|p99\.9|p99|errors|rps)\s*(<=|>=|<|>)\s*(\d+(?:\.\d+)?)\s*(ms|s|us|%)?\s*$/;
const LATENCY_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** Reads a threshold expression (`p50|p90|p99|p99.9<250ms`, `errors<0.1%`, `rps>500`); one that does not read is a ThresholdError. */
export function parseThreshold(expression: string): Threshold {
  const m = SYNTAX.exec(expression);
  const bad = (why: string) =>
    new ThresholdError(`--threshold '${expression}': ${why} (examples: "p99<250ms", "p95<100ms", "errors<0.1%", "rps>500", "consultas-get:p99<100ms")`);
  if (!m) throw bad('expected [OPERATION:]p50|p90|p95|p99|p99.9|errors|rps, then <, <=, > or >=, then a number with its unit');
  const [, operation, metric, comparison, number, unit] = m as unknown as [string, string | undefined, Metric, Comparison, string, string | undefined];
  if (operation !== undefined && !isOperationId(operation)) throw bad(`'${operation}' is not ${OPERATION_ID_HINT}`);
  const on = operation === undefined ? {} : { operation };
  const value = Number(number);
  if (metric === 'errors') {
    if (unit !== '%') throw bad('errors takes a percentage, e.g. errors<0.1%');
    if (value > 100) throw bad('a percentage is at most 100');
    return { expression, metric, comparison, limit: value / 100, ...on };
  }
  if (metric === 'rps') {
    if (unit !== undefined) throw bad('rps takes a plain number of requests per second, e.g. rps>500');
    return { expression, metric, comparison, limit: value, ...on };
  }
  if (unit === undefined || unit === '%') throw bad(`${metric} takes a duration in us, ms or s, e.g. ${metric}<250ms`);
  return { expression, metric, comparison, limit: value * LATENCY_UNITS[unit]!, ...on };
}

const compare = (actual: number, c: Comparison, limit: number): boolean =>
  c === '<' ? actual < limit : c === '<=' ? actual <= limit : c === '>' ? actual > limit : actual >= limit;

/** `m` is what the threshold is on (every request's, or its operation's); undefined: that operation never ran. */
export function judge(t: Threshold, m: Measured | undefined): ThresholdVerdict {
  const of = { expression: t.expression, metric: t.metric, ...(t.operation ? { operation: t.operation } : {}) };
  if (t.metric === 'errors') {
    const limit = { ...of, unit: '%' as const, limit: t.limit * 100 };
    return m ? { ...limit, actual: m.errorRate * 100, ok: compare(m.errorRate, t.comparison, t.limit) } : { ...limit, actual: Number.NaN, ok: false };
  }
  if (t.metric === 'rps') {
    const limit = { ...of, unit: 'req/s' as const, limit: t.limit };
    return m ? { ...limit, actual: m.rps, ok: compare(m.rps, t.comparison, t.limit) } : { ...limit, actual: Number.NaN, ok: false };
  }
  const limit = { ...of, unit: 'ms' as const, limit: t.limit };
  if (!m || m.latencyMs.count === 0) return { ...limit, actual: Number.NaN, ok: false };
  const actual = t.metric === 'p99.9' ? m.latencyMs.p99_9 : m.latencyMs[t.metric];
  return { ...limit, actual, ok: compare(actual, t.comparison, t.limit) };
}

/** Every threshold, each on what it names: every request's numbers, or its operation's (absent: never ran, not ok). */
export function judgeAll(thresholds: readonly Threshold[], overall: Measured, operations: Readonly<Record<string, Measured>>): ThresholdVerdict[] {
  return thresholds.map((t) => judge(t, t.operation === undefined ? overall : operations[t.operation]));
}

export function formatVerdict(v: ThresholdVerdict): string {
  const actual = Number.isNaN(v.actual)
    ? 'no answers'
    : v.unit === '%'
      ? `${v.actual.toFixed(3)}%`
      : v.unit === 'ms'
        ? `${v.actual.toFixed(2)} ms`
        : `${v.actual.toFixed(1)} req/s`;
  return `${v.ok ? 'ok    ' : 'BROKEN'} ${v.expression} (actual ${actual})`;
}
