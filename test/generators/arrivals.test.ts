import { describe, expect, it } from 'vitest';
import { ArrivalOptionError, arrivals, expectedRateAt, type ArrivalSpec } from '../../generators/arrivals.ts';

const take = (spec: ArrivalSpec, count: number, seed = 1) => [...arrivals(spec, { seed, count })];

function isNonDecreasing(xs: number[]): boolean {
  for (let i = 1; i < xs.length; i++) if (xs[i]! < xs[i - 1]!) return false;
  return true;
}

/** Observed rate per second over the span of the arrivals. */
const observedRate = (xs: number[]) => (xs.length / xs.at(-1)!) * 1000;

describe('arrival processes', () => {
  it('constant: exact spacing, no drift at the millionth arrival', () => {
    const xs = take({ kind: 'constant', ratePerSec: 200 }, 10_000);
    expect(xs.slice(0, 3)).toEqual([0, 5, 10]);
    expect(xs[9_999]).toBeCloseTo(49_995, 9);
    let last = 0;
    let n = 0;
    for (const t of arrivals({ kind: 'constant', ratePerSec: 3 }, { seed: 0, count: 1_000_000 })) {
      last = t;
      n++;
    }
    expect(n).toBe(1_000_000);
    expect(last).toBeCloseTo((999_999 * 1000) / 3, 3);
  });

  it('poisson: rate within 3% over 10,000 arrivals, exponential gaps (CV ≈ 1), monotonic, seeded', () => {
    const xs = take({ kind: 'poisson', ratePerSec: 50 }, 10_000, 7);
    expect(isNonDecreasing(xs)).toBe(true);
    expect(observedRate(xs)).toBeGreaterThan(50 * 0.97);
    expect(observedRate(xs)).toBeLessThan(50 * 1.03);
    const gaps = xs.map((t, i) => t - (xs[i - 1] ?? 0));
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((a, g) => a + (g - mean) ** 2, 0) / gaps.length);
    expect(sd / mean).toBeGreaterThan(0.95);
    expect(sd / mean).toBeLessThan(1.05);
    expect(take({ kind: 'poisson', ratePerSec: 50 }, 100, 7)).toEqual(xs.slice(0, 100));
    expect(take({ kind: 'poisson', ratePerSec: 50 }, 100, 8)).not.toEqual(xs.slice(0, 100));
  });

  it('diurnal: average rate as asked, evening peak well above the night trough', () => {
    // One day compressed into 100 s at 100/s on average: 10,000 arrivals sweep every hour.
    const spec: ArrivalSpec = { kind: 'diurnal', ratePerSec: 100, dayLengthMs: 100_000 };
    const xs = [...arrivals(spec, { seed: 3, durationMs: 100_000 })];
    expect(isNonDecreasing(xs)).toBe(true);
    expect(xs.length).toBeGreaterThan(10_000 * 0.96);
    expect(xs.length).toBeLessThan(10_000 * 1.04);
    const perHour = new Array<number>(24).fill(0);
    for (const t of xs) perHour[Math.floor((t / 100_000) * 24)]!++;
    const evening = perHour[20]! + perHour[21]!;
    const night = perHour[3]! + perHour[4]!;
    expect(evening).toBeGreaterThan(night * 5);
    const peakHour = perHour.indexOf(Math.max(...perHour));
    expect(peakHour).toBeGreaterThanOrEqual(19);
    expect(peakHour).toBeLessThanOrEqual(22);
    expect(expectedRateAt(spec, (20.5 / 24) * 100_000)).toBeGreaterThan(expectedRateAt(spec, (3.5 / 24) * 100_000) * 5);
    expect([...arrivals(spec, { seed: 3, count: 50 })]).toEqual(xs.slice(0, 50));
  });

  it('diurnal startHour shifts the curve', () => {
    const spec: ArrivalSpec = { kind: 'diurnal', ratePerSec: 100, dayLengthMs: 24_000, startHour: 20 };
    const xs = [...arrivals(spec, { seed: 1, durationMs: 24_000 })];
    const firstHour = xs.filter((t) => t < 1000).length;
    const seventhHour = xs.filter((t) => t >= 7000 && t < 8000).length; // 03:00–04:00 local
    expect(firstHour).toBeGreaterThan(seventhHour * 4);
  });

  it('burst: arrivals only inside on-windows, at the on-rate there', () => {
    const spec: ArrivalSpec = { kind: 'burst', ratePerSec: 500, onMs: 200, offMs: 800 };
    const xs = take(spec, 10_000, 5);
    expect(isNonDecreasing(xs)).toBe(true);
    expect(xs.every((t) => t % 1000 < 200)).toBe(true);
    // 10,000 arrivals at 500/s during 20% of the time → ≈ 100/s overall.
    expect(observedRate(xs)).toBeGreaterThan(97);
    expect(observedRate(xs)).toBeLessThan(103);
    const withTrickle = take({ ...spec, offRatePerSec: 50 }, 10_000, 5);
    const off = withTrickle.filter((t) => t % 1000 >= 200).length / withTrickle.length;
    // Expected off share: 0.8·50 / (0.2·500 + 0.8·50) = 40/140.
    expect(off).toBeGreaterThan(0.26);
    expect(off).toBeLessThan(0.31);
  });

  it('stops at count or duration, whichever comes first', () => {
    expect([...arrivals({ kind: 'constant', ratePerSec: 10 }, { seed: 1, durationMs: 1000 })]).toHaveLength(10);
    expect([...arrivals({ kind: 'constant', ratePerSec: 10 }, { seed: 1, durationMs: 1000, count: 3 })]).toHaveLength(3);
    expect([...arrivals({ kind: 'poisson', ratePerSec: 10 }, { seed: 1, count: 0 })]).toEqual([]);
  });

  it('rejects bad parameters with a stable code', () => {
    const bad: ArrivalSpec[] = [
      { kind: 'poisson', ratePerSec: 0 },
      { kind: 'constant', ratePerSec: Number.NaN },
      { kind: 'diurnal', ratePerSec: 1, curve: [1, 2, 3] },
      { kind: 'diurnal', ratePerSec: 1, startHour: 24 },
      { kind: 'burst', ratePerSec: 1, onMs: 0, offMs: 10 },
    ];
    for (const spec of bad) expect(() => arrivals(spec, { seed: 1 }), JSON.stringify(spec)).toThrow(ArrivalOptionError);
    expect(() => arrivals({ kind: 'poisson', ratePerSec: 1 }, { seed: 1, count: -1 })).toThrow(/count/);
    try {
      arrivals({ kind: 'poisson', ratePerSec: -1 }, { seed: 1 });
    } catch (e) {
      expect((e as ArrivalOptionError).code).toBe('VMP_ERR_ARRIVAL_OPTION');
    }
  });
});
