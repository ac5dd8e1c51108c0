import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A gateway in front of a target, as a staging has one (issue 27 item 5): it forwards each request unless its
// behaviour says otherwise for the n-th one: answer it itself (a throttle's 429, a deploy's 503, both with
// Retry-After and a plain-text body, as gateways send them) or drop the connection without answering. It counts
// what it did, for the tests to say how much of the run the network took.

export type GatewayAction = 'forward' | 'drop' | { status: number; retryAfter?: string };

/** Decides request n (from 1) at time `at` (ms since the gateway started). */
export type GatewayBehaviour = (n: number, at: number, req: IncomingMessage) => GatewayAction;

export interface Gateway {
  url: string;
  /** What it did, by action: forwarded, dropped, or the status it answered itself. */
  counts: Record<string, number>;
  close(): Promise<void>;
}

function forward(upstream: URL, req: IncomingMessage, res: ServerResponse): void {
  const out = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => res.destroy());
  req.pipe(out);
}

export async function startGateway(upstream: string, behaviour: GatewayBehaviour): Promise<Gateway> {
  const started = Date.now();
  const counts: Record<string, number> = {};
  let n = 0;
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const action = behaviour(++n, Date.now() - started, req);
    const key = typeof action === 'string' ? action : String(action.status);
    counts[key] = (counts[key] ?? 0) + 1;
    if (action === 'forward') return forward(target, req, res);
    if (action === 'drop') return req.socket.destroy();
    req.resume();
    res.writeHead(action.status, { 'content-type': 'text/plain', ...(action.retryAfter !== undefined ? { 'retry-after': action.retryAfter } : {}) });
    res.end(action.status === 429 ? 'Too Many Requests\n' : 'Service Unavailable\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** At most `perSecond` requests in any sliding second are forwarded; the rest get 429 with Retry-After: 1. */
export function throttle(perSecond: number): GatewayBehaviour {
  const recent: number[] = [];
  return (_n, at) => {
    while (recent.length > 0 && recent[0]! <= at - 1_000) recent.shift();
    if (recent.length >= perSecond) return { status: 429, retryAfter: '1' };
    recent.push(at);
    return 'forward';
  };
}

/** Every `every`-th request's connection is dropped without an answer; the rest are forwarded. */
export const dropEvery =
  (every: number): GatewayBehaviour =>
  (n) =>
    n % every === 0 ? 'drop' : 'forward';

/** From request `from` on, for `ms`, every request gets 503 with Retry-After: 1 (a deploy); forwarded otherwise. */
export function burst503(from: number, ms: number): GatewayBehaviour {
  let began: number | undefined;
  return (n, at) => {
    if (n >= from && began === undefined) began = at;
    return began !== undefined && at - began < ms ? { status: 503, retryAfter: '1' } : 'forward';
  };
}
