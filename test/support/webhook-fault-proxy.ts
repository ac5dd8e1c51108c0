import { createServer, type Server, type ServerResponse } from 'node:http';
import { Agent, request, type Dispatcher } from 'undici';
import { listenLocal, readBody } from './local-http.ts';

// A target broken in its webhook deliveries, built in front of a good one: a proxy forwards every API request to
// the real server, but rewrites the callback URL of a webhook configuration (PUT/POST /v3/appnotificaciones/…)
// to a relay on this process; the relay forwards each delivery to the URL the client configured, except for one
// fault — drop, duplicate or misroute the nth delivery, or alter the first resent payload.

export type Fault =
  | { kind: 'drop'; nth: number }
  | { kind: 'duplicate'; nth: number }
  | { kind: 'misroute'; nth: number }
  /** Every delivery, injected or resent, goes to the other app's URL (a routing table keyed by the wrong app). */
  | { kind: 'misroute-all' }
  /** The first delivery of a sid already delivered once (a resend) carries a changed Comentario. */
  | { kind: 'alter-resend' };

export interface FaultyTarget {
  url: string;
  /** The Sid of the delivery the fault hit, once it has. */
  affectedSid(): string | undefined;
  close(): Promise<void>;
}

const CALLBACK = /^https?:\/\/[^/]+\/.*/;

/** Rewrites every callback-looking string of a webhook configuration body to go through the relay. */
function viaRelay(body: Buffer, relay: string): Buffer {
  const rewrite = (v: unknown): unknown => {
    if (typeof v === 'string' && CALLBACK.test(v)) return `${relay}/fwd?to=${encodeURIComponent(v)}`;
    if (Array.isArray(v)) return v.map(rewrite);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x)]));
    return v;
  };
  try {
    return Buffer.from(JSON.stringify(rewrite(JSON.parse(body.toString('utf8')))));
  } catch {
    return body;
  }
}

export async function startFaultyTarget(targetUrl: string, fault: Fault): Promise<FaultyTarget> {
  const agent = new Agent({ connections: 64 });
  let seen = 0;
  let affected: string | undefined;
  const sidsSeen = new Set<string>();

  const forward = async (url: string, headers: Dispatcher.DispatchOptions['headers'], body: Buffer) =>
    request(url, { method: 'POST', headers, body, dispatcher: agent }).then(async (r) => {
      await r.body.dump();
      return r.statusCode;
    });

  const relay = createServer(async (req, res: ServerResponse) => {
    const body = await readBody(req);
    const to = new URL(req.url ?? '/', 'http://relay').searchParams.get('to') ?? '';
    const headers = { 'content-type': 'application/json' };
    const json = JSON.parse(body.toString('utf8')) as { Sid?: string; Consulta?: { Interesado?: { Comentario?: string } } };
    const nth = ++seen;
    const hit = fault.kind === 'misroute-all' || ((fault.kind === 'alter-resend' ? sidsSeen.has(json.Sid ?? '') : nth === fault.nth) && affected === undefined);
    sidsSeen.add(json.Sid ?? '');
    let status = 200;
    if (!hit) status = await forward(to, headers, body);
    else {
      affected = json.Sid;
      if (fault.kind === 'duplicate') status = Math.max(await forward(to, headers, body), await forward(to, headers, body));
      if (fault.kind === 'misroute' || fault.kind === 'misroute-all') status = await forward(to.replace(/\/primary$/, '/other'), headers, body);
      if (fault.kind === 'alter-resend') {
        json.Consulta!.Interesado!.Comentario = 'altered by the relay';
        status = await forward(to, headers, Buffer.from(JSON.stringify(json)));
      }
    }
    res.writeHead(status).end();
  });
  const relayUrl = await listenLocal(relay);

  const proxy = createServer(async (req, res) => {
    let body: Buffer | undefined = await readBody(req);
    if ((req.method === 'PUT' || req.method === 'POST') && req.url?.startsWith('/v3/appnotificaciones/')) body = viaRelay(body, relayUrl);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k))) as Record<
      string,
      string
    >;
    const upstream = await request(`${targetUrl}${req.url}`, {
      method: req.method as Dispatcher.HttpMethod,
      headers,
      body: body.length > 0 ? body : undefined,
      dispatcher: agent,
    });
    const out = Buffer.from(await upstream.body.arrayBuffer());
    const { 'content-length': _l, 'transfer-encoding': _t, connection: _c, 'keep-alive': _k, ...rest } = upstream.headers;
    res.writeHead(upstream.statusCode, rest as Record<string, string>).end(out);
  });
  const url = await listenLocal(proxy);

  const close = (s: Server) =>
    new Promise<void>((resolve) => {
      s.closeAllConnections();
      s.close(() => resolve());
    });
  return {
    url,
    affectedSid: () => affected,
    close: async () => {
      await Promise.all([close(proxy), close(relay)]);
      await agent.close();
    },
  };
}
