import type { IncomingMessage, ServerResponse } from 'node:http';
import { MEDIA_TYPES } from '../models/index.ts';
import { authenticate, challenge, credentialParams } from './auth.ts';
import { hasBody, parseJsonBody, readBody } from './body.ts';
import type { Ctx, Route, World } from './context.ts';
import { negotiate } from './media.ts';
import { checkParams } from './params.ts';
import { empty, entryLevel, problem, type Reply } from './reply.ts';
import type { Router } from './router.ts';

// One request, start to end: body cap (413), route (404 empty / 405 + Allow), authentication (401 +
// WWW-Authenticate), media type (406), parameters (the row's refusal), body (415 / 400), handler. Every
// answer is a 2xx, 3xx or 4xx: an unexpected throw is reported through onInternalError and answered 400,
// never 5xx (issue 3, Robust and safe).

export interface DispatchOptions {
  world: World;
  router: Router;
  bodyLimitBytes: number;
  onInternalError: (error: unknown) => void;
}

// Stryker disable next-line Regex: Other resources: "AppWebhookUpsert … Fields of these: not shown" (a Location echoes a configured callback URL; which URLs a configuration takes is not shown)
const ALLOWED_HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

function splitTarget(url: string): { path: string; rawQuery: string } {
  let target = url;
  // Absolute-form request targets (RFC 9112 section 3.2.2) carry the path after the authority.
  // Stryker disable next-line BlockStatement,BooleanLiteral,ConditionalExpression,LogicalOperator,MethodExpression,StringLiteral: not governed by the spec: the request-target's form (RFC 9112 section 3.2: the absolute form is for proxies), which the run's client sends in origin form
  if (!target.startsWith('/') && URL.canParse(target)) {
    const parsed = new URL(target);
    target = parsed.pathname + parsed.search;
  }
  const q = target.indexOf('?');
  // Stryker disable next-line EqualityOperator,StringLiteral: Endpoints: each row lists its query parameters (what a server does with a parameter no row lists is not shown)
  return q < 0 ? { path: target, rawQuery: '' } : { path: target.slice(0, q), rawQuery: target.slice(q + 1) };
}

function refuse(route: Route, status: number, instance: string, errors: Record<string, string[]>): Reply {
  // Stryker disable next-line ConditionalExpression: Errors: "404 | … (no body defined)" (a body on a 404 is not defined, nor forbidden: issue 28 §3)
  if (status === 404) return empty(404);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: Errors: "Detail | string | human-readable explanation" (its words are not shown)
  const detail = status === 403 ? 'the request names no agency the app has permission over' : 'one or more parameters are not valid; see Errors';
  // Stryker disable next-line StringLiteral: Errors: "Detail | string | human-readable explanation" (its words are not shown)
  return problem(status, { instance, errors, detail: `${route.method} ${route.path}: ${detail}` });
}

function answer(o: DispatchOptions, req: IncomingMessage, bytes: Buffer | undefined): Reply {
  // Stryker disable next-line StringLiteral: not governed by the spec: Node's HTTP server always gives a request its URL
  const { path, rawQuery } = splitTarget(req.url ?? '/');
  // Stryker disable next-line StringLiteral: not governed by the spec: Node's HTTP server always gives a request its method
  const method = req.method ?? 'GET';
  const match = o.router.match(method, path);
  if (match.kind === 'unknown') return empty(404);
  if (match.kind === 'wrong-method') {
    // Stryker disable next-line StringLiteral: Endpoints: "Any further paths, methods or response codes after this point in the interface: not shown." (405 and its Allow)
    const allow = match.allow.join(', ');
    // Stryker disable next-line ObjectLiteral,StringLiteral: Endpoints: "Any further paths, methods or response codes after this point in the interface: not shown." (405 and its Allow)
    return problem(405, { instance: path, detail: `${method} is not defined on this path; use ${allow}`, headers: { Allow: allow } });
  }
  const { world } = o;
  const { route } = match;
  const query = new URLSearchParams(rawQuery);
  const app = authenticate(req.headers, query, world.choices.apps);
  if (!app) {
    // Stryker disable next-line ObjectLiteral: Errors: "Responses for authentication failure, throttling and server failure: not shown."
    const headers = { 'WWW-Authenticate': challenge(world.choices.apps) };
    // Stryker disable next-line StringLiteral: Errors: "Responses for authentication failure, throttling and server failure: not shown."
    return problem(401, { instance: path, detail: 'missing or unknown app credentials', headers });
  }
  for (const name of credentialParams(world.choices.apps)) query.delete(name);
  let form: Ctx['form'];
  if (route.forms) {
    const header = (name: string) => {
      const v = req.headers[name.toLowerCase()];
      // Stryker disable next-line StringLiteral: not governed by the spec: Node joins a repeated request header but Set-Cookie, so no media-type header is an array
      return Array.isArray(v) ? v.join(', ') : v;
    };
    form = negotiate(world.choices.profile.mediaTypeSelection, route.forms, header, query);
    // Stryker disable next-line BlockStatement: Endpoints > Consultas: "How a caller chooses among the media types of a response (for example by an Accept header): not shown." (answering an unlisted Accept with the full form)
    if (!form) {
      // Stryker disable next-line ArrowFunction,StringLiteral: Endpoints > Consultas: "How a caller chooses among the media types of a response (for example by an Accept header): not shown." (the 406 and its words)
      const offered = route.forms.map((f) => MEDIA_TYPES[f]).join(', ');
      // Stryker disable next-line StringLiteral: Endpoints > Consultas: "How a caller chooses among the media types of a response (for example by an Accept header): not shown." (the 406 and its words)
      return problem(406, { instance: path, detail: `this endpoint offers ${offered}` });
    }
  }
  const check = checkParams(route.params, match.path, query, world.today());
  if (Object.keys(check.errors).length > 0) {
    return refuse(route, check.pathFailed ? route.refusal.path : route.refusal.query, path, check.errors);
  }
  let body: unknown;
  if (route.takesBody) {
    const parsed = parseJsonBody(bytes ?? Buffer.alloc(0), req.headers['content-type']);
    if (!parsed.ok) return problem(parsed.status, { instance: path, detail: parsed.message, errors: entryLevel(parsed.message) });
    body = parsed.value;
  }
  const reply = route.handler({ world, app, route, values: check.values, query, headers: req.headers, instance: path, form, body });
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,ObjectLiteral,StringLiteral: States and transitions: "GET or OPTIONS returns the state of the invitation" (which answers carry an Allow header is not shown)
  if (route.method === 'OPTIONS' && reply.status < 300) reply.headers = { ...reply.headers, Allow: o.router.allowed(route).join(', ') };
  return reply;
}

