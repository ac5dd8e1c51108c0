import { addDays, inTimeZone, isEndOfDay, isStartOfDay, offsetMinutesAt, startOfDayIn, type OffsetDateTime } from '../../models/index.ts';

// Which time zone the target reckons days in (issue 21): every zone that fits what the target showed — each Desde a
// day's first instant, each Hasta a day's last, each timestamp written with a non-zero offset that zone's offset
// then — is a reading of it. Offsets that differ over the window name a zone with rules; where every fitting
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
}

/** Zones to try, simplest first: UTC, the whole-hour fixed offsets, then every zone the runtime knows. */
export function candidateZones(): string[] {
  const fixed = Array.from({ length: 27 }, (_, i) => i - 12)
    .filter((h) => h !== 0)
    .map((h) => `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`);
  return ['UTC', ...fixed, ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
}

export function fits(zone: string, o: ZoneObservations): boolean {
  return (
    o.starts.every((t) => isStartOfDay(inTimeZone(t, zone))) &&
    o.ends.every((t) => isEndOfDay(inTimeZone(t, zone))) &&
    o.local.every((t) => inTimeZone(t, zone).offsetMinutes === t.offsetMinutes)
  );
}

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
  const fitting = zones.filter((z) => fits(z, o));
  const zone = fitting[0];
  if (zone === undefined) return undefined;
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 366;
  const rivals = fitting.slice(1).filter((z) => !agree(zone, z, from, days));
  const offsets = new Set([...o.starts, ...o.ends, ...o.local].map((t) => offsetMinutesAt(t.epochMs, zone)));
  return { zone, rivals, changeSeen: offsets.size > 1 };
}
