import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

// Content codings as real clients use them (issue 27): a staging's nginx or gateway compresses what a client says
// it accepts (`gzip on`), and browsers, SDKs and `curl --compressed` all send Accept-Encoding. So every request of
// the suites' client says `Accept-Encoding: gzip` (unless it names its own) and a coded answer's body is decoded
// once read; its headers stay as the target sent them (Content-Encoding, and Content-Length of the coded bytes),
// as a browser's devtools and HAR show an answer, so what judges headers judges the target's.
// Not undici's decompress interceptor, nor a decoding stream: a consumer slower than the socket leaves undici
// 7.30.2's HTTP/1 parser paused, and an answer that then ends with its connection (Connection: close) throws an
// uncatchable AssertionError from client-h1's Parser.finish (nodejs/undici#5360; test/sut/content-coding.test.ts
// sends such answers). The body is read as fast as before, coded, then decoded with a bound on what it yields.

/** What every request accepts: gzip, which every HTTP server and gateway offers (RFC 9110 §8.4.1.3). */
export const ACCEPT_ENCODING = 'gzip';

/** The headers with Accept-Encoding added unless they name one already (any case). */
export function withAcceptEncoding(headers: Record<string, string>): Record<string, string> {
  return Object.keys(headers).some((h) => h.toLowerCase() === 'accept-encoding') ? headers : { ...headers, 'accept-encoding': ACCEPT_ENCODING };
}

type Decoder = (coded: Buffer, options: { maxOutputLength: number }) => Buffer;

/** The codings Node decodes (RFC 9110 §8.4.1; x-gzip is gzip, §8.4.1.3). */
const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** More codings than a body is decoded through: a longer list is a target's fault, read as it came. */
const MAX_CODINGS = 3;

/** The answer a body belongs to: what tells whether it has any to decode. */
export interface Answered {
  method: string;
  status: number;
  headers: Record<string, string>;
}

/** No content to decode: HEAD, 204 and 304 have none (RFC 9110 §6.4.1), and an empty body is no coded one. */
const bodyless = (a: Answered, coded: Buffer): boolean => a.method.toUpperCase() === 'HEAD' || a.status === 204 || a.status === 304 || coded.length === 0;

export type Decoded = { bytes: Buffer } | { tooLarge: true } | { undecodable: { code: string; message: string } };

/**
 * The body decoded as its Content-Encoding says, the last coding applied undone first (RFC 9110 §8.4), yielding at
 * most `maxBytes` (more: tooLarge, so a small gzip of a huge body is cut like the body); as it came when there is
 * no coding, `identity`, or one this client cannot undo (the body is then judged as sent).
 */
export function decodeBody(coded: Buffer, answered: Answered, maxBytes: number): Decoded {
  const codings = (answered.headers['content-encoding'] ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (bodyless(answered, coded) || codings.length === 0 || codings.length > MAX_CODINGS || !codings.every((c) => c in DECODERS)) {
    return { bytes: coded };
  }
  let bytes = coded;
  try {
    for (const c of codings.reverse()) bytes = DECODERS[c]!(bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    const e = error as { code?: string; message?: string };
    if (e.code === 'ERR_BUFFER_TOO_LARGE') return { tooLarge: true };
    return { undecodable: { code: e.code ?? 'ERROR', message: e.message ?? 'undecodable' } };
  }
  return { bytes };
}
