import { ENTRY_LEVEL_KEY, MEDIA_TYPES, PROBLEM_MEDIA_TYPE } from '../models/index.ts';

// What a handler answers, before it is written to the socket. Problem bodies (Errors > Validation problem
// body) carry every member — Errors, Type, Title, Status, Detail, Instance, Extensions — on every 4xx with a
// body, 403 and the out-of-spec answers (401, 405, 406, 413, 415) included.

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  contentType?: string;
  body?: string;
}

export type Errors = Record<string, string[]>;

/** A status with no body: 202/204 successes, 304, and 404 ("no body defined"). */
export const empty = (status: number, headers?: Record<string, string>): Reply => (headers ? { status, headers } : { status });

export const jsonReply = (status: number, value: unknown, contentType: string = MEDIA_TYPES.json, headers?: Record<string, string>): Reply => ({
  status,
  contentType,
  body: JSON.stringify(value),
  ...(headers ? { headers } : {}),
});

// RFC 9110 section 15.5 describes each client error status; its anchors serve as the problem Type URIs.
const RFC9110 = 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.';
// Errors: Title is a "short human-readable summary", and "a field that has no value is sent as null" (models/problem.ts
// takes a null Title): an empty one says as little, so the words of each are this server's.
// Stryker disable StringLiteral: Errors: "Title | string | short human-readable summary" (its words are not shown; null is allowed)
const KINDS: Readonly<Record<number, { section: number; title: string }>> = {
  400: { section: 1, title: 'One or more validation errors occurred.' },
  401: { section: 2, title: 'Authentication required.' },
  403: { section: 4, title: 'Forbidden.' },
  405: { section: 6, title: 'Method not allowed.' },
  406: { section: 7, title: 'Not acceptable.' },
  409: { section: 10, title: 'Conflict.' },
  413: { section: 14, title: 'Content too large.' },
  415: { section: 16, title: 'Unsupported media type.' },
};
// Stryker restore StringLiteral

export interface ProblemOptions {
  /** The request's URI path, without the query (Instance: "URI path of the request"). */
  instance: string;
  detail: string;
  errors?: Errors;
  headers?: Record<string, string>;
}

export function problem(status: number, o: ProblemOptions): Reply {
  const kind = KINDS[status] ?? KINDS[400]!;
  const body = {
    Errors: o.errors ?? {},
    Type: `${RFC9110}${kind.section}`,
    Title: kind.title,
    Status: status,
    Detail: o.detail,
    Instance: o.instance,
    Extensions: {},
  };
  return jsonReply(status, body, PROBLEM_MEDIA_TYPE, o.headers);
}

/** Errors with one message under the entry-level key "_". */
// Stryker disable next-line ArrayDeclaration: Errors: "map from property name to an array of message strings" (how many messages is not shown)
export const entryLevel = (message: string): Errors => ({ [ENTRY_LEVEL_KEY]: [message] });
