import fc from 'fast-check';
import { INT32, LIMITS, addDays, checkParam, type ParamSpec } from '../../models/index.ts';
import type { BoundaryCase } from '../../generators/boundaries.ts';
import { paramArbitrary } from '../../generators/params.ts';
import { emailOfLength, nonEmailArbitrary, tokenOfLength } from '../../generators/text.ts';
import { emailFormArbitrary } from '../../generators/tricky.ts';
import { DATE_CLASSES, EMAIL_CLASSES, INT32_CLASSES, type ValueClass } from '../../generators/value-classes.ts';
import { emailsOfLengths, lengthsBelow, lengthsPast, tokenOfLengths } from '../harness/lengths.ts';

// The Limits table (and the int32 type of id and region, Endpoints) as data: for each rule, which ParamSpecs
// carry its bound, which of boundaryCases() it judges, and which side of the rule a random value falls on.
// "Accepted" is a documented non-400 answer; "rejected" is rejectionStatuses() of the endpoint.

export type Side = 'accept' | 'reject' | 'other';

export interface Draws {
  today: string;
  domain: string;
}

export interface LimitRule {
  id: string;
  carries(p: ParamSpec): boolean;
  boundary(bc: BoundaryCase): boolean;
  /** The side of this rule a value is on; an 'other' value is sent (the run ledger hears it) but not judged by this rule. */
  side(p: ParamSpec, value: string, today: string): Side;
  /** Random values for the rule: the catalog's generator plus lengths or numbers around this bound. */
  arbitrary(p: ParamSpec, d: Draws): fc.Arbitrary<string>;
  /**
   * For a length bound: a plain value (letters and digits) as long as `value`, on the same side of the bound, which
   * tells a failure of the length from one of the value's form (limit-run.ts judge).
   */
  plain?(p: ParamSpec, value: string, d: Draws): string | undefined;
  /**
   * The value is a page of a list: an accepted one past the list's last page is held to the profile's
   * pastLastPage instead (past-last-page.ts), the bound judged where the list reaches the page asked for.
   */
  pageOfList?: true;
}

const { adminMail, topic, sid, pagina, desde } = LIMITS;
const reason = (p: ParamSpec, value: string, today: string): string | undefined => {
  const v = checkParam(p, value, today);
  return v.valid ? undefined : v.clear ? v.reason : 'unclear';
};
const isValid = (p: ParamSpec, value: string, today: string) => checkParam(p, value, today).valid;
const labelled = (prefix: string, expect?: BoundaryCase['expect']) => (bc: BoundaryCase) =>
  bc.label.startsWith(prefix) && (expect === undefined || bc.expect === expect);
/** A length bound's cases: plain tokens, and the non-ASCII ones of value-classes.ts (lengths in characters). */
const atBound = (bound: 'maxLength' | 'minLength', expect: BoundaryCase['expect']) => (bc: BoundaryCase) =>
  labelled(bound, expect)(bc) || labelled(`length class: ${bound}`, expect)(bc);
/** Values of a class table made from random valid samples: the random phase of an invalid-value class rule. */
const classed = (samples: fc.Arbitrary<string>, classes: readonly ValueClass[], p: ParamSpec, today: string) =>
  fc.tuple(samples, fc.constantFrom(...classes)).map(([sample, k]) => k.value(sample, { spec: p, today }) ?? sample);
const rejectIf =
  (test: (r: string | undefined) => boolean) =>
  (p: ParamSpec, v: string, today: string): Side =>
    test(reason(p, v, today)) ? 'reject' : 'other';
/** Clearly invalid by the catalog: the side every invalid-value class rule judges. */
const clearlyInvalid = rejectIf((r) => r !== undefined && r !== 'unclear');
const beyondInt32 = fc
  .oneof(fc.bigInt({ min: BigInt(INT32.max) + 1n, max: 2n ** 63n }), fc.bigInt({ min: -(2n ** 63n), max: BigInt(INT32.min) - 1n }))
  .map(String);
const sidMiddle = Math.floor((sid.minLength + sid.maxLength) / 2);
const isAdminMail = (p: ParamSpec) => p.name === 'adminMail' && p.format === 'email';
const isSid = (p: ParamSpec) => p.name === 'sid';
const isTopic = (p: ParamSpec) => p.name === 'topic';
const isPagina = (p: ParamSpec) => p.name === 'pagina' && p.maximum !== undefined;
const isDesde = (p: ParamSpec) => p.minDaysBeforeToday !== undefined;
const gen = (p: ParamSpec, d: Draws) => paramArbitrary(p, d);
const plainOfLength = (p: ParamSpec, value: string, d: Draws): string | undefined =>
  p.format !== 'email' ? tokenOfLength(value.length, 'p') : value.length > d.domain.length + 1 ? emailOfLength(value.length, d.domain, 'p') : undefined;

