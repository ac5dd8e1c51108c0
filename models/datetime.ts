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
  const offsetMinutes =
    off === 'Z' ? 0 : (off.startsWith('-') ? -1 : 1) * (Number(off.slice(1, 3)) * 60 + Number(off.slice(4, 6) || '0'));
  if (Math.abs(offsetMinutes) > 18 * 60) return undefined;
  const fraction = frac.slice(1);
  const ms = fraction ? Number(`0.${fraction}`) * 1000 : 0;
  const local = Date.parse(`${date}T00:00:00Z`) + ((hour * 60 + minute) * 60 + second) * 1000 + ms;
  return { date, hour, minute, second, fraction, offsetMinutes, epochMs: local - offsetMinutes * 60_000 };
}

const DATE_TIME_MESSAGE = 'expected an ISO 8601 date-time with a UTC offset (Z, ±hh:mm or ±hh)';

// The shape as a regex check (so z.toJSONSchema shows it as `pattern`: `vmp-conformance openapi`), then the
// calendar and clock ranges a pattern cannot say. Not JSON Schema's `date-time` format: that is RFC 3339, which
// refuses the ISO 8601 forms the Conventions allow (no seconds, an offset of ±hh).
export const dateTime = z
  .string()
  .regex(DATE_TIME, { message: DATE_TIME_MESSAGE, abort: true })
  .refine((v) => parseOffsetDateTime(v) !== undefined, DATE_TIME_MESSAGE);

export const isoDate = z.string().refine(isCalendarDate, 'expected an ISO 8601 date (yyyy-mm-dd)');

/**
 * The same instant as the wall clock of `timeZone` shows it: a day starts and ends in the target's time zone
 * (the profile's), whatever offset a timestamp is written in. The fraction digits stay as written.
 */
export function inTimeZone(t: OffsetDateTime, timeZone: string): OffsetDateTime {
  return { ...wallClock(t.epochMs, timeZone), fraction: t.fraction };
}

/** The calendar date an instant falls on in `timeZone`. */
export const dateIn = (epochMs: number, timeZone: string): string => wallClock(epochMs, timeZone).date;

/** The first instant of a calendar date in `timeZone` (epoch ms). */
export function startOfDayIn(date: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let t = midnightUtc;
  // Twice: the offset at the first guess may differ from the offset at midnight (a DST change that day).
  for (let i = 0; i < 2; i++) t = midnightUtc - wallClock(t, timeZone).offsetMinutes * 60_000;
  return t;
}

function wallClock(epochMs: number, timeZone: string): OffsetDateTime {
  const wholeSecondMs = Math.floor(epochMs / 1000) * 1000;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(wholeSecondMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  const [hour, minute, second] = [Number(part('hour')), Number(part('minute')), Number(part('second'))];
  const local = Date.parse(`${date}T00:00:00Z`) + ((hour * 60 + minute) * 60 + second) * 1000;
  return { date, hour, minute, second, fraction: '', offsetMinutes: Math.round((local - wholeSecondMs) / 60_000), epochMs };
}

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

export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
