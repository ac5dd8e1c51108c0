import { addDays, formatInZone, formatOffset, offsetMinutesAt, startOfDayIn } from '../../models/index.ts';

// Days are the target's: desde and hasta name days of the profile's time zone, whatever offset a Momento is
// written in. The instants at the edges of one day D — the last second of D − 1, the first of D, the last of D,
// the first of D + 1 — each written in an offset that puts it on another calendar day than the zone's (west of
// the zone for a midnight, east for 23:59:59), so that a filter by UTC's day or by the day as written shows.

const SECOND_MS = 1_000;
const MINUTE_MS = 60_000;
/** The offsets ISO 8601 date-times are commonly held to (.NET's DateTimeOffset, RFC 3339 parsers in practice). */
const WESTMOST = -12 * 60;
const EASTMOST = 14 * 60;

export interface Edge {
  /** Where it sits, e.g. "00:00:00 of 2026-11-19". */
  label: string;
  /** The zone's calendar day of the instant. */
  day: string;
  epochMs: number;
  /** The Momento as written: the instant in another offset. */
  written: string;
}

/** `epochMs` as yyyy-mm-ddThh:mm:ss±hh:mm at `offsetMinutes`. */
export function writeAtOffset(epochMs: number, offsetMinutes: number): string {
  const local = new Date(epochMs + offsetMinutes * MINUTE_MS).toISOString().slice(0, 19);
  return `${local}${formatOffset(offsetMinutes)}`;
}

/** The offset west (for a day's first instant) or east (for its last) of the zone's, where the zone leaves room. */
function otherDayOffset(epochMs: number, timeZone: string, side: 'west' | 'east'): number {
  const own = offsetMinutesAt(epochMs, timeZone);
  return side === 'west' ? (own > WESTMOST ? WESTMOST : own) : own < EASTMOST ? EASTMOST : own;
}

/** The four instants around day `day` of `timeZone`, each written on another day than the zone's. */
export function dayEdges(day: string, timeZone: string): Edge[] {
  const start = startOfDayIn(day, timeZone);
  const next = startOfDayIn(addDays(day, 1), timeZone);
  const edge = (label: string, at: number, of: string, side: 'west' | 'east'): Edge => ({
    label: `${label} of ${of}`,
    day: of,
    epochMs: at,
    written: writeAtOffset(at, otherDayOffset(at, timeZone, side)),
  });
  return [
    edge('23:59:59', start - SECOND_MS, addDays(day, -1), 'east'),
    edge('00:00:00', start, day, 'west'),
    edge('23:59:59', next - SECOND_MS, day, 'east'),
    edge('00:00:00', next, addDays(day, 1), 'west'),
  ];
}

/** Twelve hours into `day` of `timeZone`, written in the zone's own offset. */
export const noonOf = (day: string, timeZone: string): string => formatInZone(startOfDayIn(day, timeZone) + 12 * 60 * MINUTE_MS, timeZone);
