import { LIMITS } from '../limits.ts';
import { rule } from '../rule.ts';

// Limits table: both sides of every boundary. "Accepted" means not rejected as invalid input (the request
// gets a documented non-400 answer); "rejected" means 400 where the endpoint documents 400, otherwise the
// endpoint's documented refusal (404 on reads, 403 on modifications).
const S = 'Limits';
const { adminMail, topic, sid, pagina, desde, perPagina } = LIMITS;

export const LIMIT_RULES = [
  rule(
    `limits/admin-mail-max-${adminMail.maxLength}/at-limit-accepted`,
    'must',
    S,
    `an adminMail of exactly ${adminMail.maxLength} characters is accepted on every endpoint that takes it`,
  ),
  rule(
    `limits/admin-mail-max-${adminMail.maxLength}/past-limit-rejected`,
    'must',
    S,
    `an adminMail of ${adminMail.maxLength + 1} or more characters is rejected on every endpoint that takes it`,
  ),
  rule(
    'limits/admin-mail-email-format/non-email-rejected',
    'must',
    S,
    'an adminMail that is not an e-mail address is rejected on every endpoint that takes it',
  ),
  rule(`limits/topic-max-${topic.maxLength}/at-limit-accepted`, 'must', S, `a topic of exactly ${topic.maxLength} characters is accepted`),
  rule(`limits/topic-max-${topic.maxLength}/past-limit-rejected`, 'must', S, `a topic of ${topic.maxLength + 1} or more characters is rejected`),
  rule(`limits/sid-length-${sid.minLength}-${sid.maxLength}/min-accepted`, 'must', S, `a sid of exactly ${sid.minLength} characters is accepted`),
  rule(
    `limits/sid-length-${sid.minLength}-${sid.maxLength}/below-min-rejected`,
    'must',
    S,
    `a sid shorter than ${sid.minLength} characters is rejected with 400`,
  ),
  rule(`limits/sid-length-${sid.minLength}-${sid.maxLength}/max-accepted`, 'must', S, `a sid of exactly ${sid.maxLength} characters is accepted`),
  rule(
    `limits/sid-length-${sid.minLength}-${sid.maxLength}/above-max-rejected`,
    'must',
    S,
    `a sid longer than ${sid.maxLength} characters is rejected with 400`,
  ),
  rule(`limits/pagina-max-${pagina.maximum}/at-limit-accepted`, 'must', S, `pagina=${pagina.maximum} is accepted`),
  rule(`limits/pagina-max-${pagina.maximum}/past-limit-rejected`, 'must', S, `pagina above ${pagina.maximum} is rejected with 400`),
  rule(
    `limits/desde-min-today-minus-${desde.minDaysBeforeToday}/at-limit-accepted`,
    'must',
    S,
    `desde = today minus ${desde.minDaysBeforeToday} days is accepted`,
  ),
  rule(
    `limits/desde-min-today-minus-${desde.minDaysBeforeToday}/past-limit-rejected`,
    'must',
    S,
    `desde earlier than today minus ${desde.minDaysBeforeToday} days is rejected with 400`,
  ),
  rule('limits/int32/path-id-beyond-not-found', 'must', 'Endpoints', 'an id path parameter beyond int32 is not a record: 404'),
  rule('limits/int32/region-beyond-rejected', 'must', 'Endpoints > Ciudades', 'a region query parameter beyond int32 is rejected with 400'),
  // Invalid-value classes per type (issue 21, generators/value-classes.ts): each form a lenient parser takes,
  // made from a valid value of the parameter, on every parameter of that format.
  rule(
    'limits/email-format/invalid-forms-rejected',
    'must',
    'Endpoints',
    'every e-mail parameter refuses what is not an e-mail address in the forms a lenient parser takes: white space around it, a dot at either end of the local part or the domain or two in a row, two @, an empty side',
  ),
  rule(
    'limits/date-format/invalid-dates-rejected',
    'must',
    'Resources and their fields > Conventions',
    'desde and hasta refuse with 400 what is not a yyyy-mm-dd calendar date: days that do not exist (2026-02-30, 2026-13-01, February 29 of a common year), no zero padding, a time part, other ISO 8601 forms, white space',
    'consultas-list',
  ),
  rule(
    'limits/int32/invalid-forms-rejected',
    'must',
    'Endpoints',
    'every int32 parameter (path ids, region, pagina) refuses other written forms of a number (1.0, 1e0, hexadecimal, white space) and values beyond int32, also those that wrap to a valid one',
  ),
  rule(
    `consultas/list/per-pagina-${perPagina.observed}`,
    'profile',
    S,
    `PerPagina is the page size the profile declares (${perPagina.observed} observed)`,
    'consultas-list',
  ),
  rule(
    'limits/resend-recent-only',
    'profile',
    S,
    "resendwebhook of an inquiry older than the profile's resendMaxAgeDays is refused; a recent one is accepted",
    'consultas-resend',
  ),
];
