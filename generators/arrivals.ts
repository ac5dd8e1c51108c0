import { createPrng, deriveSeed, exponential, type Prng } from './prng.ts';

// Arrival processes: when each inquiry is sent, in ms from the start of a run. Generators, so a million arrivals
// stream in constant memory; deterministic from a seed, so a failing run can be replayed exactly.

export type ArrivalSpec =
  | { kind: 'constant'; ratePerSec: number }
  | { kind: 'poisson'; ratePerSec: number }
  /**
   * Non-homogeneous Poisson shaped by an hourly curve (evening peak) whose average send rate is ratePerSec;
   * dayLengthMs compresses a day (default 24 h) so a short run still sweeps night, day and evening.
   */
  | { kind: 'diurnal'; ratePerSec: number; dayLengthMs?: number; startHour?: number; curve?: readonly number[] }
  /** On/off: Poisson at ratePerSec for onMs, then offRatePerSec (default 0) for offMs, repeating. */
  | { kind: 'burst'; ratePerSec: number; onMs: number; offMs: number; offRatePerSec?: number };

export interface ArrivalLimits {
  seed: number;
  /** Stop after this many arrivals. */
  count?: number;
  /** Stop before the first arrival at or after this offset. */
  durationMs?: number;
}

export class ArrivalOptionError extends RangeError {
  readonly code = 'VMP_ERR_ARRIVAL_OPTION';
}

export const DAY_MS = 86_400_000;

/**
 * Relative inquiry intensity at each local hour 00…23 on a used-car marketplace: a trough before dawn, a working-
 * day plateau, and the peak after dinner (20–22 h) when buyers browse from home.
 */
export const DEFAULT_DIURNAL_CURVE: readonly number[] = [
  0.45, 0.25, 0.15, 0.1, 0.08, 0.1, 0.2, 0.4, 0.6, 0.8, 0.9, 0.95, 0.9, 0.85, 0.85, 0.9, 0.95, 1.0, 1.1, 1.3, 1.5, 1.6, 1.3, 0.8,
];

function positive(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) throw new ArrivalOptionError(`${name} must be a positive number, got ${value}`);
}

function checkLimits(l: ArrivalLimits): void {
  if (!Number.isFinite(l.seed)) throw new ArrivalOptionError(`seed must be a finite number, got ${l.seed}`);
  if (l.count !== undefined && !(Number.isInteger(l.count) && l.count >= 0))
    throw new ArrivalOptionError(`count must be a non-negative integer, got ${l.count}`);
  if (l.durationMs !== undefined && !(l.durationMs >= 0)) throw new ArrivalOptionError(`durationMs must be non-negative, got ${l.durationMs}`);
}

/** Applies count and duration to an unbounded stream of offsets. */
function* bounded(times: Iterator<number>, limits: ArrivalLimits): Generator<number, void, undefined> {
  const count = limits.count ?? Infinity;
  const end = limits.durationMs ?? Infinity;
  for (let i = 0; i < count; i++) {
    const r = times.next();
    if (r.done || r.value >= end) return;
    yield r.value;
  }
}

function* constant(ratePerSec: number): Generator<number> {
  const gap = 1000 / ratePerSec;
  // Multiplying rather than accumulating keeps the millionth arrival free of rounding drift.
  for (let i = 0; ; i++) yield i * gap;
}

function* poisson(prng: Prng, ratePerSec: number): Generator<number> {
  const ratePerMs = ratePerSec / 1000;
  for (let t = 0; ; ) {
    t += exponential(prng, ratePerMs);
    yield t;
  }
}

/** The curve's value at a fractional hour, interpolated linearly and wrapping at midnight. */
export function curveAt(curve: readonly number[], hour: number): number {
  const h = ((hour % 24) + 24) % 24;
  const i = Math.floor(h);
  const a = curve[i]!;
  const b = curve[(i + 1) % 24]!;
  return a + (b - a) * (h - i);
}

