import { addDays, dateIn, todayIn } from '../../models/index.ts';

// Limits: desde "not earlier than today minus 90 days". The bound is a calendar day of the target's time zone
// (the profile's). Two wrong readings give another day at some moments only: UTC's today (while the zone's date
// is not UTC's), and the day of the instant now − 90 × 24 h (shortly after or before midnight when a clock change
// fell within the 90 days). The boundary cases (at, just past) catch either whenever it differs by a day; this
// says, in the report, whether the run's moment was one of those.

const DAY_MS = 86_400_000;

export interface BoundReading {
  reading: string;
  /** The first day that reading accepts. */
  bound: string;
}

/** The wrong readings of "today minus `days` days" and the bound each gives at `now`. */
export function boundReadings(days: number, timeZone: string, now: number): BoundReading[] {
  return [
    { reading: "UTC's today", bound: addDays(todayIn('UTC', new Date(now)), -days) },
    { reading: `the instant now − ${days} × 24 h`, bound: dateIn(now - days * DAY_MS, timeZone) },
  ];
}

/** One line for the report: which wrong readings the run's boundary cases told apart from the calendar day. */
export function describeReadings(days: number, today: string, timeZone: string, fixedToday: boolean, now = Date.now()): string {
  const bound = addDays(today, -days);
  if (fixedToday) return `today minus ${days} days is ${bound} (the profile's fixed today)`;
  const readings = boundReadings(days, timeZone, now);
  const apart = readings.filter((r) => r.bound !== bound).map((r) => `${r.reading} (${r.bound})`);
  const alike = readings.filter((r) => r.bound === bound).map((r) => r.reading);
  return [
    `today minus ${days} days is ${bound} in ${timeZone}`,
    apart.length > 0 ? `told apart at this moment from ${apart.join(', ')}` : '',
    alike.length > 0 ? `not told apart at this moment from ${alike.join(' or ')} (the same day)` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
