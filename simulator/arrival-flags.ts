import { UsageError } from '../support/errors.ts';
import { DAY_MS, type ArrivalSpec } from '../generators/arrivals.ts';

/** A --rate or --arrival value that names no arrival process (a UsageError: the CLI exits 2). */
export class ArrivalSpecError extends UsageError {
  constructor(message: string) {
    super(message, 'VMP_ERR_ARRIVAL');
  }
}

// --rate and --arrival, shared by `simulate` and `load`: the kind of arrival process and its mean rate.

export const ARRIVAL_KINDS = ['constant', 'poisson', 'diurnal', 'burst'] as const;
/** Bursts: on for 1 s at three times the mean rate, then off for 2 s. */
export const BURST = { onMs: 1_000, offMs: 2_000 } as const;

export function rateFlag(name: string, value: string | number): number {
  const n = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(n > 0 && n <= 100_000)) {
    throw new ArrivalSpecError(
      `${name} must be a number of requests per second above 0 and at most 100000, got ${typeof value === 'string' ? `'${value}'` : value}`,
    );
  }
  return n;
}

/** The arrival process for a kind and mean rate; `expectedMs` sizes the diurnal day so one run sweeps it. */
export function arrivalSpec(kind: string, ratePerSec: number, expectedMs: number): ArrivalSpec {
  switch (kind) {
    case 'constant':
      return { kind: 'constant', ratePerSec };
    case 'poisson':
      return { kind: 'poisson', ratePerSec };
    case 'diurnal':
      return { kind: 'diurnal', ratePerSec, dayLengthMs: Math.min(Math.max(expectedMs, 1_000), DAY_MS) };
    case 'burst':
      return { kind: 'burst', ratePerSec: (ratePerSec * (BURST.onMs + BURST.offMs)) / BURST.onMs, ...BURST };
    default:
      throw new ArrivalSpecError(`--arrival must be one of ${ARRIVAL_KINDS.join(', ')}, got '${kind}'`);
  }
}
