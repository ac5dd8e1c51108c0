import { addDays } from '../models/index.ts';

// Clock arithmetic in the profile's time zone ("today" for desde, the inquiry list's Desde/Hasta, the
// resend age bound). Conventions: timestamps are ISO 8601 date-times with a UTC offset.

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** Per zone and UTC day: the offset of days without a transition (Intl formatting is slow; requests are hot). */
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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

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

/** The first instant of `date` in `timeZone`. */
export function startOfDay(date: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  let epoch = utcMidnight - offsetMinutesAt(utcMidnight, timeZone) * MINUTE_MS;
  // A second pass settles days whose offset changes between UTC midnight and local midnight.
  epoch = utcMidnight - offsetMinutesAt(epoch, timeZone) * MINUTE_MS;
  return epoch;
}

/** The last millisecond of `date` in `timeZone`. */
export const endOfDay = (date: string, timeZone: string): number => startOfDay(addDays(date, 1), timeZone) - 1;

/** The calendar date of `epochMs` in `timeZone`. */
export const dateInZone = (epochMs: number, timeZone: string): string =>
  new Date(epochMs + offsetMinutesAt(epochMs, timeZone) * MINUTE_MS).toISOString().slice(0, 10);