// Stryker disable next-line BooleanLiteral: not governed by the spec: connection management (RFC 9112 section 9), which changes no answer
function send(res: ServerResponse, reply: Reply, close = false): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers ?? {})) {
    // A Location echoing a configured callback URL must still be a legal header value.
    headers[name] = ALLOWED_HEADER_VALUE.test(value) ? value : encodeURI(value);
  }
  // Encoded once: measuring the UTF-8 length of a large string and then encoding it costs twice (bench/).
  const bytes = reply.body === undefined ? undefined : Buffer.from(reply.body, 'utf8');
  if (bytes !== undefined) {
    headers['Content-Type'] = reply.contentType ?? MEDIA_TYPES.json;
    headers['Content-Length'] = String(bytes.length);
  }
  // Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator,LogicalOperator: not governed by the spec: HTTP/1.1 message framing (an empty body's Content-Length, RFC 9112 section 6), which the client reads either way
  if (bytes === undefined && reply.status !== 204 && reply.status !== 304) {
    headers['Content-Length'] = '0';
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral: not governed by the spec: connection management (RFC 9112 section 9), which changes no answer
  if (close) headers.Connection = 'close';
  res.writeHead(reply.status, headers);
  res.end(bytes);
}

export function requestListener(o: DispatchOptions): (req: IncomingMessage, res: ServerResponse) => void {
  // Stryker disable next-line BlockStatement: not governed by the spec: the server's guard against its own faults, which none of its answers reaches (no handler throws: the false-positive runs assert it)
  const fail = (res: ServerResponse, req: IncomingMessage, error: unknown) => {
    o.onInternalError(error);
    // Stryker disable next-line BlockStatement,ConditionalExpression: not governed by the spec: the server's guard against its own faults, which none of its answers reaches (no handler throws: the false-positive runs assert it)
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // Stryker disable next-line StringLiteral: not governed by the spec: the server's guard against its own faults, which none of its answers reaches (no handler throws: the false-positive runs assert it)
    const { path } = splitTarget(req.url ?? '/');
    // Stryker disable next-line StringLiteral: not governed by the spec: the server's guard against its own faults, which none of its answers reaches (no handler throws: the false-positive runs assert it)
    send(res, problem(400, { instance: path, detail: 'the request could not be processed', errors: entryLevel('the request could not be processed') }));
  };
  const respond = (req: IncomingMessage, res: ServerResponse, bytes: Buffer | undefined) => {
    // No comment leads a catch clause: the guard's block is disabled up to the restore below, the answering block
    // (on the try's line) restored.
    // Stryker disable BlockStatement: not governed by the spec: the server's guard against its own faults, which none of its answers reaches (no handler throws: the false-positive runs assert it)
    // Stryker restore next-line BlockStatement
    try {
      send(res, answer(o, req, bytes));
    } catch (error) {
      fail(res, req, error);
    }
  };
  // Stryker restore BlockStatement
  return (req, res) => {
    // Stryker disable next-line BlockStatement,ConditionalExpression: not governed by the spec: HTTP/1.1 message framing (a request without a body is read as an empty one either way)
    if (!hasBody(req)) {
      respond(req, res, undefined);
      return;
    }
    const answered = readBody(req, o.bodyLimitBytes).then((read) => {
      if (read.kind === 'aborted') return;
      if (read.kind === 'ok') return respond(req, res, read.bytes);
      // Stryker disable next-line StringLiteral: Limits: "Rate limits, quotas … : not shown" (no limit on a request body's size is stated, so this server's cap is its own)
      const { path } = splitTarget(req.url ?? '/');
      // Stryker disable next-line StringLiteral: Limits: "Rate limits, quotas … : not shown" (no limit on a request body's size is stated, so this server's cap is its own)
      const detail = `the request body exceeds ${o.bodyLimitBytes} bytes`;
      // Far past the cap the connection is closed after the answer rather than drained any further.
      send(res, problem(413, { instance: path, detail, errors: entryLevel(detail) }), read.abandon);
    });
    // Stryker disable next-line ArrowFunction: not governed by the spec: the server's guard against its own faults, which none of its answers reaches (reading a body never rejects)
    answered.catch((error: unknown) => fail(res, req, error));
  };
}
