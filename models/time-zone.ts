import { addDays, type OffsetDateTime } from './datetime.ts';

// Clock arithmetic in the target's time zone (the profile's `timeZone`): a day starts and ends there, whatever
// offset a timestamp is written in ("today" for desde, the inquiry list's Desde/Hasta, the resend age bound).
// The one implementation: the suites judge with it and the reference server answers with it.

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Beyond the widest offsets (UTC−12 to UTC+14): a window that holds a date's local midnight. */
const SPAN_MS = 15 * 60 * MINUTE_MS;
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** Per zone and UTC day: the offset of days without a transition (Intl formatting is slow; the server's requests are hot). */
const dayOffsets = new Map<string, Map<number, number>>();

function exactOffset(epochMs: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(epochMs).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** Minutes east of UTC that `timeZone` is at `epochMs`. */
export function offsetMinutesAt(epochMs: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  const day = Math.floor(epochMs / DAY_MS);
  const cached = days.get(day);
  if (cached !== undefined) return cached;
  const [start, end] = [exactOffset(day * DAY_MS, timeZone), exactOffset((day + 1) * DAY_MS - 1, timeZone)];
  if (start !== end) return exactOffset(epochMs, timeZone);
  days.set(day, start);
  return start;
}

/** The wall clock of `timeZone` at `epochMs`, to the second (the fraction is the caller's). */
function wallClock(epochMs: number, timeZone: string): OffsetDateTime {
  const offsetMinutes = offsetMinutesAt(epochMs, timeZone);
  const local = new Date(Math.floor(epochMs / 1000) * 1000 + offsetMinutes * MINUTE_MS);
  return {
    date: local.toISOString().slice(0, 10),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    fraction: '',
    offsetMinutes,
    epochMs,
  };
}

/**
 * The same instant as the wall clock of `timeZone` shows it: a day starts and ends in the target's time zone
 * (the profile's), whatever offset a timestamp is written in. The fraction digits stay as written.
 */
export function inTimeZone(t: OffsetDateTime, timeZone: string): OffsetDateTime {
  return { ...wallClock(t.epochMs, timeZone), fraction: t.fraction };
}

/** The calendar date an instant falls on in `timeZone`. */
export const dateIn = (epochMs: number, timeZone: string): string =>
  new Date(epochMs + offsetMinutesAt(epochMs, timeZone) * MINUTE_MS).toISOString().slice(0, 10);

/** Today's calendar date in `timeZone`. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => dateIn(now.getTime(), timeZone);

/** The first instant of a calendar date in `timeZone` (epoch ms). */
export function startOfDayIn(date: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // Local midnight lies within 14 h of UTC's: under the offset in force before it or the one after a change.
  const before = offsetMinutesAt(utcMidnight - SPAN_MS, timeZone);
  const after = offsetMinutesAt(utcMidnight + SPAN_MS, timeZone);
  const real = [before, after].map((o) => utcMidnight - o * MINUTE_MS).filter((c, i) => offsetMinutesAt(c, timeZone) === [before, after][i]);
  if (real.length > 0) return Math.min(...real);
  // Midnight itself is skipped (a clock change at 00:00, as in America/Santiago): the day starts at the change.
  let [lo, hi] = [utcMidnight - SPAN_MS, utcMidnight + SPAN_MS];
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetMinutesAt(mid, timeZone) === after) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The last millisecond of a calendar date in `timeZone` (epoch ms). */
export const endOfDayIn = (date: string, timeZone: string): number => startOfDayIn(addDays(date, 1), timeZone) - 1;

/** How long a calendar date lasts in `timeZone` (ms): 24 hours, or 23 or 25 (or another span) on a day its offset changes. */
export const dayLengthIn = (date: string, timeZone: string): number => startOfDayIn(addDays(date, 1), timeZone) - startOfDayIn(date, timeZone);

/** The dates from `from` to `to` (inclusive) that are not 24 hours long in `timeZone`: the days its rules change its offset. */
export function daysNot24Hours(from: string, to: string, timeZone: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (dayLengthIn(d, timeZone) !== DAY_MS) out.push(d);
  return out;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An offset as ±hh:mm. */
export function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `epochMs` as yyyy-mm-ddThh:mm:ss[.sss]±hh:mm in `timeZone`; milliseconds only when non-zero. */
export function formatInZone(epochMs: number, timeZone: string): string {
  const offset = offsetMinutesAt(epochMs, timeZone);
  const local = new Date(epochMs + offset * MINUTE_MS).toISOString();
  const seconds = local.endsWith('.000Z') ? local.slice(0, 19) : local.slice(0, 23);
  return `${seconds}${formatOffset(offset)}`;
}