export const LIMIT_RULES_CHECKED: LimitRule[] = [
  {
    id: `limits/admin-mail-max-${adminMail.maxLength}/at-limit-accepted`,
    plain: plainOfLength,
    carries: (p) => isAdminMail(p) && p.maxLength !== undefined,
    boundary: atBound('maxLength', 'accept'),
    side: (p, v, today) => (isValid(p, v, today) ? 'accept' : 'other'),
    arbitrary: (p, d) => fc.oneof(gen(p, d), emailsOfLengths(adminMail.maxLength - 5, adminMail.maxLength, d.domain)),
  },
  {
    id: `limits/admin-mail-max-${adminMail.maxLength}/past-limit-rejected`,
    plain: plainOfLength,
    carries: (p) => isAdminMail(p) && p.maxLength !== undefined,
    boundary: atBound('maxLength', 'reject'),
    side: rejectIf((r) => r?.startsWith('longer than') === true),
    arbitrary: (p, d) => fc.oneof(gen(p, d), emailsOfLengths(adminMail.maxLength + 1, adminMail.maxLength * 4, d.domain)),
  },
  {
    id: 'limits/admin-mail-email-format/non-email-rejected',
    carries: isAdminMail,
    boundary: labelled('e-mail format'),
    side: rejectIf((r) => r === 'not an e-mail address'),
    arbitrary: () => nonEmailArbitrary,
  },
  {
    // Every e-mail parameter, adminMail and operador: the forms models/param-check.ts decides are valid.
    id: 'limits/email-format/rfc-forms-accepted',
    carries: (p) => p.format === 'email',
    boundary: labelled('RFC 5322 form', 'accept'),
    side: (p, v, today) => (isValid(p, v, today) ? 'accept' : 'other'),
    arbitrary: (_p, d) => emailFormArbitrary(d.domain),
  },
  {
    id: `limits/topic-max-${topic.maxLength}/at-limit-accepted`,
    plain: plainOfLength,
    carries: (p) => isTopic(p) && p.maxLength !== undefined,
    boundary: atBound('maxLength', 'accept'),
    side: (p, v, today) => (isValid(p, v, today) ? 'accept' : 'other'),
    arbitrary: (p, d) => fc.oneof(gen(p, d), tokenOfLengths(topic.maxLength - 5, topic.maxLength)),
  },
  {
    id: `limits/topic-max-${topic.maxLength}/past-limit-rejected`,
    plain: plainOfLength,
    carries: (p) => isTopic(p) && p.maxLength !== undefined,
    boundary: atBound('maxLength', 'reject'),
    side: rejectIf((r) => r?.startsWith('longer than') === true),
    arbitrary: () => lengthsPast(topic.maxLength),
  },
  {
    id: `limits/sid-length-${sid.minLength}-${sid.maxLength}/min-accepted`,
    plain: plainOfLength,
    carries: (p) => isSid(p) && p.minLength !== undefined,
    boundary: atBound('minLength', 'accept'),
    side: (p, v, today) => (isValid(p, v, today) && v.length <= sidMiddle ? 'accept' : 'other'),
    arbitrary: (p, d) => fc.oneof(gen(p, d), tokenOfLengths(sid.minLength, sidMiddle)),
  },
  {
    id: `limits/sid-length-${sid.minLength}-${sid.maxLength}/below-min-rejected`,
    plain: plainOfLength,
    carries: (p) => isSid(p) && p.minLength !== undefined,
    boundary: atBound('minLength', 'reject'),
    side: rejectIf((r) => r?.startsWith('shorter than') === true),
    arbitrary: (p, d) => fc.oneof(gen(p, d), lengthsBelow(sid.minLength)),
  },
  {
    id: `limits/sid-length-${sid.minLength}-${sid.maxLength}/max-accepted`,
    plain: plainOfLength,
    carries: (p) => isSid(p) && p.maxLength !== undefined,
    boundary: atBound('maxLength', 'accept'),
    side: (p, v, today) => (isValid(p, v, today) && v.length > sidMiddle ? 'accept' : 'other'),
    arbitrary: () => tokenOfLengths(sidMiddle + 1, sid.maxLength),
  },
  {
    id: `limits/sid-length-${sid.minLength}-${sid.maxLength}/above-max-rejected`,
    plain: plainOfLength,
    carries: (p) => isSid(p) && p.maxLength !== undefined,
    boundary: atBound('maxLength', 'reject'),
    side: rejectIf((r) => r?.startsWith('longer than') === true),
    arbitrary: () => lengthsPast(sid.maxLength),
  },
  {
    id: `limits/pagina-max-${pagina.maximum}/at-limit-accepted`,
    carries: isPagina,
    pageOfList: true,
    boundary: labelled('maximum', 'accept'),
    // Below the first page is a gap (what pagina < 1 gets is not shown): only 1..99 must be accepted.
    side: (p, v, today) => (isValid(p, v, today) && Number(v) >= pagina.first ? 'accept' : 'other'),
    arbitrary: (p, d) => fc.oneof(gen(p, d), fc.integer({ min: pagina.first, max: pagina.maximum }).map(String)),
  },
  {
    id: `limits/pagina-max-${pagina.maximum}/past-limit-rejected`,
    carries: isPagina,
    boundary: (bc) => labelled('maximum', 'reject')(bc) || bc.label === 'int32: just past the maximum',
    side: (_p, v) => (/^-?\d+$/.test(v) && Number(v) > pagina.maximum ? 'reject' : 'other'),
    arbitrary: (p, d) => fc.oneof(gen(p, d), fc.integer({ min: pagina.maximum + 1, max: INT32.max }).map(String)),
  },
  {
    id: `limits/desde-min-today-minus-${desde.minDaysBeforeToday}/at-limit-accepted`,
    carries: isDesde,
    boundary: labelled('today minus', 'accept'),
    // A desde after today is not a limit matter (the spec bounds it from below only): held to the documented codes.
    side: (p, v, today) => (isValid(p, v, today) && v <= today ? 'accept' : 'other'),
    arbitrary: (p, d) =>
      fc.oneof(
        gen(p, d),
        fc.integer({ min: -desde.minDaysBeforeToday, max: 0 }).map((n) => addDays(d.today, n)),
      ),
  },
  {
    id: `limits/desde-min-today-minus-${desde.minDaysBeforeToday}/past-limit-rejected`,
    carries: isDesde,
    boundary: labelled('today minus', 'reject'),
    side: rejectIf((r) => r?.startsWith('earlier than') === true),
    arbitrary: (_p, d) => fc.integer({ min: -(desde.minDaysBeforeToday + 400), max: -(desde.minDaysBeforeToday + 1) }).map((n) => addDays(d.today, n)),
  },
  {
    id: 'limits/int32/path-id-beyond-not-found',
    carries: (p) => p.in === 'path' && p.format === 'int32',
    boundary: labelled('int32:'),
    side: rejectIf((r) => r === 'outside int32'),
    arbitrary: (p, d) => fc.oneof(gen(p, d), beyondInt32),
  },
  {
    id: 'limits/int32/region-beyond-rejected',
    carries: (p) => p.name === 'region' && p.format === 'int32',
    boundary: labelled('int32:'),
    side: rejectIf((r) => r === 'outside int32'),
    arbitrary: (p, d) => fc.oneof(gen(p, d), beyondInt32),
  },
  {
    // Every e-mail parameter (adminMail, operador): each class of value-classes.ts made from a valid address.
    id: 'limits/email-format/invalid-forms-rejected',
    carries: (p) => p.format === 'email',
    boundary: labelled('e-mail class'),
    side: clearlyInvalid,
    arbitrary: (p, d) => classed(emailFormArbitrary(d.domain), EMAIL_CLASSES, p, d.today),
  },
  {
    // desde and hasta: days that do not exist, other ISO 8601 forms, a time part, white space.
    id: 'limits/date-format/invalid-dates-rejected',
    carries: (p) => p.type === 'date',
    boundary: labelled('date class'),
    side: rejectIf((r) => r === 'not a yyyy-mm-dd date'),
    arbitrary: (p, d) =>
      classed(
        fc.integer({ min: -(desde.minDaysBeforeToday - 1), max: 0 }).map((n) => addDays(d.today, n)),
        DATE_CLASSES,
        p,
        d.today,
      ),
  },
  {
    // Every int32 parameter (path ids, region, pagina): other written forms of a valid number, and past int32.
    id: 'limits/int32/invalid-forms-rejected',
    carries: (p) => p.format === 'int32',
    boundary: labelled('int32'),
    side: rejectIf((r) => r === 'not an integer' || r === 'outside int32'),
    arbitrary: (p, d) => classed(fc.integer({ min: 1, max: pagina.maximum }).map(String), INT32_CLASSES, p, d.today),
  },
];
