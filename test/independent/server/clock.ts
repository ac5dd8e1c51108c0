// The independent server reckons days in one IANA time zone (the spec only says timestamps carry a UTC offset).
// Every timestamp it writes carries that zone's offset, never Z.

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, format);
  }
  return format;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Minutes east of UTC in timeZone at that instant. */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** ISO 8601 with the zone's own offset, e.g. 2025-03-01T09:15:00.000-03:00. */
export function formatInstant(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const wall = wallClock(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `.${pad(instant.getUTCMilliseconds(), 3)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/** The calendar date (yyyy-mm-dd) of an instant in timeZone. */
export function dateIn(instant: Date, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** yyyy-mm-dd shifted by whole days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days));
  return shifted.toISOString().slice(0, 10);
}

/** The first instant of a calendar day in timeZone. */
export function startOfDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const midnightUtc = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
  let guess = midnightUtc - offsetMinutes(new Date(midnightUtc), timeZone) * 60_000;
  guess = midnightUtc - offsetMinutes(new Date(guess), timeZone) * 60_000;
  if (dateIn(new Date(guess), timeZone) === date) return new Date(guess);
  // A midnight the clock skips (America/Santiago springs forward at 00:00 to 01:00): the day starts at the change,
  // the first instant whose wall clock shows the date, within the hour or two of the jump.
  let [before, after] = [guess, guess + 3 * 3_600_000];
  while (after - before > 1) {
    const mid = Math.floor((before + after) / 2);
    if (dateIn(new Date(mid), timeZone) === date) after = mid;
    else before = mid;
  }
  return new Date(after);
}

/** The last instant (millisecond) of a calendar day in timeZone. */
export function endOfDay(date: string, timeZone: string): Date {
  return new Date(startOfDay(addDays(date, 1), timeZone).getTime() - 1);
}
