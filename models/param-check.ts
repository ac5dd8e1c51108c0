import { z } from 'zod';
import { addDays, isCalendarDate } from './datetime.ts';
import type { ParamSpec } from './endpoint.ts';
import { INT32 } from './limits.ts';
import { RFC5321, utf8Octets } from './rfc.ts';

// Whether one raw parameter value satisfies its ParamSpec: the catalog's limits turned into a verdict.
// `clear: false` marks values a reasonable implementation may judge either way (an odd but '@'-bearing
// e-mail, "1" for a boolean, astral characters at a length bound); suites never fail a target over those.
//
// "email" (Endpoints, Limits) is decided as follows. Valid: the common RFC 5322 dot-atom forms — letters of
// either case, digits, dots, hyphens, underscores, plus-addressing, apostrophes, subdomains (zod's e-mail
// format). Unclear: what RFC 5322 allows but many validators refuse — a quoted local part ("first last"@x),
// other atext such as / % !, non-ASCII local parts (RFC 6531) — and addresses past RFC 5321's lengths (local
// part over 64 octets, address over 254). Clearly invalid: no '@' or two, an empty side, white space outside
// quotes, or a dot at either end of the local part or the domain or two in a row (RFC 5321's Dot-string and
// Domain, the "Mailbox" that JSON Schema's "email" format names, have no empty atom or label).
//
// "integer int32": decimal digits with an optional minus sign. Clearly invalid: a fraction or exponent (1.0,
// 1e3), white space, other bases, values outside int32. Unclear: a plus sign or leading zeros, which the spec's
// type name neither allows nor forbids and most integer parsers (Java, Go, .NET, Python) take.

export type ParamVerdict = { valid: true } | { valid: false; clear: boolean; reason: string };

const VALID: ParamVerdict = { valid: true };
const invalid = (reason: string, clear = true): ParamVerdict => ({ valid: false, clear, reason });
const emailFormat = z.email();
const INTEGER = /^[+-]?\d+$/;
/** A plus sign or a leading zero: an integer's written form the spec does not decide. */
const UNDECIDED_INTEGER = /^(?:\+|-?0\d)/;
const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;
/** A quoted local part (RFC 5322 section 3.4.1 quoted-string) before a plain domain. */
const QUOTED_LOCAL = /^"(?:[^"\\\r\n]|\\.)*"@[^@\s"]+$/;

/** A dot that leaves an empty atom (local part) or label (domain): at either end, or two in a row. */
const misplacedDot = (part: string): boolean => part.startsWith('.') || part.endsWith('.') || part.includes('..');

function checkEmail(value: string): ParamVerdict {
  if (emailFormat.safeParse(value).success) {
    const local = value.slice(0, value.lastIndexOf('@'));
    if (utf8Octets(local) > RFC5321.localPartMaxOctets || utf8Octets(value) > RFC5321.addressMaxOctets) {
      return invalid(`longer than RFC 5321 allows (local part ${RFC5321.localPartMaxOctets}, address ${RFC5321.addressMaxOctets} octets)`, false);
    }
    return VALID;
  }
  if (QUOTED_LOCAL.test(value)) return invalid('an e-mail address with a quoted local part', false);
  const parts = value.split('@');
  const plainlyNot = parts.length !== 2 || parts.some((part) => part === '' || misplacedDot(part)) || /\s/.test(value);
  return invalid('not an e-mail address', plainlyNot);
}

function checkString(spec: ParamSpec, value: string): ParamVerdict {
  const length = value.length;
  const lengthUnclear = ASTRAL.test(value);
  if (spec.minLength !== undefined && length < spec.minLength)
    return invalid(`shorter than ${spec.minLength}`, !lengthUnclear || [...value].length < spec.minLength);
  if (spec.maxLength !== undefined && length > spec.maxLength)
    return invalid(`longer than ${spec.maxLength}`, !lengthUnclear || [...value].length > spec.maxLength);
  // Within the bounds in UTF-16 units but not in code points: an implementation may count either way.
  const points = lengthUnclear ? [...value].length : length;
  if ((spec.minLength !== undefined && points < spec.minLength) || (spec.maxLength !== undefined && points > spec.maxLength)) {
    return invalid('within the length bounds in UTF-16 units, not in code points', false);
  }
  return spec.format === 'email' ? checkEmail(value) : VALID;
}

function checkInteger(spec: ParamSpec, value: string): ParamVerdict {
  if (!INTEGER.test(value)) return invalid('not an integer');
  const n = Number(value);
  if (spec.format === 'int32' && (n < INT32.min || n > INT32.max)) return invalid('outside int32');
  if (spec.maximum !== undefined && n > spec.maximum) return invalid(`above ${spec.maximum}`);
  if (UNDECIDED_INTEGER.test(value)) return invalid('an integer written with a plus sign or leading zeros', false);
  return VALID;
}

function checkBoolean(value: string): ParamVerdict {
  if (/^(true|false)$/i.test(value)) return VALID;
  return invalid('not a boolean', !/^(0|1|yes|no|on|off)$/i.test(value));
}

function checkDate(spec: ParamSpec, value: string, today: string): ParamVerdict {
  if (!isCalendarDate(value)) return invalid('not a yyyy-mm-dd date');
  if (spec.minDaysBeforeToday !== undefined && value < addDays(today, -spec.minDaysBeforeToday)) {
    return invalid(`earlier than today minus ${spec.minDaysBeforeToday} days`);
  }
  return VALID;
}

/** `raw` is the decoded value; undefined when the parameter is absent. `today` is yyyy-mm-dd. */
export function checkParam(spec: ParamSpec, raw: string | undefined, today: string): ParamVerdict {
  if (raw === undefined || raw === '') return spec.required ? invalid('required') : VALID;
  switch (spec.type) {
    case 'string':
      return checkString(spec, raw);
    case 'integer':
      return checkInteger(spec, raw);
    case 'boolean':
      return checkBoolean(raw);
    case 'date':
      return checkDate(spec, raw, today);
  }
}
