import { describe, expect, it } from 'vitest';
import { addDays, dateTime, daysBetween, inTimeZone, isEndOfDay, isStartOfDay, isoDate, parseOffsetDateTime } from '../../models/index.ts';

// Conventions: "Timestamps are ISO 8601 date-times with a UTC offset. Query dates (desde, hasta) are ISO
// 8601 dates (yyyy-mm-dd)."

const DATE_TIMES: Array<[string, unknown, boolean]> = [
  ['UTC', '2026-01-01T10:00:00Z', true],
  ['negative offset', '2026-01-01T10:00:00-03:00', true],
  ['positive offset with fraction', '2026-01-01T10:00:00.123+05:30', true],
  ['seven fraction digits (.NET)', '2026-01-01T10:00:00.1234567-03:00', true],
  ['zero offset written out', '2026-01-01T10:00:00+00:00', true],
  ['leap day', '2024-02-29T23:59:59Z', true],
  ['offset in hours only', '2026-01-01T10:00:00+03', true],
  ['decimal comma', '2026-01-01T10:00:00,5Z', true],
  ['no offset', '2026-01-01T10:00:00', false],
  ['no offset with fraction', '2026-01-01T10:00:00.123', false],
  ['date only', '2026-01-01', false],
  ['space instead of T', '2026-01-01 10:00:00Z', false],
  ['offset without colon', '2026-01-01T10:00:00+0300', false],
  ['offset beyond ±18:00', '2026-01-01T10:00:00+19:00', false],
  ['impossible date', '2026-02-30T10:00:00Z', false],
  ['hour 24', '2026-01-01T24:00:00Z', false],
  ['minute 60', '2026-01-01T10:60:00Z', false],
  ['epoch milliseconds', 1767261600000, false],
  ['null', null, false],
  ['empty string', '', false],
];

describe('dateTime', () => {
  it.each(DATE_TIMES)('%s: %j → accepted %s', (_, sample, accepted) => {
    expect(dateTime.safeParse(sample).success).toBe(accepted);
  });

  it('says what it expects when the offset is missing', () => {
    expect(dateTime.safeParse('2026-01-01T10:00:00').error?.issues[0]?.message).toMatch(/UTC offset/);
  });
});

const DATES: Array<[unknown, boolean]> = [
  ['2026-01-01', true],
  ['2024-02-29', true],
  ['2026-02-29', false],
  ['2026-1-1', false],
  ['20260101', false],
  ['2026-01-01T00:00:00Z', false],
  ['01/01/2026', false],
  [null, false],
];

describe('isoDate', () => {
  it.each(DATES)('%j → accepted %s', (sample, accepted) => {
    expect(isoDate.safeParse(sample).success).toBe(accepted);
  });
});

describe('date-time helpers', () => {
  it('reads the instant across offsets', () => {
    const a = parseOffsetDateTime('2026-01-01T10:00:00-03:00')!;
    const b = parseOffsetDateTime('2026-01-01T13:00:00Z')!;
    expect(a.epochMs).toBe(b.epochMs);
    expect(a.offsetMinutes).toBe(-180);
    expect(a.date).toBe('2026-01-01');
  });

  // Paged envelope: Desde is the "first instant", Hasta the "last instant ... (end of the final day)".
  it.each([
    ['2026-03-14T23:59:59-03:00', true, false],
    ['2026-03-14T23:59:59.999Z', true, false],
    ['2026-03-14T23:59:59.9999999Z', true, false],
    ['2026-03-14T23:59:59.997Z', true, false],
    ['2026-03-14T23:59:58Z', false, false],
    ['2026-03-14T00:00:00Z', false, true],
    ['2026-03-14T00:00:00.000+01:00', false, true],
    ['2026-03-14T00:00:01Z', false, false],
  ] as const)('%s: end of day %s, start of day %s', (value, end, start) => {
    const t = parseOffsetDateTime(value)!;
    expect([isEndOfDay(t), isStartOfDay(t)]).toEqual([end, start]);
  });

  it('counts days on the calendar', () => {
    expect(addDays('2026-03-01', -90)).toBe('2025-12-01');
    expect(daysBetween('2025-12-01', '2026-03-01')).toBe(90);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('inTimeZone', () => {
  const BA = 'America/Argentina/Buenos_Aires';
  it('judges the start and end of a day in the target time zone, whatever offset the value is written in', () => {
    const desde = inTimeZone(parseOffsetDateTime('2024-05-01T03:00:00Z')!, BA);
    expect(desde).toMatchObject({ date: '2024-05-01', hour: 0, minute: 0, second: 0, offsetMinutes: -180 });
    expect(isStartOfDay(desde)).toBe(true);
    const hasta = inTimeZone(parseOffsetDateTime('2024-05-02T02:59:59.999Z')!, BA);
    expect(hasta).toMatchObject({ date: '2024-05-01', hour: 23, fraction: '999' });
    expect(isEndOfDay(hasta)).toBe(true);
  });

  it('keeps a seven-digit end of day on its day (.NET writes 23:59:59.9999999; a float would round it to midnight)', () => {
    const hasta = inTimeZone(parseOffsetDateTime('2026-11-27T23:59:59.9999999-03:00')!, 'America/Santiago');
    expect(hasta).toMatchObject({ date: '2026-11-27', hour: 23, minute: 59, second: 59 });
    expect(parseOffsetDateTime('2026-11-27T10:00:00.29Z')!.epochMs % 1000).toBe(290);
  });

  it('leaves a value already written in the zone as it is', () => {
    const t = parseOffsetDateTime('2024-05-01T23:59:59-03:00')!;
    expect(inTimeZone(t, BA)).toEqual(t);
    expect(isStartOfDay(inTimeZone(parseOffsetDateTime('2024-05-01T00:00:00-03:00')!, 'UTC'))).toBe(false);
  });
});
