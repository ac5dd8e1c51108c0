import { describe, expect, it } from 'vitest';
import { createPrng, deriveSeed, intBetween, weighted } from '../../generators/prng.ts';

describe('prng', () => {
  it('is deterministic per seed and differs across nearby seeds', () => {
    const a = createPrng(1);
    const b = createPrng(1);
    const c = createPrng(2);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(xs);
  });

  it('draws uniformly in [0, 1)', () => {
    const p = createPrng(42);
    let sum = 0;
    let outside = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const x = p.next();
      if (!(x >= 0 && x < 1)) outside++;
      sum += x;
    }
    expect(outside).toBe(0);
    expect(sum / n).toBeCloseTo(0.5, 2);
  });

  it('intBetween covers both ends; weighted follows the weights', () => {
    const p = createPrng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(intBetween(p, 1, 3));
    expect([...seen].sort()).toEqual([1, 2, 3]);
    const draw = weighted([
      ['a', 3],
      ['b', 1],
    ] as const);
    let a = 0;
    for (let i = 0; i < 20_000; i++) if (draw(p) === 'a') a++;
    expect(a / 20_000).toBeGreaterThan(0.73);
    expect(a / 20_000).toBeLessThan(0.77);
  });

  it('derives distinct sub-stream seeds', () => {
    expect(deriveSeed(1, 'inquiry')).not.toBe(deriveSeed(1, 'arrivals'));
    expect(deriveSeed(1, 'inquiry')).toBe(deriveSeed(1, 'inquiry'));
  });
});
