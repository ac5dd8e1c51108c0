import { Agent, request, type Dispatcher } from 'undici';
import { MEDIA_TYPES, type MediaForm } from '../models/index.ts';
import { toCurl } from './curl.ts';
import type { Exchange } from './evidence.ts';
import type { AppName, Profile } from './profile.ts';
import { redact, redactHeaders } from './redact.ts';

// The one way the suites talk to a target: every request has a deadline and a body-size cap, and every
// transport failure comes back as data (never a throw), so a hanging or hostile target fails a check,
// never the run (Principle 6).

export type TransportErrorCode =
  | 'VMP_ERR_TIMEOUT'
  | 'VMP_ERR_BODY_TOO_LARGE'
  | 'VMP_ERR_CONNECTION'
  | 'VMP_ERR_INVALID_UTF8'
  | 'VMP_ERR_PROTOCOL';

export interface TransportError {
  code: TransportErrorCode;
  message: string;
}

export interface SendRequest {
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
  exchange: Exchange;
}

export interface ClientOptions {
  baseUrl: string;
  profile: Profile;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Values never to show in evidence; defaults to every profile header value. */
  secrets: readonly string[];
}

const EXCERPT_CHARS = 2_000;

export class TargetClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  private readonly dispatcher: Dispatcher;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.maxBodyBytes = options.maxBodyBytes ?? 5 * 1024 * 1024;
    this.dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 32, headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs });
  }

  get profile(): Profile {
    return this.options.profile;
  }

  get secrets(): readonly string[] {
    return this.options.secrets;
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
    const headers = { ...this.headersFor(app, req.form), ...req.headers };
    let body = req.body;
    if (req.json !== undefined) body = JSON.stringify(req.json);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = req.contentType ?? 'application/json';
    }
    const url = this.url(req.path, req.query, req.form);
    const started = performance.now();
    const result = await this.exchange(req.method, url, headers, body);
    const durationMs = performance.now() - started;
    const secrets = this.options.secrets;
    const exchange: Exchange = {
      method: req.method,
      url,
      curl: toCurl({ method: req.method, url, headers, body }, secrets),
      requestHeaders: redactHeaders(headers, secrets),
      ...(body !== undefined ? { requestBody: redact(body, secrets) } : {}),
      ...(result.status !== undefined ? { status: result.status } : {}),
      responseHeaders: redactHeaders(result.headers, secrets),
      bodyExcerpt: redact(result.text.slice(0, EXCERPT_CHARS), secrets),
      durationMs,
      ...(result.error ? { error: `${result.error.code}: ${result.error.message}` } : {}),
    };
    return { ...result, exchange };
  }

  private async exchange(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<Omit<TargetResponse, 'exchange'>> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let status: number | undefined;
    let responseHeaders: Record<string, string> = {};
    const chunks: Buffer[] = [];
    try {
      const res = await request(url, { method: method as Dispatcher.HttpMethod, headers, body, signal, dispatcher: this.dispatcher });
      status = res.statusCode;
      responseHeaders = flattenHeaders(res.headers);
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > this.maxBodyBytes) {
          res.body.destroy();
          return failed(status, responseHeaders, chunks, 'VMP_ERR_BODY_TOO_LARGE', `response body exceeds ${this.maxBodyBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      return failed(status, responseHeaders, chunks, ...classify(error, signal, this.timeoutMs));
    }
    const bytes = Buffer.concat(chunks);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return failed(status, responseHeaders, chunks, 'VMP_ERR_INVALID_UTF8', 'response body is not valid UTF-8');
    }
    return { status, headers: responseHeaders, text, ...parseJson(text) };
  }

  async close(): Promise<void> {
    await this.dispatcher.close().catch(() => undefined);
  }
}

function failed(
  status: number | undefined,
  headers: Record<string, string>,
  chunks: Buffer[],
  code: TransportErrorCode,
  message: string,
): Omit<TargetResponse, 'exchange'> {
  return {
    ...(status !== undefined ? { status } : {}),
    headers,
    text: Buffer.concat(chunks).toString('utf8'),
    error: { code, message },
  };
}

function classify(error: unknown, signal: AbortSignal, timeoutMs: number): [TransportErrorCode, string] {
  const e = error as { code?: string; name?: string; message?: string };
  if (signal.aborted || e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') {
    return ['VMP_ERR_TIMEOUT', `no complete response within ${timeoutMs} ms`];
  }
  if (e.code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' || e.code === 'HPE_INVALID_CONSTANT' || e.code?.startsWith('HPE_')) {
    return ['VMP_ERR_PROTOCOL', e.message ?? 'malformed HTTP response'];
  }
  return ['VMP_ERR_CONNECTION', `${e.code ?? e.name ?? 'error'}: ${e.message ?? 'connection failed'}`];
}

function parseJson(text: string): { json?: unknown; jsonError?: string } {
  if (text.trim() === '') return {};
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    return { jsonError: (error as Error).message };
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}
