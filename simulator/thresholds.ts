import { UsageError } from '../support/errors.ts';

/** A --threshold expression that cannot be read (a UsageError: the CLI exits 2). */
export class ThresholdError extends UsageError {
  constructor(message: string) {
    super(message, 'VMP_ERR_THRESHOLD');
  }
}

// CI gates for `load`: --threshold "p99<250ms", "p50<…", "p90<…", "p99.9<…", "errors<0.1%", "rps>500". Parsed
// strictly — a metric, a comparison and a value with the unit the metric takes — so a typo is exit 2 naming the
// expression, never a gate that silently passes.

export type Metric = 'p50' | 'p90' | 'p99' | 'p99.9' | 'errors' | 'rps';
export type Comparison = '<' | '<=' | '>' | '>=';

/** A load threshold, as parseThreshold reads an expression. */
export interface Threshold {
  /** As written, e.g. `p99<250ms`. */
  expression: string;
  metric: Metric;
  comparison: Comparison;
  /** Milliseconds for latencies, a fraction (0..1) for errors, requests per second for rps. */
  limit: number;
}

export interface ThresholdVerdict {
  expression: string;
  actual: number;
  unit: 'ms' | '%' | 'req/s';
  ok: boolean;
}

/** The numbers thresholds are judged on. */
export interface Measured {
  /** With count, so a run without a single answer cannot pass a latency threshold. */
  latencyMs: { count: number; p50: number; p90: number; p99: number; p99_9: number };
  /** Non-2xx and failed requests over all requests (0..1). */
  errorRate: number;
  rps: number;
}

const SYNTAX = /^\s*(p50|p90|p99\.9|p99|errors|rps)\s*(<=|>=|<|>)\s*(\d+(?:\.\d+)?)\s*(ms|s|us|%)?\s*$/;
const LATENCY_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** Reads a threshold expression (`p50|p90|p99|p99.9<250ms`, `errors<0.1%`, `rps>500`); one that does not read is a ThresholdError. */
export function parseThreshold(expression: string): Threshold {
  const m = SYNTAX.exec(expression);
  const bad = (why: string) => new ThresholdError(`--threshold '${expression}': ${why} (examples: "p99<250ms", "p99.9<1s", "errors<0.1%", "rps>500")`);
  if (!m) throw bad('expected p50|p90|p99|p99.9|errors|rps, then <, <=, > or >=, then a number with its unit');
  const [, metric, comparison, number, unit] = m as unknown as [string, Metric, Comparison, string, string | undefined];
  const value = Number(number);
  if (metric === 'errors') {
    if (unit !== '%') throw bad('errors takes a percentage, e.g. errors<0.1%');
    if (value > 100) throw bad('a percentage is at most 100');
    return { expression, metric, comparison, limit: value / 100 };
  }
  if (metric === 'rps') {
    if (unit !== undefined) throw bad('rps takes a plain number of requests per second, e.g. rps>500');
    return { expression, metric, comparison, limit: value };
  }
  if (unit === undefined || unit === '%') throw bad(`${metric} takes a duration in us, ms or s, e.g. ${metric}<250ms`);
  return { expression, metric, comparison, limit: value * LATENCY_UNITS[unit]! };
}

const compare = (actual: number, c: Comparison, limit: number): boolean =>
  c === '<' ? actual < limit : c === '<=' ? actual <= limit : c === '>' ? actual > limit : actual >= limit;

export function judge(t: Threshold, m: Measured): ThresholdVerdict {
  if (t.metric === 'errors') return { expression: t.expression, actual: m.errorRate * 100, unit: '%', ok: compare(m.errorRate, t.comparison, t.limit) };
  if (t.metric === 'rps') return { expression: t.expression, actual: m.rps, unit: 'req/s', ok: compare(m.rps, t.comparison, t.limit) };
  if (m.latencyMs.count === 0) return { expression: t.expression, actual: Number.NaN, unit: 'ms', ok: false };
  const actual = t.metric === 'p99.9' ? m.latencyMs.p99_9 : m.latencyMs[t.metric];
  return { expression: t.expression, actual, unit: 'ms', ok: compare(actual, t.comparison, t.limit) };
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
