import { decimal } from './decimal.ts';

// Consulta.Momento: "ISO 8601 date-times with a UTC offset". The offset is the caller's choice (Argentina is
// UTC−03:00 all year, no DST), so formatting is plain arithmetic rather than a time-zone database lookup.

const pad = (n: number, width = 2) => decimal(n, width);

export class MomentoOptionError extends RangeError {
  readonly code = 'VMP_ERR_MOMENTO_OPTION';
}

export function assertUtcOffset(offsetMinutes: number): void {
  if (!Number.isInteger(offsetMinutes) || Math.abs(offsetMinutes) > 18 * 60) {
    throw new MomentoOptionError(`utcOffsetMinutes must be an integer within ±1080, got ${offsetMinutes}`);
  }
}

/** e.g. formatMomento(Date.UTC(2026, 10, 22, 13, 15), -180) → "2026-11-22T10:15:00-03:00"; offset 0 → "…Z". */
export function formatMomento(epochMs: number | Date, offsetMinutes = -180): string {
  assertUtcOffset(offsetMinutes);
  const ms = typeof epochMs === 'number' ? epochMs : epochMs.getTime();
  if (!Number.isFinite(ms)) throw new MomentoOptionError(`not a valid instant: ${String(epochMs)}`);
  // Whole seconds: the spec's examples never show fractions, and a target may store seconds only.
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes * 60_000);
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  if (offsetMinutes === 0) return `${date}T${time}Z`;
  const abs = Math.abs(offsetMinutes);
  return `${date}T${time}${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Calendar year and month (0-based) at an instant, in the given offset. */
export function localYearMonth(epochMs: number, offsetMinutes: number): { year: number; month: number } {
  const local = new Date(epochMs + offsetMinutes * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() };
}
