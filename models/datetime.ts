import { z } from 'zod';

// Conventions: timestamps are ISO 8601 date-times with a UTC offset; query dates are yyyy-mm-dd.
// Extended format throughout: a decimal point or comma before the fraction, an offset of Z, ±hh:mm or ±hh.
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})([.,]\d+)?)?(Z|[+-]\d{2}(?::\d{2})?)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export interface OffsetDateTime {
  /** The calendar date as written, in the value's own offset. */
  date: string;
  hour: number;
  minute: number;
  second: number;
  /** The fraction digits as written, '' when absent. */
  fraction: string;
  offsetMinutes: number;
  epochMs: number;
}

export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

export function parseOffsetDateTime(value: string): OffsetDateTime | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const [, date, hh, mm, ss = '00', frac = '', off] = m as unknown as [string, string, string, string, string | undefined, string | undefined, string];
  const [hour, minute, second] = [Number(hh), Number(mm), Number(ss)];
  if (!isCalendarDate(date) || hour > 23 || minute > 59 || second > 59) return undefined;
  const offsetMinutes = off === 'Z' ? 0 : (off.startsWith('-') ? -1 : 1) * (Number(off.slice(1, 3)) * 60 + Number(off.slice(4, 6) || '0'));
  if (Math.abs(offsetMinutes) > 18 * 60) return undefined;
  const fraction = frac.slice(1);
  const ms = fraction ? Number(`0.${fraction}`) * 1000 : 0;
  const local = Date.parse(`${date}T00:00:00Z`) + ((hour * 60 + minute) * 60 + second) * 1000 + ms;
  return { date, hour, minute, second, fraction, offsetMinutes, epochMs: local - offsetMinutes * 60_000 };
}

const DATE_TIME_MESSAGE = 'expected an ISO 8601 date-time with a UTC offset (Z, ±hh:mm or ±hh)';

// The shape as a regex check (so z.toJSONSchema shows it as `pattern`: `vmp-conformance openapi`), then the
// calendar and clock ranges a pattern cannot say. JSON Schema's `date-time` format is RFC 3339, which refuses ISO
// 8601 forms the Conventions allow (no seconds, an offset of ±hh): it rides along as the annotation tools read (a
// mock writes a date-time, not "string", and RFC 3339's forms match the pattern), the pattern is what constrains.
export const dateTime = z
  .string()
  .regex(DATE_TIME, { message: DATE_TIME_MESSAGE, abort: true })
  .refine((v) => parseOffsetDateTime(v) !== undefined, DATE_TIME_MESSAGE)
  .meta({ format: 'date-time' });

export const isoDate = z.string().refine(isCalendarDate, 'expected an ISO 8601 date (yyyy-mm-dd)');

/** Paged envelope, Hasta: "last instant of the period covered (end of the final day)". */
export function isEndOfDay(t: OffsetDateTime): boolean {
  // Any fraction: 23:59:59.997 is the last instant at a 3 ms precision (SQL Server's datetime).
  return t.hour === 23 && t.minute === 59 && t.second === 59;
}

/** Paged envelope, Desde: "first instant of the period covered". */
export function isStartOfDay(t: OffsetDateTime): boolean {
  return t.hour === 0 && t.minute === 0 && t.second === 0 && /^0*$/.test(t.fraction);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
