// A tiny seeded PRNG (sfc32, from PractRand) so arrivals and fault injection are reproducible from one number
// without pulling faker's Mersenne Twister into hot loops. Not for cryptography.

export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number;
}

/** splitmix32: spreads a small seed (0, 1, 2…) over the 128-bit sfc32 state so nearby seeds diverge at once. */
function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createPrng(seed: number): Prng {
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
  const mix = splitmix32(Math.trunc(seed));
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const nextUint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // Warm-up rounds recommended for sfc32.
  for (let i = 0; i < 12; i++) nextUint32();
  return { nextUint32, next: () => nextUint32() / 4294967296 };
}

/** Derives an independent seed for a sub-stream (e.g. arrivals vs. inquiries) from one user seed. */
export function deriveSeed(seed: number, stream: string): number {
  let h = Math.trunc(seed) >>> 0;
  for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193) >>> 0;
  return splitmix32(h)();
}

/** Exponential variate with the given rate (events per unit), by inversion; 1 - U avoids log(0). */
export function exponential(prng: Prng, rate: number): number {
  return -Math.log(1 - prng.next()) / rate;
}

/** Integer uniform in [min, max], both inclusive. */
export function intBetween(prng: Prng, min: number, max: number): number {
  return min + Math.floor(prng.next() * (max - min + 1));
}

export function chance(prng: Prng, probability: number): boolean {
  return prng.next() < probability;
}

/** Standard normal variate (Box–Muller; one of the pair is discarded to keep the generator stateless). */
export function normal(prng: Prng, mean = 0, sd = 1): number {
  const u = 1 - prng.next();
  const v = prng.next();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function pick<T>(prng: Prng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[Math.floor(prng.next() * items.length)]!;
}

/** A sampler over weighted items; the cumulative table is built once so each draw is O(log n). */
export function weighted<T>(items: readonly (readonly [T, number])[]): (prng: Prng) => T {
  if (items.length === 0) throw new RangeError('weighted choice over an empty list');
  const cumulative: number[] = [];
  let total = 0;
  for (const [, w] of items) {
    if (!(w >= 0)) throw new RangeError(`weights must be non-negative, got ${w}`);
    total += w;
    cumulative.push(total);
  }
  if (total <= 0) throw new RangeError('weights must not all be zero');
  return (prng) => {
    const x = prng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo]![0];
  };
}
