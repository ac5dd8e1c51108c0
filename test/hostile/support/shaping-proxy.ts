import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { flatHeaders, listenLocal, readBody } from '../../support/local-http.ts';

// A proxy in front of a healthy target that shapes its answers the way a hostile or degraded one would: late
// (every answer held back), rewritten (a header removed), or replaced outright (the test answers itself). The
// shaping is mutable, so a test can break and mend the target between two commands.

export interface Shaping {
  /** Holds every answer back this long. */
  delayMs?: number;
  /** Holds every answer back until this settles (then delayMs more, if set). */
  hold?: Promise<unknown>;
  /** Rewrites the upstream answer's headers (lower-case names). */
  headers?: (req: IncomingMessage, headers: Record<string, string>) => Record<string, string>;
  /** Answers the request itself instead of forwarding it; returns true when it did. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export interface ShapingProxy {
  url: string;
  shaping: Shaping;
  /** Requests forwarded or intercepted, as "METHOD /path". */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startShapingProxy(upstream: string, shaping: Shaping = {}): Promise<ShapingProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const target = new URL(upstream);
  const requests: string[] = [];
  const proxy: Omit<ShapingProxy, 'url' | 'close'> = { shaping, requests };
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (proxy.shaping.intercept?.(req, res)) return;
    void readBody(req).then((body) => {
      const out = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          agent,
          headers: { ...flatHeaders(req.headers), 'content-length': String(body.length) },
        },
        (answer) => {
          void readBody(answer).then((bytes) => {
            const send = () => {
              if (res.destroyed) return;
              const headers = proxy.shaping.headers ? proxy.shaping.headers(req, flatHeaders(answer.headers)) : flatHeaders(answer.headers);
              res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(bytes.length) });
              res.end(bytes);
            };
            const delayed = () => {
              const delay = proxy.shaping.delayMs ?? 0;
              if (delay > 0) setTimeout(send, delay);
              else send();
            };
            if (proxy.shaping.hold) void proxy.shaping.hold.finally(delayed);
            else delayed();
          });
        },
      );
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  const url = await listenLocal(server);
  return Object.assign(proxy as ShapingProxy, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