function* diurnal(prng: Prng, spec: Extract<ArrivalSpec, { kind: 'diurnal' }>): Generator<number> {
  const curve = spec.curve ?? DEFAULT_DIURNAL_CURVE;
  const dayMs = spec.dayLengthMs ?? DAY_MS;
  const startHour = spec.startHour ?? 0;
  // The mean of a cyclic piecewise-linear curve is the mean of its points, so this scaling makes ratePerSec the
  // average send rate over a (possibly compressed) day.
  const mean = curve.reduce((s, w) => s + w, 0) / curve.length;
  const scale = spec.ratePerSec / mean;
  const maxRatePerMs = (scale * Math.max(...curve)) / 1000;
  // Thinning (Lewis & Shedler): candidates at the peak rate, each kept with probability λ(t)/λmax.
  for (let t = 0; ; ) {
    t += exponential(prng, maxRatePerMs);
    const hour = startHour + (t / dayMs) * 24;
    if (prng.next() * maxRatePerMs < (scale * curveAt(curve, hour)) / 1000) yield t;
  }
}

function* burst(prng: Prng, spec: Extract<ArrivalSpec, { kind: 'burst' }>): Generator<number> {
  const cycle = spec.onMs + spec.offMs;
  const offRate = spec.offRatePerSec ?? 0;
  for (let t = 0; ; ) {
    const inCycle = t % cycle;
    const on = inCycle < spec.onMs;
    const segmentEnd = t - inCycle + (on ? spec.onMs : cycle);
    const rate = (on ? spec.ratePerSec : offRate) / 1000;
    const next = rate > 0 ? t + exponential(prng, rate) : Infinity;
    // Exponential gaps are memoryless, so restarting the draw at a segment boundary is exact.
    if (next < segmentEnd) {
      t = next;
      yield t;
    } else {
      t = segmentEnd;
    }
  }
}

function checkSpec(spec: ArrivalSpec): void {
  positive('ratePerSec', spec.ratePerSec);
  if (spec.kind === 'diurnal') {
    if (spec.dayLengthMs !== undefined) positive('dayLengthMs', spec.dayLengthMs);
    if (spec.startHour !== undefined && !(spec.startHour >= 0 && spec.startHour < 24))
      throw new ArrivalOptionError(`startHour must be in [0, 24), got ${spec.startHour}`);
    const curve = spec.curve ?? DEFAULT_DIURNAL_CURVE;
    if (curve.length !== 24 || curve.some((w) => !(w >= 0)) || !curve.some((w) => w > 0)) {
      throw new ArrivalOptionError('curve must hold 24 non-negative hourly weights, not all zero');
    }
  }
  if (spec.kind === 'burst') {
    positive('onMs', spec.onMs);
    if (!(spec.offMs >= 0)) throw new ArrivalOptionError(`offMs must be non-negative, got ${spec.offMs}`);
    if (spec.offRatePerSec !== undefined && !(spec.offRatePerSec >= 0))
      throw new ArrivalOptionError(`offRatePerSec must be non-negative, got ${spec.offRatePerSec}`);
  }
}

/** Send offsets in ms from the start (non-decreasing), for the given process, seed and limits. */
export function arrivals(spec: ArrivalSpec, limits: ArrivalLimits): Generator<number, void, undefined> {
  checkSpec(spec);
  checkLimits(limits);
  const prng = createPrng(deriveSeed(limits.seed, `arrivals:${spec.kind}`));
  switch (spec.kind) {
    case 'constant':
      return bounded(constant(spec.ratePerSec), limits);
    case 'poisson':
      return bounded(poisson(prng, spec.ratePerSec), limits);
    case 'diurnal':
      return bounded(diurnal(prng, spec), limits);
    case 'burst':
      return bounded(burst(prng, spec), limits);
  }
}

/** Expected arrivals per second at an offset, for reports and tests. */
export function expectedRateAt(spec: ArrivalSpec, atMs: number): number {
  switch (spec.kind) {
    case 'constant':
    case 'poisson':
      return spec.ratePerSec;
    case 'diurnal': {
      const curve = spec.curve ?? DEFAULT_DIURNAL_CURVE;
      const dayMs = spec.dayLengthMs ?? DAY_MS;
      const mean = curve.reduce((s, w) => s + w, 0) / curve.length;
      return (spec.ratePerSec / mean) * curveAt(curve, (spec.startHour ?? 0) + (atMs / dayMs) * 24);
    }
    case 'burst':
      return atMs % (spec.onMs + spec.offMs) < spec.onMs ? spec.ratePerSec : (spec.offRatePerSec ?? 0);
  }
}
