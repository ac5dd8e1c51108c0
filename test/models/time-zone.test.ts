import { describe, expect, it } from 'vitest';
import {
  dateIn,
  dayLengthIn,
  daysNot24Hours,
  endOfDayIn,
  formatInZone,
  inTimeZone,
  offsetMinutesAt,
  parseOffsetDateTime,
  startOfDayIn,
  todayIn,
} from '../../models/index.ts';

// The one time-zone arithmetic: the suites judge a day in the target's zone with it, the reference server writes
// its Desde/Hasta, seeds and "today" with it.

const BA = 'America/Argentina/Buenos_Aires';
const NY = 'America/New_York';

describe('time-zone arithmetic', () => {
  it('knows the offset of a zone at an instant, across a DST change', () => {
    expect(offsetMinutesAt(Date.parse('2024-05-01T12:00:00Z'), BA)).toBe(-180);
    expect(offsetMinutesAt(Date.parse('2024-03-10T06:59:59Z'), NY)).toBe(-300);
    expect(offsetMinutesAt(Date.parse('2024-03-10T07:00:00Z'), NY)).toBe(-240);
    expect(offsetMinutesAt(Date.parse('2024-05-01T12:00:00Z'), 'Asia/Kathmandu')).toBe(345);
  });

  it('starts and ends a day in the zone, also on a day of 23 hours', () => {
    expect(startOfDayIn('2024-05-01', BA)).toBe(Date.parse('2024-05-01T03:00:00Z'));
    expect(endOfDayIn('2024-05-01', BA)).toBe(Date.parse('2024-05-02T02:59:59.999Z'));
    expect(startOfDayIn('2024-03-10', NY)).toBe(Date.parse('2024-03-10T05:00:00Z'));
    expect(endOfDayIn('2024-03-10', NY) + 1 - startOfDayIn('2024-03-10', NY)).toBe(23 * 3_600_000);
  });

  it('starts a day whose midnight a clock change skips at the change, and ends its eve just before', () => {
    // America/Santiago springs forward at 00:00 (to 01:00) and falls back at 24:00 (to 23:00 of the same day).
    expect(formatInZone(startOfDayIn('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06T01:00:00-03:00');
    expect(formatInZone(endOfDayIn('2026-09-05', 'America/Santiago'), 'America/Santiago')).toBe('2026-09-05T23:59:59.999-04:00');
    expect(endOfDayIn('2026-04-04', 'America/Santiago') + 1 - startOfDayIn('2026-04-04', 'America/Santiago')).toBe(25 * 3_600_000);
    expect(formatInZone(startOfDayIn('2026-04-05', 'America/Santiago'), 'America/Santiago')).toBe('2026-04-05T00:00:00-04:00');
  });

  it('writes an instant with the zone offset, milliseconds only when there are some', () => {
    expect(formatInZone(Date.parse('2024-05-01T03:00:00Z'), BA)).toBe('2024-05-01T00:00:00-03:00');
    expect(formatInZone(endOfDayIn('2024-05-01', BA), BA)).toBe('2024-05-01T23:59:59.999-03:00');
    expect(formatInZone(Date.parse('2024-05-01T03:00:00Z'), 'UTC')).toBe('2024-05-01T03:00:00+00:00');
  });

  it('reckons the date and today in a zone', () => {
    const instant = new Date('2026-03-15T02:00:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-03-15');
    expect(todayIn(BA, instant)).toBe('2026-03-14');
    expect(dateIn(instant.getTime(), BA)).toBe('2026-03-14');
  });

  it('shows an instant as the zone wall clock, to the second, keeping the fraction as written', () => {
    const t = inTimeZone(parseOffsetDateTime('2024-03-10T07:30:15.25Z')!, NY);
    expect(t).toMatchObject({ date: '2024-03-10', hour: 3, minute: 30, second: 15, fraction: '25', offsetMinutes: -240 });
    expect(t.epochMs).toBe(Date.parse('2024-03-10T07:30:15.250Z'));
  });

  it("finds the days that are not 24 hours long from the zone's rules: 23 or 25 hours, a skipped midnight, none in a zone without changes", () => {
    expect(daysNot24Hours('2026-08-18', '2026-11-15', 'Europe/Madrid')).toEqual(['2026-10-25']);
    expect(dayLengthIn('2026-10-25', 'Europe/Madrid')).toBe(25 * 3_600_000);
    expect(daysNot24Hours('2026-03-01', '2026-04-30', 'Europe/Madrid')).toEqual(['2026-03-29']);
    expect(dayLengthIn('2026-03-29', 'Europe/Madrid')).toBe(23 * 3_600_000);
    // The eve of a skipped midnight ends at 23:59:59 and the day starts at 01:00: the day itself is 23 hours.
    expect(daysNot24Hours('2026-07-01', '2026-10-01', 'America/Santiago')).toEqual(['2026-09-06']);
    expect(daysNot24Hours('2026-01-01', '2026-12-31', BA)).toEqual([]);
    expect(daysNot24Hours('2026-01-01', '2026-12-31', 'UTC')).toEqual([]);
  });
});
