import { z } from 'zod';
import { essence } from '../models/index.ts';

// What the target did, as a check that fails records it (issue 29 item 4): not the words of the failure message,
// which name the rule's expectation, but the departure itself — a member missing, a member of another type, a
// header wrong, a status of another class, a transport error. One departure seen by many rules is one cause
// (reports/cause-groups.ts), and what a baseline remembers (api/baseline.ts): its key holds nothing of the
// endpoint, the request or the run, so the same fault keys alike on every row, in every run.

/**
 * The kinds, in the order a report names them. `infrastructure` is the network's fault (Principle 5: a throttle,
 * a reset), its own module's to tell; the rest are the target's.
 */
export const DEPARTURE_KINDS = [
  'infrastructure',
  'transport-error',
  'status-class',
  'status',
  'media-type',
  'header-missing',
  'header-wrong',
  'body-not-json',
  'member-missing',
  'member-type',
  'member-value',
] as const;

export const departureSchema = z.object({
  kind: z.enum(DEPARTURE_KINDS),
  /** The member path (entries of a list as `[]`), the header name, or the transport error's code. */
  subject: z.string().optional(),
  /** What the target sent, apart from the endpoint: the type or status it sent for the expected one, a media type. */
  value: z.string().optional(),
});
export type Departure = z.infer<typeof departureSchema>;

/**
 * Per kind, whether only the answer can explain it, never the request the check built: a member missing or of another
 * type, a header, a media type, the transport. (A status or a value may be the request's doing: a template the target
 * refuses.) A record over every kind, so a new kind must say.
 */
export const ANSWER_ONLY: Readonly<Record<Departure['kind'], boolean>> = {
  infrastructure: true,
  'transport-error': true,
  'status-class': false,
  status: false,
  'media-type': true,
  'header-missing': true,
  'header-wrong': true,
  'body-not-json': true,
  'member-missing': true,
  'member-type': true,
  'member-value': false,
};

/** What a judge found: the words for the failure message and, when it can tell, the departure. */
export interface Finding {
  text: string;
  departure?: Departure;
}

/** `member-missing Instance`, `status-class 2xx for 4xx`: equal keys are one cause. */
export const departureKey = (d: Departure): string => [d.kind, d.subject, d.value].filter((p) => p !== undefined && p !== '').join(' ');

const DESCRIBE: Record<Departure['kind'], (d: Departure) => string> = {
  infrastructure: (d) => `the network, not the target: ${d.subject ?? 'infrastructure'}${d.value ? ` (${d.value})` : ''}`,
  'transport-error': (d) => `no complete answer: ${d.subject ?? 'transport error'}`,
  'status-class': (d) => `status ${d.value}`,
  status: (d) => `status ${d.value}`,
  'media-type': (d) => `Content-Type ${d.value}`,
  'header-missing': (d) => `no ${d.subject} header`,
  'header-wrong': (d) => `a wrong ${d.subject} header${d.value ? ` (${d.value})` : ''}`,
  'body-not-json': (d) => `a body that is not JSON${d.value ? ` (${d.value})` : ''}`,
  'member-missing': (d) => `no member ${d.subject} in the body`,
  'member-type': (d) => `member ${d.subject}: ${d.value}`,
  'member-value': (d) => `member ${d.subject} with a wrong value${d.value ? ` (${d.value})` : ''}`,
};

/** The departure in words, for a cause's heading: `no member Instance in the body`. */
export const describeDeparture = (d: Departure): string => DESCRIBE[d.kind](d);

/** A member path as a key: list entries as `[]` (`Items.3.Href` → `Items[].Href`), so every entry is one subject. */
export const memberPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((out, p) => (typeof p === 'number' || /^\d+$/.test(String(p)) ? `${out}[]` : out ? `${out}.${String(p)}` : String(p)), '') || '(body)';

const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function valueAtPath(body: unknown, path: readonly PropertyKey[]): unknown {
  let at = body;
  for (const p of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[p as string];
  }
  return at;
}

/** The departure of a body a model refused: its first issue, by the member it names and what stands there. */
export function departureOfIssue(body: unknown, issue: { code: string; path: readonly PropertyKey[]; expected?: unknown }): Departure {
  const subject = memberPath(issue.path);
  const got = valueAtPath(body, issue.path);
  if (got === undefined && issue.path.length > 0) return { kind: 'member-missing', subject };
  if (issue.code === 'invalid_type') return { kind: 'member-type', subject, value: `${String(issue.expected)} expected, ${typeName(got)} sent` };
  return { kind: 'member-value', subject, value: issue.code.replace(/_/g, ' ') };
}

const statusClass = (s: number): string => `${Math.floor(s / 100)}xx`;

/**
 * A status other than the expected: `status-class 2xx for 4xx` when the class differs (a 200 where a 400 was
 * due, whatever the endpoint), else `status 404 for 403` (within a class, the code is the finding).
 */
export function statusDeparture(got: number, expected: readonly number[]): Departure {
  const classes = [...new Set(expected.map(statusClass))];
  if (!classes.includes(statusClass(got))) return { kind: 'status-class', value: `${statusClass(got)} for ${classes.join(' or ')}` };
  return { kind: 'status', value: `${got} for ${expected.join(' or ')}` };
}

/** A request that got no complete answer: by the client's error code (`VMP_ERR_TIMEOUT`). */
export const transportDeparture = (code: string): Departure => ({ kind: 'transport-error', subject: code });

/** A media type other than the expected: by what was sent (its essence), whatever was expected. */
export const mediaTypeDeparture = (got: string | undefined): Departure => ({ kind: 'media-type', value: essence(got) || 'none' });
