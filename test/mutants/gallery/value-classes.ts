import { addDays, checkParam, dateIn, endpoint, isCalendarDate, LIMITS, startOfDayIn, todayIn, utf8Octets } from '../../../models/index.ts';
import type { Profile } from '../../../sut/profile.ts';
import { problem, type MutantRequest } from '../exchange.ts';
import type { FaultContext, Mutant } from '../fault.ts';
import { refuse, rewrite } from './limits.ts';

// Invalid-value classes per type (issue 21, generators/value-classes.ts): the lenient parsers an implementer
// reaches for — a value trimmed before it is looked up, JavaScript's Date rolling February 30 over into March, a
// number read with Number() or wrapped to 32 bits, a length counted in UTF-8 octets, "today" reckoned in UTC or
// from the instant now − 90 × 24 h. Each fault takes the lenient reading and lets the reference answer it.

const { adminMail, topic, sid, desde } = LIMITS;
const DAY_MS = 86_400_000;

/** The calendar date a lenient parser makes of a value that is not yyyy-mm-dd (Date.UTC rolls days over), or undefined. */
const lenientDate = (v: string): string | undefined => {
  const m = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?\s*$/.exec(v);
  if (!m) return undefined;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const date = new Date(t).toISOString().slice(0, 10);
  return date === v ? undefined : date;
};

/** The integer Number() makes of a value written otherwise ("5.0", " 5", "5e0", "0x5"), or undefined. */
const lenientNumber = (v: string): string | undefined => {
  const n = Number(v);
  return v.trim() !== '' && Number.isInteger(n) && String(n) !== v ? String(n) : undefined;
};

/** What a parameter of the request's row is invalid by, per the catalog. */
const invalid = (req: MutantRequest, ctx: FaultContext, name: string, value: string): string | undefined => {
  const spec = req.endpoint ? endpoint(req.endpoint).params.find((p) => p.name === name) : undefined;
  if (!spec) return undefined;
  const verdict = checkParam(spec, value, ctx.profile.today ?? todayIn(ctx.profile.timeZone));
  return verdict.valid ? undefined : verdict.reason;
};

/** A moment of the UTC day at which Etc/GMT-14's date is already the next one (it is from 10:00 UTC on). */
const AHEAD_OF_UTC = { timeZone: 'Etc/GMT-14', utcHour: 20 };

/** The profile of a target 20:00 UTC today, whose zone (UTC+14) is on tomorrow's date. */
const aheadOfUtc = (base: Profile): Profile => ({
  ...base,
  timeZone: AHEAD_OF_UTC.timeZone,
  today: dateIn(Date.parse(`${todayIn('UTC')}T${AHEAD_OF_UTC.utcHour}:00:00Z`), AHEAD_OF_UTC.timeZone),
});

/**
 * A target in Madrid on a day whose 90 days back hold the spring clock change (2026-03-29), at 00:30 local: the
 * instant now − 90 × 24 h is 23:30 of the day before today − 90.
 */
const AFTER_CLOCK_CHANGE = { timeZone: 'Europe/Madrid', today: '2026-04-20', minutesAfterMidnight: 30 };

