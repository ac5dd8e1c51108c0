import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent, request, type Dispatcher } from 'undici';
import { listenLocal, readBody } from '../../support/local-http.ts';

// A hostile or differently-built target made from a good one: every request is forwarded to `upstream`, and the
// hooks may answer in its place, hold the answer back (for ever, or until released), or rewrite what comes back.

export interface ProxiedRequest {
  method: string;
  /** Path and query, as received. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxyHooks {
  /** Answer in the upstream's place ('hang': never answer), or undefined to forward. */
  request?(req: ProxiedRequest): ProxiedResponse | 'hang' | undefined;
  /** Hold the request back, not forwarded, until the promise settles (undefined: forward at once). */
  holdUntil?(req: ProxiedRequest): Promise<unknown> | undefined;
  /** How long to hold back the upstream's answer (ms) once it has arrived. */
  delayMs?(req: ProxiedRequest): number;
  /** Rewrite the upstream's answer. */
  response?(req: ProxiedRequest, res: ProxiedResponse): ProxiedResponse | Promise<ProxiedResponse>;
}

export interface RunningProxy {
  url: string;
  /** Every request received, in order. */
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export async function startProxy(upstream: string, hooks: ProxyHooks = {}): Promise<RunningProxy> {
  const agent = new Agent({ connections: 32 });
  const requests: ProxiedRequest[] = [];
  const server = createServer((incoming, out) => {
    handle(incoming, out).catch((error: Error) => {
      if (!out.headersSent) out.writeHead(502, { 'content-type': 'text/plain' });
      out.end(`proxy: ${error.message}`);
    });
  });
  const handle = async (incoming: IncomingMessage, out: ServerResponse): Promise<void> => {
    const req: ProxiedRequest = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', headers: incoming.headers, body: await readBody(incoming) };
    requests.push(req);
    const own = hooks.request?.(req);
    if (own === 'hang') return;
    let res = own;
    if (!res) {
      await hooks.holdUntil?.(req);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k))) as Record<string, string>;
      const up = await request(`${upstream}${req.path}`, {
        method: req.method as Dispatcher.HttpMethod,
        headers,
        ...(req.body.length > 0 ? { body: req.body } : {}),
        dispatcher: agent,
      });
      const body = Buffer.from(await up.body.arrayBuffer());
      const upHeaders = Object.fromEntries(
        Object.entries(up.headers)
          .filter(([k]) => !HOP_BY_HOP.has(k))
          .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
      );
      res = { status: up.statusCode, headers: upHeaders, body };
      if (hooks.response) res = await hooks.response(req, res);
      const delay = hooks.delayMs?.(req) ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    }
    out.writeHead(res.status, { ...res.headers, 'content-length': String(res.body.length) });
    out.end(res.body);
  };
  const url = await listenLocal(server);
  return {
    url,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await agent.close();
    },
  };
}

/** A JSON body rewritten by fn, or the body as it was when it is not JSON. */
export function rewriteJson(body: Buffer, fn: (json: unknown) => unknown): Buffer {
  try {
    return Buffer.from(JSON.stringify(fn(JSON.parse(body.toString('utf8')))));
  } catch {
    return body;
  }
}

/**
 * A proxy in front of `upstream` that tells when the request `isTakeover` picks (a command pointing a user's
 * webhook topic elsewhere) arrives, and holds back the upstream's answer to it for `holdMs`: a signal sent then
 * comes while the change is in effect.
 */
export async function startTakeoverProxy(
  upstream: string,
  isTakeover: (req: ProxiedRequest) => boolean,
  holdMs = 1_500,
): Promise<{ proxy: RunningProxy; takenOver: Promise<void> }> {
  let signalled: () => void = () => undefined;
  const takenOver = new Promise<void>((resolve) => (signalled = resolve));
  const proxy = await startProxy(upstream, {
    request(req) {
      if (isTakeover(req)) signalled();
      return undefined;
    },
    delayMs: (req) => (isTakeover(req) ? holdMs : 0),
  });
  return { proxy, takenOver };
}
