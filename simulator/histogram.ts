import { build, decodeFromCompressedBase64, encodeIntoCompressedBase64, type Histogram } from 'hdr-histogram-js';

// Latency histograms for simulate and load: HDR histograms (3 significant digits) so percentiles stay exact to
// 0.1% whatever the range, and so runs from several machines can be merged through their base64 encoding.

export type LatencyUnit = 'us' | 'ms';

export interface LatencyHistogram {
  readonly unit: LatencyUnit;
  readonly histogram: Histogram;
}

/** The portable form written into load.json and simulation.json. */
export interface EncodedHistogram {
  unit: LatencyUnit;
  /** HdrHistogram's compressed V2 encoding, base64: readable by every HdrHistogram implementation. */
  base64: string;
}

export interface Percentiles {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p99_9: number;
  max: number;
}

export class HistogramError extends Error {
  constructor(
    message: string,
    readonly code: 'VMP_ERR_HISTOGRAM_UNIT' | 'VMP_ERR_HISTOGRAM_DECODE' | 'VMP_ERR_HISTOGRAM_VALUE',
  ) {
    super(message);
    this.name = 'HistogramError';
  }
}

/** One hour in either unit: anything slower is a hang, not a latency, and is clamped to it. */
const HIGHEST: Record<LatencyUnit, number> = { us: 3_600_000_000, ms: 3_600_000 };

export function createLatencyHistogram(unit: LatencyUnit = 'us'): LatencyHistogram {
  const histogram = build({
    bitBucketSize: 32,
    // autoResize keeps values above `highestTrackableValue` from throwing; the clamp below bounds memory anyway.
    autoResize: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST[unit],
    numberOfSignificantValueDigits: 3,
    // The pure-JS build: no WebAssembly initialisation to await, and no manual destroy() to leak.
    useWebAssembly: false,
  });
  return { unit, histogram };
}

/** Refuses what cannot be a latency: not finite, or negative (a clock step). */
export function checkLatency(value: number): void {
  if (!Number.isFinite(value) || value < 0) throw new HistogramError(`latency must be a finite non-negative number, got ${value}`, 'VMP_ERR_HISTOGRAM_VALUE');
}

/** Records one latency given in the histogram's unit; fractions are rounded, negatives (clock steps) rejected. */
export function recordLatency(h: LatencyHistogram, value: number, count = 1): void {
  checkLatency(value);
  const v = Math.min(Math.round(value), HIGHEST[h.unit]);
  if (count === 1) h.histogram.recordValue(v);
  else h.histogram.recordValueWithCount(v, count);
}

/** Records a duration measured in milliseconds (performance.now() deltas) in the histogram's own unit. */
export function recordMs(h: LatencyHistogram, ms: number): void {
  recordLatency(h, h.unit === 'us' ? ms * 1000 : ms);
}

export function percentiles(h: LatencyHistogram): Percentiles {
  const x = h.histogram;
  if (x.totalCount === 0) return { count: 0, min: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, p99_9: 0, max: 0 };
  return {
    count: x.totalCount,
    min: x.minNonZeroValue === Number.MAX_SAFE_INTEGER ? 0 : x.minNonZeroValue,
    mean: x.mean,
    p50: x.getValueAtPercentile(50),
    p90: x.getValueAtPercentile(90),
    p95: x.getValueAtPercentile(95),
    p99: x.getValueAtPercentile(99),
    p99_9: x.getValueAtPercentile(99.9),
    max: x.maxValue,
  };
}

/** Percentiles converted to milliseconds whatever the unit, for reports and thresholds such as "p99<250ms". */
export function percentilesMs(h: LatencyHistogram): Percentiles {
  const p = percentiles(h);
  if (h.unit === 'ms') return p;
  const f = (v: number) => v / 1000;
  return { count: p.count, min: f(p.min), mean: f(p.mean), p50: f(p.p50), p90: f(p.p90), p95: f(p.p95), p99: f(p.p99), p99_9: f(p.p99_9), max: f(p.max) };
}

export function encodeHistogram(h: LatencyHistogram): EncodedHistogram {
  return { unit: h.unit, base64: encodeIntoCompressedBase64(h.histogram) };
}

export function decodeHistogram(e: EncodedHistogram): LatencyHistogram {
  if (e.unit !== 'us' && e.unit !== 'ms') throw new HistogramError(`unknown histogram unit '${String(e.unit)}'`, 'VMP_ERR_HISTOGRAM_UNIT');
  let decoded: Histogram;
  try {
    decoded = decodeFromCompressedBase64(e.base64, 32, false);
  } catch (error) {
    throw new HistogramError(`not an encoded HDR histogram: ${(error as Error).message}`, 'VMP_ERR_HISTOGRAM_DECODE');
  }
  // Re-home the counts in a histogram built like ours, so later records and merges behave the same.
  const h = createLatencyHistogram(e.unit);
  h.histogram.add(decoded);
  return h;
}

/** One distribution from several runs (e.g. `load --merge a.json b.json`); all must share a unit. */
export function mergeHistograms(parts: readonly (LatencyHistogram | EncodedHistogram)[]): LatencyHistogram {
  const hs = parts.map((p) => ('histogram' in p ? p : decodeHistogram(p)));
  const unit = hs[0]?.unit ?? 'us';
  const odd = hs.find((h) => h.unit !== unit);
  if (odd) throw new HistogramError(`cannot merge histograms in ${unit} with one in ${odd.unit}`, 'VMP_ERR_HISTOGRAM_UNIT');
  const merged = createLatencyHistogram(unit);
  for (const h of hs) merged.histogram.add(h.histogram);
  return merged;
}
