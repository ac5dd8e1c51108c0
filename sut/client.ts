import { maxHeaderSize } from 'node:http';
import { request, type Dispatcher } from 'undici';
import { BYTE_ORDER_MARK, MEDIA_TYPES, type MediaForm } from '../models/index.ts';
import { CircuitBreaker, endpointKey, type Slowness } from './breaker.ts';
import { toCurl } from './curl.ts';
import { deadlinePassed, deadlineReason, type RunDeadline } from './deadline.ts';
import type { Exchange } from './evidence.ts';
import type { AppName, Profile } from './profile.ts';
import { excerptOf } from '../support/clip.ts';
import { parseJsonBounded } from '../support/json-depth.ts';
import { redact, redactHeaders } from './redact.ts';
import { lostToInfrastructure, type Lost } from './infrastructure.ts';
import { newRetryState, withRetryState, type RetryCause } from './retry-policy.ts';
import { currentTap } from './exchange-tap.ts';
import { createDispatcher, type TransportSettings } from './transport.ts';
import { decodeBody, withAcceptEncoding } from './content-coding.ts';
import { unframedExchange } from './unframed.ts';

// The one way the suites talk to a target: every request has a deadline and a body-size cap, every
// transport failure comes back as data (never a throw), so a hanging or hostile target fails a check,
// never the run (Principle 6), and an endpoint that failed at the transport level is not asked again
// (breaker.ts), so a hanging endpoint costs one deadline per run, not one per request. A run's deadline
// (deadline.ts), when given, caps every request's wait and refuses requests after it.

export type TransportErrorCode =
  | 'VMP_ERR_TIMEOUT'
  | 'VMP_ERR_BODY_TOO_LARGE'
  | 'VMP_ERR_CONNECTION'
  | 'VMP_ERR_INVALID_UTF8'
  | 'VMP_ERR_PROTOCOL'
  | 'VMP_ERR_SLOW'
  | 'VMP_ERR_DEADLINE';

export interface TransportError {
  code: TransportErrorCode;
  message: string;
  /** The error beneath, as Node, OpenSSL, undici or a proxy coded it: what the reachability check explains. */
  cause?: TransportCause;
}

export interface TransportCause {
  code: string;
  message: string;
  /** Where a connection was refused or timed out (a proxy's address, when it is not the target's). */
  address?: string;
  port?: number;
}

export interface SendRequest {
  /** The catalog endpoint id, when the request is one (callEndpoint sets it): it keys the circuit breaker. */
  endpointId?: string;
  /** The calling app; null sends no credentials. Default: primary. */
  app?: AppName | null;
  method: string;
  /** Path relative to the base URL, already percent-encoded, starting with '/'. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Ask for this media type through the profile's selection mechanism. */
  form?: MediaForm;
  headers?: Record<string, string>;
  /** Serialized as JSON with Content-Type application/json unless contentType says otherwise. */
  json?: unknown;
  body?: string;
  contentType?: string;
  /**
   * Read the answer on a connection of its own, byte for byte until the server closes it, ignoring HTTP's
   * framing (unframed.ts): shows a body a client never reads, as one sent after a 304.
   */
  unframed?: boolean;
}

export interface TargetResponse {
  /** Absent when the transport failed before a status line. */
  status?: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed body when it is JSON; `undefined` when empty or not JSON (see jsonError). */
  json?: unknown;
  jsonError?: string;
  error?: TransportError;
  /** Why it was sent again before this answer (sut/retry-policy.ts), in order. */
  retries?: RetryCause[];
  /** The answer is the network's, not the target's (a 429 that stayed one, a reset): no rule judges it. */
  lost?: Lost;
  exchange: Exchange;
}

/** Hears one request and its answer (a breaker's refusal too: it carries no status). */
export type ExchangeListener = (req: SendRequest, res: TargetResponse) => void;

