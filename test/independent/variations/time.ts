import { atOffset, dateTimes, withFraction } from './json-rewrite.ts';
import { jsonEverywhere, type Variation } from './variation.ts';

// How an instant is written: which UTC offset (the same instant at any offset is the same instant), Z or
// +00:00, how many fractional digits, and how precisely "the end of the final day" is given.

export const TIME: Variation[] = [
  {
    name: 'utc-as-zulu',
    kind: 'time',
    allows: 'Conventions: "Timestamps are ISO 8601 date-times with a UTC offset" (ISO 8601: Z and +00:00 both write UTC)',
    targets: ['reference'],
    fault: jsonEverywhere((json) => dateTimes(json, (s) => s.replace(/\+00:00$/, 'Z'))),
  },
  {
    // The profile's zone says which day "today" is; it does not say at which offset an instant is written.
    name: 'instants-at-another-offset',
    kind: 'time',
    allows: 'Conventions: "Timestamps are ISO 8601 date-times with a UTC offset" (any offset; the instant is what is stated)',
    targets: ['reference', 'reference-alt'],
    fault: jsonEverywhere((json) => dateTimes(json, (s) => atOffset(s, 5 * 60 + 45))),
  },
  {
    name: 'instants-in-utc',
    kind: 'time',
    allows: 'Conventions: "Timestamps are ISO 8601 date-times with a UTC offset" (UTC is one)',
    targets: ['indep', 'alt'],
    fault: jsonEverywhere((json) => dateTimes(json, (s) => atOffset(s, 0, true))),
  },
  {
    // .NET's round-trip format: seven fractional digits; the end of a day becomes 23:59:59.9999999.
    name: 'seven-fractional-digits',
    kind: 'time',
    allows: 'Paged list envelope: "Hasta | last instant of the period covered (end of the final day)"; ISO 8601 allows any number of decimal fraction digits',
    targets: ['reference', 'sur'],
    fault: jsonEverywhere((json) => dateTimes(json, (s) => withFraction(s, (f) => (f === '' ? '.0000000' : /^\.9+$/.test(f) ? '.9999999' : f.padEnd(8, '0'))))),
  },
  {
    name: 'hasta-whole-seconds',
    kind: 'time',
    allows: 'Paged list envelope: "Hasta | last instant of the period covered (end of the final day)" (23:59:59 at a precision of one second)',
    targets: ['reference'],
    fault: jsonEverywhere((json) => dateTimes(json, (s, key) => (key === 'Hasta' ? withFraction(s, () => '') : s))),
  },
];
