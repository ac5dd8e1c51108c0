import {
  ENTRY_LEVEL_KEY,
  essence,
  forbiddenProblem,
  otherResponse,
  PROBLEM_MEDIA_TYPE,
  validationProblem,
  type BodyKind,
  type Endpoint,
} from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { mediaTypeDeparture, type Finding } from '../../sut/departure.ts';
import { mismatchDeparture, mismatchOf } from '../../sut/form-judge.ts';
import { strayKeys } from './error-keys.ts';

// Errors: "400 | validation failed (validation problem body)", "409 | … (validation problem body)", the members
// of the validation problem body (Status "the HTTP status", Instance "URI path of the request", …), and "the 403
// body is a problem body (application/problem+json)". Each judge takes one answer of a row whose status the row
// documents with a problem body, wherever it came from: the errors checks' own provocations, and every answer
// the run hears (run-ledger.ts), so a problem is judged on every row and provocation, not on examples only.

/** What a judge knows of the request besides its answer. */
export interface Asked {
  /** The path of the base URL ('' at the root). */
  basePath: string;
  /** The request's property names (error-keys.ts), `_` included. */
  properties: ReadonlySet<string>;
}

export interface ProblemJudge {
  ruleId: string;
  /** The body kinds of the documented statuses it judges: a validation problem (400, 409), a problem (403). */
  bodies: readonly BodyKind[];
  /** What is wrong with the answer (in words, and the departure), or undefined. */
  issue(res: TargetResponse, asked: Asked): Finding | undefined;
}

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The members of a problem body, or undefined when it is no JSON object. */
const membersOf = (res: TargetResponse): Record<string, unknown> | undefined =>
  res.json !== null && typeof res.json === 'object' && !Array.isArray(res.json) ? (res.json as Record<string, unknown>) : undefined;

/**
 * "Instance: URI path of the request": the path sent, or the path below the base URL, percent-decoded (the spec
 * does not say how the path is encoded: %40 and @ name one path). A path has no query and no fragment (RFC 3986
 * section 3.3), so an Instance that carries the request's query string is not its path.
 */
export function requestPaths(res: TargetResponse, basePath: string): string[] {
  const sent = new URL(res.exchange.url).pathname;
  const base = basePath.replace(/\/+$/, '');
  return [sent, ...(base && sent.startsWith(`${base}/`) ? [sent.slice(base.length)] : [])].map(decode);
}

const notAnObject = (res: TargetResponse): Finding => ({
  text: `a problem body that is a JSON object with ${res.status}`,
  departure: res.jsonError ? { kind: 'body-not-json' } : { kind: 'member-type', subject: '(body)', value: 'object expected' },
});

/** A member a judge found wrong: missing, or there with a wrong value. */
const memberDeparture = (members: Record<string, unknown>, name: string): Finding['departure'] =>
  members[name] === undefined ? { kind: 'member-missing', subject: name } : { kind: 'member-value', subject: name };

const VALIDATION: readonly BodyKind[] = ['validation-problem'];
const FORBIDDEN: readonly BodyKind[] = ['problem'];

export const PROBLEM_JUDGES: readonly ProblemJudge[] = [
  {
    ruleId: 'errors/validation-problem-body',
    bodies: VALIDATION,
    issue(res) {
      const parsed = validationProblem().safeParse(res.json);
      if (parsed.success) return undefined;
      return { text: `a validation problem body with ${res.status}, but ${mismatchOf(res, parsed.error)}`, departure: mismatchDeparture(res, parsed.error) };
    },
  },
  {
    ruleId: 'errors/problem-media-type',
    bodies: [...VALIDATION, ...FORBIDDEN],
    issue: (res) =>
      essence(res.headers['content-type']) === PROBLEM_MEDIA_TYPE
        ? undefined
        : {
            text: `Content-Type ${PROBLEM_MEDIA_TYPE} with ${res.status}, not ${res.headers['content-type'] ?? 'none'}`,
            departure: mediaTypeDeparture(res.headers['content-type']),
          },
  },
  {
    ruleId: 'errors/status-member-matches',
    bodies: VALIDATION,
    issue(res) {
      const members = membersOf(res);
      if (!members) return notAnObject(res);
      return members.Status === res.status
        ? undefined
        : { text: `Status ${res.status} in the body, not ${JSON.stringify(members.Status)}`, departure: memberDeparture(members, 'Status') };
    },
  },
  {
    ruleId: 'errors/instance-is-request-path',
    bodies: VALIDATION,
    issue(res, { basePath }) {
      const members = membersOf(res);
      if (!members) return notAnObject(res);
      const paths = requestPaths(res, basePath);
      const instance = members.Instance;
      const ok = typeof instance === 'string' && paths.includes(decode(instance));
      if (ok) return undefined;
      const text = `Instance ${paths.map((p) => JSON.stringify(p)).join(' or ')} (the request's path), not ${JSON.stringify(instance)}`;
      return { text, departure: memberDeparture(members, 'Instance') };
    },
  },
  {
    // "map from property name to an array of message strings; the key _ holds entry-level problems": every key,
    // of every 400 and 409 (a conflict that belongs to no single property goes under _).
    ruleId: 'errors/errors-keyed-by-property',
    bodies: VALIDATION,
    issue(res, { properties }) {
      const stray = strayKeys(res.json, properties);
      if (stray.length === 0) return undefined;
      const names = [...properties].filter((n) => n !== ENTRY_LEVEL_KEY);
      return {
        text: `Errors keyed by property names of the request (${names.join(', ')}, exactly as named) or ${ENTRY_LEVEL_KEY}, not by ${stray.map((k) => JSON.stringify(k)).join(', ')}`,
        departure: { kind: 'member-value', subject: 'Errors', value: 'keys not property names' },
      };
    },
  },
  {
    ruleId: 'errors/forbidden-problem-body',
    bodies: FORBIDDEN,
    issue(res) {
      const parsed = forbiddenProblem().safeParse(res.json);
      if (!parsed.success)
        return { text: `a problem body (a JSON object) with 403, but ${mismatchOf(res, parsed.error)}`, departure: mismatchDeparture(res, parsed.error) };
      return essence(res.headers['content-type']) === PROBLEM_MEDIA_TYPE
        ? undefined
        : {
            text: `a 403 problem body as ${PROBLEM_MEDIA_TYPE}, not ${res.headers['content-type'] ?? 'none'}`,
            departure: mediaTypeDeparture(res.headers['content-type']),
          };
    },
  },
];

export const problemJudge = (ruleId: string): ProblemJudge | undefined => PROBLEM_JUDGES.find((j) => j.ruleId === ruleId);

/** Whether the judge applies to an answer of row `e`: its status is one the row documents with a body the judge is about. */
export function judges(judge: ProblemJudge, e: Endpoint, res: TargetResponse): boolean {
  const spec = res.status === undefined ? undefined : otherResponse(e, res.status);
  return spec !== undefined && judge.bodies.includes(spec.body);
}
