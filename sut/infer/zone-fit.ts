import { addDays, dateIn, inTimeZone, offsetMinutesAt, startOfDayIn, type OffsetDateTime } from '../../models/index.ts';

// Which time zone the target reckons days in (issue 21): every zone that fits what the target showed — each Desde a
// day's first instant, each Hasta a day's last, each timestamp written with a non-zero offset that zone's offset
// then — is a reading of it (the zones that fit the most, where a clock change's day is answered otherwise). Offsets that differ over the window name a zone with rules; where every fitting
// reading agrees on every day from the window's start to a year ahead, the choice is verified, else it is a guess
// that says which other zones fit (a fixed offset, say, where the window held no daylight-saving change).

export interface ZoneObservations {
  starts: OffsetDateTime[];
  ends: OffsetDateTime[];
  /** Instants written with a non-zero offset: that offset is the zone's there. */
  local: OffsetDateTime[];
}

export interface ZoneReading {
  zone: string;
  /** Other zones that fit as well and disagree with it somewhere in the year ahead: the choice is unverified. */
  rivals: string[];
  /** Whether the observations hold more than one offset (a change was seen). */
  changeSeen: boolean;
  /** Observations no zone fits together with the rest (a day of a clock change answered otherwise). */
  misfits: number;
}

/** Zones to try, simplest first: UTC, the whole-hour fixed offsets, then every zone the runtime knows. */
export function candidateZones(): string[] {
  const fixed = Array.from({ length: 27 }, (_, i) => i - 12)
    .filter((h) => h !== 0)
    .map((h) => `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`);
  return ['UTC', ...fixed, ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
}

/** Whether `t` is the first instant of its day in `zone` (on a day that starts with a gap, 01:00 is). */
const startsDay = (t: OffsetDateTime, zone: string): boolean => dateIn(t.epochMs, zone) !== dateIn(t.epochMs - 1, zone);

/** Whether `t` is in the last second of its day in `zone` ("end of the final day", at any precision). */
function endsDay(t: OffsetDateTime, zone: string): boolean {
  const second = Math.floor(t.epochMs / 1000) * 1000;
  return dateIn(second, zone) === dateIn(t.epochMs, zone) && dateIn(second + 1000, zone) !== dateIn(second, zone);
}

/** How many of the observations `zone` fits. */
export function fitted(zone: string, o: ZoneObservations): number {
  return (
    o.starts.filter((t) => startsDay(t, zone)).length +
    o.ends.filter((t) => endsDay(t, zone)).length +
    o.local.filter((t) => inTimeZone(t, zone).offsetMinutes === t.offsetMinutes).length
  );
}

const total = (o: ZoneObservations) => o.starts.length + o.ends.length + o.local.length;

/** Whether two zones have the same offset at noon of every day from `from`, for `days` days. */
function agree(a: string, b: string, from: string, days: number): boolean {
  for (let i = 0; i <= days; i++) {
    const noon = startOfDayIn(addDays(from, i), 'UTC') + 12 * 3_600_000;
    if (offsetMinutesAt(noon, a) !== offsetMinutesAt(noon, b)) return false;
  }
  return true;
}

/**
 * The first zone that fits, and the fitting zones that would tell days apart from it between `from` (the window's
 * first day) and a year after `today`. Undefined when no zone fits.
 */
export function readZone(o: ZoneObservations, from: string, today: string, zones: readonly string[] = candidateZones()): ZoneReading | undefined {
  // The zones that fit the most: all of them, from a server that answers every day alike; a target may answer the
  // day of a clock change otherwise (its first instant is 01:00 where midnight is skipped), so not necessarily all.
  const scores = zones.map((z) => fitted(z, o));
  const best = Math.max(0, ...scores);
  const fitting = zones.filter((_, i) => scores[i] === best);
  const zone = fitting[0];
  if (zone === undefined || best === 0 || best < total(o) / 2) return undefined;
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 366;
  const rivals = fitting.slice(1).filter((z) => !agree(zone, z, from, days));
  const offsets = new Set([...o.starts, ...o.ends, ...o.local].map((t) => offsetMinutesAt(t.epochMs, zone)));
  return { zone, rivals, changeSeen: offsets.size > 1, misfits: total(o) - best };
}