export interface ClientOptions {
  baseUrl: string;
  profile: Profile;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Values never to show in evidence; defaults to every profile header value. */
  secrets: readonly string[];
  /** Past it, requests are refused, and one in flight is cut when it comes. */
  deadline?: RunDeadline;
  /** Endpoints that answer this slowly, this often in a row, are not asked again (default: never). */
  slow?: Slowness;
  /** CAs, client certificate, proxy, pacing (transport.ts); default: Node's trust, no proxy but the environment's. */
  transport?: TransportSettings;
}

/** One request on its way out, with how long it may wait. */
interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  timeoutMs: number;
}

/** What an exchange brought back, before the evidence is made of it. */
type Got = Omit<TargetResponse, 'exchange'> & { waitedMs?: number };

/** What one request may wait: the timeout, or less when the run's deadline comes first. */
interface Wait {
  ms: number;
  byDeadline: boolean;
}

const EXCERPT_CHARS = 2_000;
/** The largest response body a check reads (5 MiB); `load` validates no larger. */
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

export class TargetClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  private readonly dispatcher: Dispatcher;
  /** Absent in a restoring() view, which neither refuses requests nor owns the connections. */
  private readonly breaker: CircuitBreaker | undefined;
  /** Shared with a restoring() view: what it sends is heard too. */
  private readonly listeners: Set<ExchangeListener>;
  /** Whether the target has answered this client yet: only then is a refused connection a transient fault. */
  private readonly reach: { answered: boolean };

  constructor(
    private readonly options: ClientOptions,
    /** For restoring(): the same connections, without breaker or deadline. */
    shared?: { dispatcher: Dispatcher; listeners: Set<ExchangeListener>; reach: { answered: boolean } },
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.dispatcher = shared?.dispatcher ?? createDispatcher(options.transport, { timeoutMs: this.timeoutMs, connections: 32 });
    this.breaker = shared ? undefined : new CircuitBreaker(options.slow);
    this.listeners = shared?.listeners ?? new Set();
    this.reach = shared?.reach ?? { answered: false };
  }

  /**
   * This client for putting back what the run changed (Principle 4): every request is sent, each within the
   * timeout, whatever the breaker learnt and even past the run's deadline.
   */
  restoring(): TargetClient {
    const { deadline: _deadline, slow: _slow, ...options } = this.options;
    return new TargetClient(options, { dispatcher: this.dispatcher, listeners: this.listeners, reach: this.reach });
  }

  get profile(): Profile {
    return this.options.profile;
  }

  get secrets(): readonly string[] {
    return this.options.secrets;
  }

  /** How this client reaches the target's network: for senders of the same run that need a dispatcher of their own. */
  get transport(): TransportSettings | undefined {
    return this.options.transport;
  }

  /** Hears every exchange from now on, until the returned function is called (a run-wide view: issue 12 §4). */
  listen(listener: ExchangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The request headers for one app, plus the media-type selection header if the profile uses one. */
  headersFor(app: AppName | null, form?: MediaForm): Record<string, string> {
    const headers: Record<string, string> = {};
    if (app) {
      const credentials = this.options.profile.apps[app];
      if (!credentials) throw new Error(`the profile declares no app '${app}'`);
      Object.assign(headers, credentials.headers);
    }
    const selection = this.options.profile.mediaTypeSelection;
    if (form && 'header' in selection) headers[selection.header] = MEDIA_TYPES[form];
    return headers;
  }

  /** The query parameters that authenticate one app (apps.*.query), sent with every request it makes. */
  queryFor(app: AppName | null): Record<string, string> {
    return app ? { ...this.options.profile.apps[app]?.query } : {};
  }

  url(path: string, query: SendRequest['query'] = {}, form?: MediaForm): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
    const selection = this.options.profile.mediaTypeSelection;
    if (form && 'query' in selection) params.append(selection.query, MEDIA_TYPES[form]);
    const qs = params.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async send(req: SendRequest): Promise<TargetResponse> {
    const app = req.app === undefined ? 'primary' : req.app;
    const named = { ...this.headersFor(app, req.form), ...req.headers };
    // Accept-Encoding as real clients send it (content-coding.ts), in the evidence too; not on an unframed read,
    // which shows the bytes as they came.
    const headers = req.unframed ? named : withAcceptEncoding(named);
    let body = req.body;
    if (req.json !== undefined) body = JSON.stringify(req.json);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = req.contentType ?? 'application/json';
    }
    const url = this.url(req.path, { ...this.queryFor(app), ...req.query }, req.form);
    const key = endpointKey(req.method, req.path, req.endpointId);
    const started = performance.now();
    const sentAt = Date.now();
    const deadline = this.options.deadline;
    const refusal = deadlinePassed(deadline)
      ? { code: 'VMP_ERR_DEADLINE' as const, message: `not sent: ${deadlineReason(deadline!)}` }
      : this.breaker?.refusal(key);
    const wait = this.wait();
    const transport = req.unframed ? this.unframed.bind(this) : this.exchange.bind(this);
    const got: Got = refusal
      ? { headers: {}, text: '', error: refusal }
      : cutByDeadline(await transport({ method: req.method, url, headers, body, timeoutMs: wait.ms }), wait);
    const { waitedMs = 0, ...result } = got;
    const durationMs = performance.now() - started;
    if (result.status !== undefined) this.reach.answered = true;
    // The target's own time: waits between retries are the Retry-After it asked for, not slowness.
    if (!refusal) this.breaker?.record(key, result.error, durationMs - waitedMs, result.status);
    const lost = refusal ? undefined : lostToInfrastructure(result, this.breaker?.isOpen(key) ?? false);
    const secrets = this.options.secrets;
    const exchange: Exchange = {
      method: req.method,
      url: redact(url, secrets),
      curl: toCurl({ method: req.method, url, headers, body }, secrets),
      requestHeaders: redactHeaders(headers, secrets),
      ...(body !== undefined ? { requestBody: redact(body, secrets) } : {}),
      ...(result.status !== undefined ? { status: result.status } : {}),
      responseHeaders: redactHeaders(result.headers, secrets),
      bodyExcerpt: redact(excerptOf(result.text, EXCERPT_CHARS), secrets),
      durationMs,
      sentAt,
      ...(result.error ? { error: redact(`${result.error.code}: ${result.error.message}`, secrets) } : {}),
      ...(result.retries?.length ? { retries: result.retries } : {}),
      ...(lost ? { lost: lost.reason } : {}),
    };
    const response = { ...result, ...(lost ? { lost } : {}), exchange };
    for (const listener of this.listeners) listener(req, response);
    // A request refused before it was sent (the deadline, the breaker) is no exchange with the target.
    if (!refusal) currentTap()?.(response, secrets);
    return response;
  }

  private wait(): Wait {
    const left = this.options.deadline ? this.options.deadline.at - Date.now() : Infinity;
    return left < this.timeoutMs ? { ms: Math.max(1, left), byDeadline: true } : { ms: this.timeoutMs, byDeadline: false };
  }

  private async unframed({ method, url, headers, body, timeoutMs }: Outgoing): Promise<Omit<TargetResponse, 'exchange'>> {
    const got = await unframedExchange(method, url, headers, body, { timeoutMs, maxBytes: this.maxBodyBytes, transport: this.options.transport });
    return { ...got, ...(got.error ? {} : bodyJson(got.text)) };
  }

  private async exchange(out: Outgoing): Promise<Got> {
    // A restoring() view (no breaker of its own) puts back the user's configuration: its throttled POSTs are sent again too.
    const retry = newRetryState(out.method, out.timeoutMs, () => this.reach.answered, this.breaker === undefined);
    const got = await this.attempts(out, retry);
    return { ...got, ...(retry.retries.length ? { retries: retry.retries } : {}), waitedMs: retry.waitedMs };
  }

  /** One request, with the retries undici's interceptor makes of it (sut/retry-policy.ts) within its timeout. */
  private async attempts({ method, url, headers, body, timeoutMs }: Outgoing, retry: ReturnType<typeof newRetryState>): Promise<Got> {
    const signal = AbortSignal.timeout(timeoutMs);
    const got: Progress = { headers: {}, chunks: [], bytes: 0 };
    try {
      const options = { method: method as Dispatcher.HttpMethod, headers, body, signal, dispatcher: this.dispatcher, ...withRetryState(retry) };
      const res = await request(url, options);
      retry.answered = true;
      got.status = res.statusCode;
      got.headers = flattenHeaders(res.headers);
      const declared = declaredLength(got);
      // Refused before a byte is read: a declared 50 MB body costs nothing. Destroying the body aborts the
      // request, and undici drops its connection (it is mid-response, so it cannot be reused).
      if (declared !== undefined && declared > this.maxBodyBytes) {
        res.body.destroy();
        return failed(
          got,
          'VMP_ERR_BODY_TOO_LARGE',
          `the response declares Content-Length ${declared}, over the ${this.maxBodyBytes}-byte cap; its body was not read`,
        );
      }
      for await (const chunk of res.body) {
        got.bytes += (chunk as Buffer).length;
        if (got.bytes > this.maxBodyBytes) {
          res.body.destroy();
          // Only the start is kept as text: the evidence shows an excerpt, and nothing judges an oversized body.
          got.chunks = [Buffer.concat(got.chunks).subarray(0, EXCERPT_CHARS * 4)];
          return failed(got, 'VMP_ERR_BODY_TOO_LARGE', `response body exceeds ${this.maxBodyBytes} bytes; reading stopped there`);
        }
        got.chunks.push(chunk as Buffer);
      }
    } catch (error) {
      const result = failed(got, ...classify(error, signal, timeoutMs, got));
      // A connection that failed before any answer: what failed it (TLS, a proxy) is for the reachability check.
      return result.error?.code === 'VMP_ERR_CONNECTION' ? { ...result, error: { ...result.error, cause: causeOf(error) } } : result;
    }
    // A coded body decoded (content-coding.ts), within the same cap: a small gzip of a huge body is cut like the body.
    const decoded = decodeBody(Buffer.concat(got.chunks), { method, status: got.status, headers: got.headers }, this.maxBodyBytes);
    if ('tooLarge' in decoded) {
      return failed(
        { ...got, chunks: [] },
        'VMP_ERR_BODY_TOO_LARGE',
        `the response body decodes (Content-Encoding: ${got.headers['content-encoding']}) to over ${this.maxBodyBytes} bytes; not read`,
      );
    }
    if ('undecodable' in decoded) {
      const { code, message } = decoded.undecodable;
      return failed(
        { ...got, chunks: [] },
        'VMP_ERR_PROTOCOL',
        `the body (${got.bytes} bytes) does not decode as its Content-Encoding ${got.headers['content-encoding']} says (${code}: ${message})`,
      );
    }
    const bytes = decoded.bytes;
    let text: string;
    try {
      // ignoreBOM: a leading byte order mark stays in the text, for conventions/json-no-bom to see (the
      // decoder would drop it silently otherwise).
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return failed(got, 'VMP_ERR_INVALID_UTF8', `response body (${bytes.length} bytes) is not valid UTF-8${invalidUtf8At(bytes)}`);
    }
    return { status: got.status, headers: got.headers, text, ...bodyJson(text) };
  }

  /** Closes the connections (a restoring() view leaves them to the client it came from). */
  async close(): Promise<void> {
    if (this.breaker !== undefined) await this.dispatcher.close().catch(() => undefined);
  }
}

