import { describe, expect, it } from 'vitest';
import { addDays as shift, dateIn, offsetMinutesAt, parseOffsetDateTime } from '../../models/index.ts';
import { describeReadings } from '../../suites/limits/bound-readings.ts';
import { dayEdges } from '../../suites/run-data/edges.ts';
import { membersOf, notAsGiven, VALUE_KINDS } from '../../suites/run-data/values.ts';

// The pure parts of the data the run makes (suites/run-data/) and of the desde bound's readings
// (suites/limits/bound-readings.ts): what a check judges is only as good as the data it was given.

const ZONES = ['UTC', 'America/Argentina/Buenos_Aires', 'Pacific/Kiritimati', 'Asia/Kolkata', 'Europe/Madrid', 'Etc/GMT+12'];

describe('the edges of a day', () => {
  it('are the second before, the first and last second of the day, and the second after, in the zone', () => {
    for (const tz of ZONES) {
      for (const day of ['2026-03-29', '2026-10-25', '2026-11-19']) {
        const edges = dayEdges(day, tz);
        expect(edges.map((e) => dateIn(e.epochMs, tz))).toEqual(edges.map((e) => e.day));
        expect(edges.map((e) => e.day)).toEqual([shift(day, -1), day, day, shift(day, 1)]);
        expect(edges[2]!.epochMs - edges[1]!.epochMs).toBeGreaterThan(22 * 3_600_000);
        for (const e of edges) expect(parseOffsetDateTime(e.written)?.epochMs, `${tz} ${e.label} ${e.written}`).toBe(e.epochMs);
      }
    }
  });

  it("are written on another day than the zone's, where the zone leaves an offset on that side (−12:00 to +14:00)", () => {
    for (const tz of ZONES) {
      for (const e of dayEdges('2026-11-19', tz)) {
        const own = offsetMinutesAt(e.epochMs, tz);
        const room = e.label.startsWith('00:00:00') ? own > -12 * 60 : own < 14 * 60;
        expect(e.written.slice(0, 10) !== e.day, `${tz} ${e.label} ${e.written}`).toBe(room);
      }
    }
  });

  it("put some instant on another day than UTC's, in every zone that is not UTC", () => {
    for (const tz of ZONES.filter((z) => z !== 'UTC')) {
      expect(
        dayEdges('2026-11-19', tz).some((e) => dateIn(e.epochMs, 'UTC') !== e.day),
        tz,
      ).toBe(true);
    }
  });
});

describe('values kept as given', () => {
  it('tells zero from null from absent, and "" from null', () => {
    expect(notAsGiven({ K: 0 }, { K: 0 })).toBeUndefined();
    expect(notAsGiven({ K: 0 }, { K: null })).toMatch(/K: sent 0, got null/);
    expect(notAsGiven({ K: null }, { K: 0 })).toMatch(/K: sent null, got 0/);
    expect(notAsGiven({ K: null }, {})).toMatch(/K: sent null, left out/);
    expect(notAsGiven({ S: '' }, { S: null })).toMatch(/S: sent "", got null/);
    expect(notAsGiven({ P: { Importe: 0 } }, { P: { Importe: 0, Extra: 1 } })).toBeUndefined();
    expect(notAsGiven({ P: { Importe: 0 } }, { P: null })).toMatch(/P: sent/);
  });

  it("reads each kind's members from a Consulta by their paths", () => {
    const zeros = VALUE_KINDS.find((k) => k.name === 'zeros')!;
    const consulta = { Auto: { Kilometraje: null, Precio: { Moneda: 'ARS', Importe: 0 } }, Interesado: {} };
    const { sent, got } = membersOf(zeros, consulta);
    expect(notAsGiven(sent, got)).toMatch(/Auto\.Kilometraje: sent 0, got null/);
    expect(got).not.toHaveProperty('Interesado.InfoOperacion');
  });
});

describe('the readings of "today minus 90 days"', () => {
  it('says which wrong reading the moment tells apart', () => {
    // 20:00 UTC: a zone at UTC+14 is already on the next day, so UTC's today is a day behind.
    const at = Date.parse('2026-11-19T20:00:00Z');
    expect(describeReadings(90, '2026-11-20', 'Etc/GMT-14', false, at)).toMatch(/told apart at this moment from UTC's today \(2026-08-21\)/);
    // 00:30 in Madrid on a day whose 90 days back hold the spring clock change: now − 90 × 24 h is the day before.
    const madrid = Date.parse('2026-04-20T00:30:00+02:00');
    expect(describeReadings(90, '2026-04-20', 'Europe/Madrid', false, madrid)).toMatch(/the instant now − 90 × 24 h \(2026-01-19\)/);
    expect(describeReadings(90, '2026-04-20', 'Europe/Madrid', false, Date.parse('2026-04-20T12:00:00+02:00'))).toMatch(/not told apart/);
    expect(describeReadings(90, '2026-04-20', 'UTC', true)).toMatch(/fixed today/);
  });
});
