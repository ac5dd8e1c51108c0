import { appendFileSync } from 'node:fs';
import type { TargetResponse } from './client.ts';
import type { Exchange } from './evidence.ts';
import { redact } from './redact.ts';

// `run --har FILE` (issue 29 §8): every exchange with the target as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/),
// which browser devtools, proxies and Schemathesis' cassettes read. Built from each exchange's evidence, whose URL,
// headers and request body the client has already redacted, and the response body, redacted here; the file as a
// whole is redacted once more when written (api/har-file.ts), as the reports are.

/** A response body is kept up to this many characters (the HAR says how many were left out): a run's HAR stays a few MB. */
export const HAR_BODY_CHARS = 64 * 1024;

interface NameValue {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: NameValue[];
    headers: NameValue[];
    queryString: NameValue[];
    postData?: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: NameValue[];
    headers: NameValue[];
    /** `compression`: the bytes a content coding saved (the body as sent was `size - compression` bytes). */
    content: { size: number; compression?: number; mimeType: string; text: string; comment?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** Why no (complete) response came: a transport failure, as the evidence says (HAR's custom fields start with `_`). */
  _error?: string;
}

const pairs = (headers: Record<string, string>): NameValue[] => Object.entries(headers).map(([name, value]) => ({ name, value }));
const headerOf = (headers: Record<string, string>, name: string): string | undefined => Object.entries(headers).find(([h]) => h.toLowerCase() === name)?.[1];

function queryOf(url: string): NameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** One exchange as a HAR entry; `text` is the response body as the client read it, redacted with `secrets`. */
export function harEntry(x: Exchange, text: string, secrets: readonly string[]): HarEntry {
  const shown = redact(text.slice(0, HAR_BODY_CHARS), secrets);
  const size = Buffer.byteLength(text);
  const ms = Math.round(x.durationMs * 1000) / 1000;
  const cut = text.length > HAR_BODY_CHARS ? { comment: `the first ${HAR_BODY_CHARS} of ${text.length} characters` } : {};
  // A coded body (sut/content-coding.ts) was sent as Content-Length bytes and decoded to `size`, as HAR records it.
  const coded = headerOf(x.responseHeaders, 'content-encoding') === undefined ? undefined : Number(headerOf(x.responseHeaders, 'content-length'));
  const sent = coded !== undefined && Number.isSafeInteger(coded) ? coded : size;
  return {
    startedDateTime: new Date(x.sentAt ?? Date.now()).toISOString(),
    time: ms,
    request: {
      method: x.method,
      url: x.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(x.requestHeaders),
      queryString: queryOf(x.url),
      ...(x.requestBody !== undefined ? { postData: { mimeType: headerOf(x.requestHeaders, 'content-type') ?? '', text: x.requestBody } } : {}),
      headersSize: -1,
      bodySize: x.requestBody === undefined ? 0 : Buffer.byteLength(x.requestBody),
    },
    response: {
      // HAR's reading of a request that got no status line, as browsers write it.
      status: x.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(x.responseHeaders),
      content: {
        size,
        ...(sent !== size ? { compression: size - sent } : {}),
        mimeType: headerOf(x.responseHeaders, 'content-type') ?? '',
        text: shown,
        ...cut,
      },
      redirectURL: headerOf(x.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: x.status === undefined ? -1 : sent,
    },
    cache: {},
    // The client times the whole exchange, not its phases: all of it is reported as waiting.
    timings: { send: 0, wait: ms, receive: 0 },
    ...(x.error ? { _error: x.error } : {}),
  };
}

/** The HAR document of a run's entries, in the order they were sent. */
export function harLog(entries: readonly HarEntry[], creator: { name: string; version: string }, comment?: string) {
  const sorted = [...entries].sort((a, b) => (a.startedDateTime < b.startedDateTime ? -1 : a.startedDateTime > b.startedDateTime ? 1 : 0));
  return { log: { version: '1.2', creator, entries: sorted, ...(comment ? { comment } : {}) } };
}

/** Appends each exchange to an NDJSON file, one entry a line: the suites' worker hands its exchanges to the main thread so. */
export const appendingTo =
  (file: string) =>
  (res: TargetResponse, secrets: readonly string[]): void =>
    appendFileSync(file, `${JSON.stringify(harEntry(res.exchange, res.text, secrets))}\n`);
