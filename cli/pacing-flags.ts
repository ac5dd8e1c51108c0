import { UsageError } from '../support/errors.ts';
import type { TransportSettings } from '../api/transport.ts';
import { integerFlag } from './flags.ts';

// --rate-limit and --concurrency (issue 27 item 5), for the commands whose requests a gateway may throttle (run,
// init, simulate): how fast and how many at once the target is asked (sut/pacing.ts, sut/transport.ts). The
// rate is written as Schemathesis writes it: N/s, N/m or N/h.

export const PACING_OPTIONS = {
  'rate-limit': { type: 'string' },
  concurrency: { type: 'string' },
} as const;

export const PACING_USAGE = [
  'Pacing (docs/network.md): --rate-limit N/s (or N/m, N/h) sends at most that many requests to the target, evenly spaced;',
  '  --concurrency N keeps at most N requests in flight. Behind a gateway that throttles (429) use what it allows.',
  '  Requests that got no response, and 429s or 503s with Retry-After, are sent again (idempotent methods only) within',
  '  --timeout-ms and the run\'s deadline; a rule that still met one is skipped, "not judged", and never fails.',
];

export interface PacingValues {
  'rate-limit'?: string | undefined;
  concurrency?: string | undefined;
}

const PER_SECOND: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3_600 };
/** No gateway needs more pacing than this, and a larger figure is a typo. */
const MAX_RATE_PER_SECOND = 100_000;
const MAX_CONCURRENCY = 1_024;

/** `20/s`, `600/m`, `20` (per second): requests per second; anything else is exit 2 naming the flag. */
export function rateLimitFlag(value: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*([smh]))?\s*$/.exec(value);
  const rate = m ? Number(m[1]) / PER_SECOND[m[2] ?? 's']! : Number.NaN;
  if (!(rate > 0) || rate > MAX_RATE_PER_SECOND) {
    throw new UsageError(`--rate-limit must be a rate such as 20/s, 600/m or 3600/h (above 0, at most ${MAX_RATE_PER_SECOND}/s), got '${value}'`);
  }
  return rate;
}

/** The pacing the flags give; refused without --base-url (the embedded server is reached in this process). */
export function pacingOf(v: PacingValues, baseUrl: string | undefined): Pick<TransportSettings, 'rateLimit' | 'concurrency'> {
  if (v['rate-limit'] === undefined && v.concurrency === undefined) return {};
  if (baseUrl === undefined) throw new UsageError('--rate-limit and --concurrency are for a target given by --base-url');
  return {
    ...(v['rate-limit'] !== undefined ? { rateLimit: rateLimitFlag(v['rate-limit']) } : {}),
    ...(v.concurrency !== undefined ? { concurrency: integerFlag('concurrency', v.concurrency, 1, MAX_CONCURRENCY) } : {}),
  };
}

/** The flags that give this pacing again, for a command line the user is told to run next. */
export function pacingArgs(s: Pick<TransportSettings, 'rateLimit' | 'concurrency'>): string {
  return `${s.rateLimit !== undefined ? ` --rate-limit ${s.rateLimit}/s` : ''}${s.concurrency !== undefined ? ` --concurrency ${s.concurrency}` : ''}`;
}
