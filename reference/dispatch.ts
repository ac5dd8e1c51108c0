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

const ALLOWED_HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

function splitTarget(url: string): { path: string; rawQuery: string } {
  let target = url;
  // Absolute-form request targets (RFC 9112 section 3.2.2) carry the path after the authority.
  if (!target.startsWith('/') && URL.canParse(target)) {
    const parsed = new URL(target);
    target = parsed.pathname + parsed.search;
  }
  const q = target.indexOf('?');
  return q < 0 ? { path: target, rawQuery: '' } : { path: target.slice(0, q), rawQuery: target.slice(q + 1) };
}

function refuse(route: Route, status: number, instance: string, errors: Record<string, string[]>): Reply {
  if (status === 404) return empty(404);
  const detail = status === 403 ? 'the request names no agency the app has permission over' : 'one or more parameters are not valid; see Errors';
  return problem(status, { instance, errors, detail: `${route.method} ${route.path}: ${detail}` });
}

function answer(o: DispatchOptions, req: IncomingMessage, bytes: Buffer | undefined): Reply {
  const { path, rawQuery } = splitTarget(req.url ?? '/');
  const method = req.method ?? 'GET';
  const match = o.router.match(method, path);
  if (match.kind === 'unknown') return empty(404);
  if (match.kind === 'wrong-method') {
    const allow = match.allow.join(', ');
    return problem(405, { instance: path, detail: `${method} is not defined on this path; use ${allow}`, headers: { Allow: allow } });
  }
  const { world } = o;
  const { route } = match;
  const query = new URLSearchParams(rawQuery);
  const app = authenticate(req.headers, query, world.choices.apps);
  if (!app) {
    const headers = { 'WWW-Authenticate': challenge(world.choices.apps) };
    return problem(401, { instance: path, detail: 'missing or unknown app credentials', headers });
  }
  for (const name of credentialParams(world.choices.apps)) query.delete(name);
  let form: Ctx['form'];
  if (route.forms) {
    const header = (name: string) => {
      const v = req.headers[name.toLowerCase()];
      return Array.isArray(v) ? v.join(', ') : v;
    };
    form = negotiate(world.choices.profile.mediaTypeSelection, route.forms, header, query);
    if (!form) {
      const offered = route.forms.map((f) => MEDIA_TYPES[f]).join(', ');
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
  if (route.method === 'OPTIONS' && reply.status < 300) reply.headers = { ...reply.headers, Allow: o.router.allowed(route).join(', ') };
  return reply;
}

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
  } else if (reply.status !== 204 && reply.status !== 304) {
    headers['Content-Length'] = '0';
  }
  if (close) headers.Connection = 'close';
  res.writeHead(reply.status, headers);
  res.end(bytes);
}

export function requestListener(o: DispatchOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const fail = (res: ServerResponse, req: IncomingMessage, error: unknown) => {
    o.onInternalError(error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const { path } = splitTarget(req.url ?? '/');
    send(res, problem(400, { instance: path, detail: 'the request could not be processed', errors: entryLevel('the request could not be processed') }));
  };
  const respond = (req: IncomingMessage, res: ServerResponse, bytes: Buffer | undefined) => {
    try {
      send(res, answer(o, req, bytes));
    } catch (error) {
      fail(res, req, error);
    }
  };
  return (req, res) => {
    if (!hasBody(req)) {
      respond(req, res, undefined);
      return;
    }
    readBody(req, o.bodyLimitBytes)
      .then((read) => {
        if (read.kind === 'aborted') return;
        if (read.kind === 'ok') return respond(req, res, read.bytes);
        const { path } = splitTarget(req.url ?? '/');
        const detail = `the request body exceeds ${o.bodyLimitBytes} bytes`;
        // Far past the cap the connection is closed after the answer rather than drained any further.
        send(res, problem(413, { instance: path, detail, errors: entryLevel(detail) }), read.abandon);
      })
      .catch((error: unknown) => fail(res, req, error));
  };
}