export const VALUE_CLASS_MUTANTS: Mutant[] = [
  {
    name: 'admin-mail-trimmed',
    statement: 'endpoints/admin-mail-is-email',
    breaks: 'limits/email-format/invalid-forms-rejected',
    quote: "Path parameter adminMail is the e-mail of the agency's administrator operator",
    // " admin@x" read as "admin@x": the agency it names is found.
    fault: rewrite(
      'adminMail',
      (v) => v !== v.trim(),
      (v) => v.trim(),
    ),
  },
  {
    name: 'operador-html-email-validation',
    statement: 'endpoints/consultas-list/operador',
    breaks: 'limits/email-format/invalid-forms-rejected',
    quote: 'query operador (email',
    // WHATWG's "valid e-mail address" takes dots anywhere in the local part: such an operator sees nothing (200).
    fault: rewrite(
      'operador',
      (v) => /^[^@\s]*(?:^\.|\.\.|\.@)[^@\s]*@[^@\s]+$/.test(v) || /^[^@\s]+@\./.test(v),
      () => 'nobody@mutant.example',
    ),
  },
  {
    name: 'dates-roll-over',
    statement: 'conventions/query-dates',
    breaks: 'limits/date-format/invalid-dates-rejected',
    quote: 'ISO 8601 dates (yyyy-mm-dd)',
    // Date.UTC(2026, 1, 30) is March 2: February 30 is taken for it, as is 2026-3-5 for 2026-03-05.
    fault: {
      request(req) {
        for (const name of ['desde', 'hasta']) {
          const value = req.query.get(name);
          const date = value === null || isCalendarDate(value) ? undefined : lenientDate(value);
          if (date) req.query.set(name, date);
        }
      },
    },
  },
  {
    name: 'hasta-time-part-ignored',
    statement: 'endpoints/consultas-list/hasta',
    breaks: 'limits/date-format/invalid-dates-rejected',
    quote: 'hasta (date',
    fault: rewrite(
      'hasta',
      (v) => /^\d{4}-\d{2}-\d{2}T/.test(v),
      (v) => v.slice(0, 10),
    ),
  },
  {
    name: 'catalog-id-read-as-number',
    statement: 'endpoints/colores-get/id',
    breaks: 'limits/int32/invalid-forms-rejected',
    quote: 'path id (required, integer int32)',
    // Number("5.0") and Number(" 5") are 5: the color is found.
    fault: rewrite(
      'id',
      (v) => lenientNumber(v) !== undefined,
      (v) => lenientNumber(v)!,
    ),
  },
  {
    name: 'int32-wraps',
    statement: 'endpoints/consultas-list/pagina',
    breaks: 'limits/int32/invalid-forms-rejected',
    quote: 'pagina (integer int32',
    also: [`limits/pagina-max-${LIMITS.pagina.maximum}/past-limit-rejected`],
    // 2^32 + 1 stored in 32 bits is 1: the first page.
    fault: rewrite(
      'pagina',
      (v) => /^-?\d+$/.test(v) && BigInt.asIntN(32, BigInt(v)) !== BigInt(v),
      (v) => String(BigInt.asIntN(32, BigInt(v))),
    ),
  },
  {
    name: 'topic-length-in-octets',
    statement: 'limits/topic',
    breaks: `limits/topic-max-${topic.maxLength}/at-limit-accepted`,
    quote: 'at most 80 characters',
    fault: refuse('topic', (v) => utf8Octets(v) > topic.maxLength),
  },
  {
    name: 'sid-length-in-octets',
    statement: 'limits/sid',
    breaks: `limits/sid-length-${sid.minLength}-${sid.maxLength}/max-accepted`,
    quote: '20 to 30 characters',
    also: [`limits/sid-length-${sid.minLength}-${sid.maxLength}/min-accepted`],
    fault: refuse('sid', (v) => utf8Octets(v) > sid.maxLength),
  },
  {
    name: 'admin-mail-non-ascii-length-in-octets',
    statement: 'limits/admin-mail',
    breaks: `limits/admin-mail-max-${adminMail.maxLength}/at-limit-accepted`,
    quote: 'at most 50 characters',
    // Takes internationalized addresses (RFC 6531), but counts their UTF-8 octets against the 50.
    fault: {
      request(req, ctx) {
        const value = req.param('adminMail');
        if (value === undefined || !/\P{ASCII}/u.test(value) || invalid(req, ctx, 'adminMail', value) === undefined) return;
        if (utf8Octets(value) > adminMail.maxLength) return problem(req, 400, { adminMail: ['longer than 50 octets'] });
        req.setParam('adminMail', 'nobody@mutant.example');
      },
    },
  },
  {
    name: 'desde-bound-in-utc',
    statement: 'limits/desde',
    breaks: `limits/desde-min-today-minus-${desde.minDaysBeforeToday}/past-limit-rejected`,
    quote: 'not earlier than today minus 90 days',
    profile: aheadOfUtc,
    // Today reckoned as UTC's date, a day behind the zone's at that moment: today − 91 in the zone passes.
    fault: rewrite(
      'desde',
      (v, _req, ctx) => {
        const utcBound = addDays(ctx.profile.today!, -1 - desde.minDaysBeforeToday);
        return isCalendarDate(v) && v >= utcBound && v < addDays(ctx.profile.today!, -desde.minDaysBeforeToday);
      },
      () => '',
    ),
  },
  {
    name: 'desde-bound-from-hasta',
    statement: 'endpoints/consultas-list/desde',
    breaks: `limits/desde-min-today-minus-${desde.minDaysBeforeToday}/past-limit-rejected`,
    quote: 'minimum is today minus 90 days',
    // The bound reckoned back from hasta when one is given: beside an earlier hasta, today − 91 passes.
    fault: rewrite(
      'desde',
      (v, req, ctx) => {
        const hasta = req.query.get('hasta');
        if (hasta === null || !isCalendarDate(hasta) || !isCalendarDate(v)) return false;
        const today = ctx.profile.today ?? todayIn(ctx.profile.timeZone);
        return v >= addDays(hasta, -desde.minDaysBeforeToday) && v < addDays(today, -desde.minDaysBeforeToday);
      },
      () => '',
    ),
  },
  {
    name: 'desde-bound-from-the-instant',
    statement: 'endpoints/consultas-list/desde',
    breaks: `limits/desde-min-today-minus-${desde.minDaysBeforeToday}/past-limit-rejected`,
    quote: 'minimum is today minus 90 days',
    profile: (base) => ({ ...base, timeZone: AFTER_CLOCK_CHANGE.timeZone, today: AFTER_CLOCK_CHANGE.today }),
    // The bound as the date of now − 90 × 24 h, at 00:30 on a day after the spring clock change: a day early.
    fault: rewrite(
      'desde',
      (v, _req, ctx) => {
        const now = startOfDayIn(ctx.profile.today!, ctx.profile.timeZone) + AFTER_CLOCK_CHANGE.minutesAfterMidnight * 60_000;
        const instantBound = dateIn(now - desde.minDaysBeforeToday * DAY_MS, ctx.profile.timeZone);
        return isCalendarDate(v) && v >= instantBound && v < addDays(ctx.profile.today!, -desde.minDaysBeforeToday);
      },
      () => '',
    ),
  },
];
