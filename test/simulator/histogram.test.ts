import { describe, expect, it } from 'vitest';
import {
  createLatencyHistogram,
  decodeHistogram,
  encodeHistogram,
  HistogramError,
  mergeHistograms,
  percentiles,
  percentilesMs,
  recordLatency,
  recordMs,
} from '../../simulator/histogram.ts';

describe('latency histograms', () => {
  it('gives percentiles within 0.1%', () => {
    const h = createLatencyHistogram('us');
    for (let v = 1; v <= 10_000; v++) recordLatency(h, v);
    const p = percentiles(h);
    expect(p.count).toBe(10_000);
    expect(p.p50).toBeGreaterThan(4995);
    expect(p.p50).toBeLessThan(5006);
    expect(Math.abs(p.p99 - 9900) / 9900).toBeLessThan(0.001);
    expect(Math.abs(p.p99_9 - 9990) / 9990).toBeLessThan(0.001);
    expect(p.min).toBe(1);
    expect(Math.abs(p.max - 10_000) / 10_000).toBeLessThan(0.001);
  });

  it('converts a microsecond histogram to milliseconds, and records ms durations in µs', () => {
    const h = createLatencyHistogram('us');
    recordMs(h, 12.5);
    expect(percentiles(h).p50).toBeCloseTo(12_500, -1);
    expect(percentilesMs(h).p50).toBeCloseTo(12.5, 1);
  });

  it('round-trips through base64 with the same distribution', () => {
    const h = createLatencyHistogram('ms');
    for (let i = 0; i < 5000; i++) recordLatency(h, (i * 7919) % 2500);
    const encoded = encodeHistogram(h);
    expect(encoded.unit).toBe('ms');
    expect(encoded.base64).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const back = decodeHistogram(JSON.parse(JSON.stringify(encoded)));
    expect(percentiles(back)).toEqual(percentiles(h));
    // Still recordable after decoding.
    recordLatency(back, 1);
    expect(back.histogram.totalCount).toBe(5001);
  });

  it('merges runs from several machines into one distribution', () => {
    const fast = createLatencyHistogram('us');
    const slow = createLatencyHistogram('us');
    for (let i = 0; i < 900; i++) recordLatency(fast, 1000);
    for (let i = 0; i < 100; i++) recordLatency(slow, 100_000);
    const merged = mergeHistograms([encodeHistogram(fast), slow]);
    const p = percentiles(merged);
    expect(p.count).toBe(1000);
    expect(p.p50).toBeCloseTo(1000, -1);
    expect(p.p99).toBeGreaterThan(99_000);
    expect(percentiles(mergeHistograms([])).count).toBe(0);
  });

  it('refuses mixed units, garbage and negative latencies with stable codes', () => {
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(HistogramError);
        return (e as HistogramError).code;
      }
      return undefined;
    };
    expect(codeOf(() => mergeHistograms([createLatencyHistogram('us'), createLatencyHistogram('ms')]))).toBe('VMP_ERR_HISTOGRAM_UNIT');
    expect(codeOf(() => decodeHistogram({ unit: 'us', base64: 'bm90IGEgaGlzdG9ncmFt' }))).toBe('VMP_ERR_HISTOGRAM_DECODE');
    expect(codeOf(() => recordLatency(createLatencyHistogram(), -1))).toBe('VMP_ERR_HISTOGRAM_VALUE');
  });

  it('clamps absurd values to one hour instead of throwing', () => {
    const h = createLatencyHistogram('ms');
    recordLatency(h, 1e12);
    expect(percentiles(h).max).toBeGreaterThanOrEqual(3_599_000);
    expect(percentiles(h).max).toBeLessThanOrEqual(3_601_000);
  });
});