/** A timeout that was the run's deadline, said as such: the target was not given its full timeout. */
function cutByDeadline<T extends { error?: TransportError }>(result: T, wait: Wait): T {
  if (!wait.byDeadline || result.error?.code !== 'VMP_ERR_TIMEOUT') return result;
  return { ...result, error: { code: 'VMP_ERR_DEADLINE', message: `cut by the run's deadline after ${wait.ms} ms: ${result.error.message}` } };
}

/** What had arrived when an exchange ended: the status line and headers, and the body bytes so far. */
interface Progress {
  status?: number;
  headers: Record<string, string>;
  chunks: Buffer[];
  bytes: number;
}

function declaredLength(got: Progress): number | undefined {
  const value = got.headers['content-length'];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

function failed(got: Progress, code: TransportErrorCode, message: string): Omit<TargetResponse, 'exchange'> {
  return {
    ...(got.status !== undefined ? { status: got.status } : {}),
    headers: got.headers,
    text: Buffer.concat(got.chunks).toString('utf8'),
    error: { code, message },
  };
}

/** "status 200, then 12 of 3037 declared body bytes" — how far a response got. */
function progressOf(got: Progress): string {
  if (got.status === undefined) return 'no status line arrived';
  const declared = declaredLength(got);
  return `status ${got.status} arrived, then ${got.bytes} of ${declared === undefined ? 'an undeclared number of' : declared} body bytes`;
}

const CLOSED = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** Names what went wrong in words a report reader can act on: timeout, reset, close, truncation, bad HTTP. */
function classify(error: unknown, signal: AbortSignal, timeoutMs: number, got: Progress): [TransportErrorCode, string] {
  const e = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  if (signal.aborted || e.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return ['VMP_ERR_TIMEOUT', `no complete response within ${timeoutMs} ms: ${progressOf(got)}`];
  }
  const how = code === 'ECONNRESET' ? 'was reset by the target' : 'was closed by the target';
  if (got.status !== undefined && ((code && CLOSED.has(code)) || code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH')) {
    return ['VMP_ERR_PROTOCOL', `response truncated: the connection ${how} after ${progressOf(got)}`];
  }
  if (code === 'UND_ERR_HEADERS_OVERFLOW') {
    return [
      'VMP_ERR_PROTOCOL',
      `the response's header block is larger than this client reads (${maxHeaderSize} bytes, Node's --max-http-header-size): not read`,
    ];
  }
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' || code?.startsWith('HPE_') || e.name === 'HTTPParserError') {
    return ['VMP_ERR_PROTOCOL', `malformed HTTP response (${code ?? e.name}: ${e.message ?? 'unparseable'})`];
  }
  if (code && CLOSED.has(code)) return ['VMP_ERR_CONNECTION', `the connection ${how} before any response (${code}: ${e.message ?? ''})`];
  return ['VMP_ERR_CONNECTION', `${code ?? e.name ?? 'error'}: ${e.message ?? 'connection failed'}`];
}

/** The innermost coded error: undici wraps a TLS failure inside a proxy's tunnel (UND_ERR_PRX_TLS). */
function causeOf(error: unknown): TransportCause {
  let e = error as { code?: string; message?: string; address?: string; port?: number; cause?: unknown };
  while (e.code === 'UND_ERR_PRX_TLS' && e.cause) e = e.cause as typeof e;
  const code = e.code ?? (e.cause as { code?: string } | undefined)?.code ?? 'ERROR';
  return { code, message: e.message ?? '', ...(e.address ? { address: e.address } : {}), ...(e.port ? { port: e.port } : {}) };
}

/** " at byte N": where the body stops being UTF-8 (the fatal decoder does not say), skipping genuine U+FFFDs. */
function invalidUtf8At(bytes: Buffer): string {
  const text = new TextDecoder('utf-8').decode(bytes);
  for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) {
    const at = Buffer.byteLength(text.slice(0, i));
    if (!(bytes[at] === 0xef && bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd)) return ` at byte ${at}`;
  }
  return '';
}

/**
 * The JSON of a body, read past a leading byte order mark as RFC 8259 section 8.1 lets a parser: a BOM fails
 * conventions/json-no-bom alone, not every rule that reads the body. A body nested deeper than any reader here
 * follows is not read either (support/json-depth.ts): the rules that judge it fail, saying so.
 */
/** A body's JSON as the client parses it (a leading byte order mark skipped, nesting bounded), or why it is none. */
export function bodyJson(text: string): { json?: unknown; jsonError?: string } {
  if (text.trim() === '') return {};
  try {
    return { json: parseJsonBounded(text.startsWith(BYTE_ORDER_MARK) ? text.slice(BYTE_ORDER_MARK.length) : text) };
  } catch (error) {
    return { jsonError: (error as Error).message };
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}
