import { z } from 'zod';
import { addDays, isCalendarDate } from './datetime.ts';
import type { ParamSpec } from './endpoint.ts';
import { INT32 } from './limits.ts';

// Whether one raw parameter value satisfies its ParamSpec: the catalog's limits turned into a verdict.
// `clear: false` marks values a reasonable implementation may judge either way (an odd but '@'-bearing
// e-mail, "1" for a boolean, astral characters at a length bound); suites never fail a target over those.

export type ParamVerdict = { valid: true } | { valid: false; clear: boolean; reason: string };

const VALID: ParamVerdict = { valid: true };
const invalid = (reason: string, clear = true): ParamVerdict => ({ valid: false, clear, reason });
const emailFormat = z.email();
const INTEGER = /^-?\d+$/;
const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;

function checkString(spec: ParamSpec, value: string): ParamVerdict {
  const length = value.length;
  const lengthUnclear = ASTRAL.test(value);
  if (spec.minLength !== undefined && length < spec.minLength) return invalid(`shorter than ${spec.minLength}`, !lengthUnclear || [...value].length < spec.minLength);
  if (spec.maxLength !== undefined && length > spec.maxLength) return invalid(`longer than ${spec.maxLength}`, !lengthUnclear || [...value].length > spec.maxLength);
  // Within the bounds in UTF-16 units but not in code points: an implementation may count either way.
  const points = lengthUnclear ? [...value].length : length;
  if ((spec.minLength !== undefined && points < spec.minLength) || (spec.maxLength !== undefined && points > spec.maxLength)) {
    return invalid('within the length bounds in UTF-16 units, not in code points', false);
  }
  if (spec.format === 'email' && !emailFormat.safeParse(value).success) {
    const parts = value.split('@');
    const plainlyNot = parts.length !== 2 || parts[0] === '' || parts[1] === '' || /\s/.test(value);
    return invalid('not an e-mail address', plainlyNot);
  }
  return VALID;
}

function checkInteger(spec: ParamSpec, value: string): ParamVerdict {
  if (!INTEGER.test(value)) return invalid('not an integer');
  const n = Number(value);
  if (spec.format === 'int32' && (n < INT32.min || n > INT32.max)) return invalid('outside int32');
  if (spec.maximum !== undefined && n > spec.maximum) return invalid(`above ${spec.maximum}`);
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
