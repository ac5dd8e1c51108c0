import { Agent, createServer, request, type Server } from 'node:http';
import type { Profile } from '../../sut/profile.ts';
import { flatHeaders, listenLocal, readBody } from '../support/local-http.ts';
import { MutantRequest, MutantResponse } from './exchange.ts';
import type { Delivery, Fault, FaultContext, Hook } from './fault.ts';

// A generic HTTP proxy in front of an unmodified reference server, applying one fault (fault.ts). The
// reference stays free of test hooks: every mutant is a rewrite of what goes in or comes out. For faults
// of webhook delivery, the callback URL of each webhook configuration is replaced by a relay URL on this
// process; the relay hands each delivery to the fault, and responses show the client's own URL again.

export interface MutantProxy {
  url: string;
  /** Exceptions thrown by the fault (a broken mutant, not a broken suite): each answered 599. */
  readonly faultErrors: readonly string[];
  close(): Promise<void>;
}

/**
 * One HTTP exchange with `base`; the answer's body as text. A kept-alive socket the server closed while idle
 * (ECONNRESET on a reused socket, before any answer) is retried once on a fresh one, as Node's docs advise.
 */
function send(
  agent: Agent,
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Buffer | string,
  retry = true,
): Promise<MutantResponse> {
  const data = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const out = request(
      { host: target.hostname, port: target.port, method, path: url, agent, headers: { ...headers, 'content-length': String(data.length) } },
      (res) => {
        void readBody(res).then((bytes) => resolve(new MutantResponse(res.statusCode ?? 0, flatHeaders(res.headers), bytes.toString('utf8'))), reject);
      },
    );
    out.on('error', (error: NodeJS.ErrnoException) => {
      if (retry && out.reusedSocket && error.code === 'ECONNRESET') resolve(send(agent, base, method, url, headers, data, false));
      else reject(error);
    });
    out.end(data);
  });
}

/** The member of the profile's AppWebhookUpsert template that carries the callback URL ("{{url}}"). */
function urlMember(profile: Profile): string | undefined {
  return Object.entries(profile.templates.webhookUpsert).find(([, v]) => v === '{{url}}')?.[0];
}

export async function startMutantProxy(o: { upstream: string; profile: Profile; fault: Fault }): Promise<MutantProxy> {
  const { profile, fault } = o;
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const faultErrors: string[] = [];
  const hooks: Hook[] = [];
  let relayBase = '';
  const relayUrl = (i: number) => `${relayBase}/hook/${i}`;

  const ctx: FaultContext = {
    profile,
    memory: new Map(),
    hooks,
    upstream(method, path, options = {}) {
      const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
      for (const [k, v] of Object.entries(profile.apps[options.app ?? 'primary']?.headers ?? {})) headers[k.toLowerCase()] = v;
      if (options.json !== undefined) headers['content-type'] = 'application/json';
      return send(agent, o.upstream, method, path, headers, options.json === undefined ? '' : JSON.stringify(options.json));
    },
    async forward(d, change = {}) {
      const to = new URL(change.to ?? d.hook.url);
      await send(agent, to.origin, 'POST', `${to.pathname}${to.search}`, d.headers, change.body ?? d.body).catch(() => undefined);
    },
  };

  /** Points the callback URL of a webhook configuration at the relay. */
  const viaRelay = (req: MutantRequest): void => {
    const member = urlMember(profile);
    const json = req.json() as Record<string, unknown> | undefined;
    const url = member !== undefined ? json?.[member] : undefined;
    if (typeof url !== 'string' || !json) return;
    hooks.push({ app: req.app, topic: req.param('topic') ?? '', url });
    json[member!] = relayUrl(hooks.length - 1);
    req.body = JSON.stringify(json);
  };

  /** The client's own callback URLs where the reference shows the relay's (bodies, resendwebhook's Location). */
  const unrelay = (res: MutantResponse): void => {
    if (!relayBase || (!res.body.includes(relayBase) && !res.headers.location?.startsWith(relayBase))) return;
    hooks.forEach((h, i) => {
      res.body = res.body.split(JSON.stringify(relayUrl(i))).join(JSON.stringify(h.url));
      if (res.headers.location === relayUrl(i)) res.headers.location = h.url;
    });
  };

  const proxy = createServer((inReq, out) => {
    void (async () => {
      const req = new MutantRequest(inReq.method ?? 'GET', inReq.url ?? '/', flatHeaders(inReq.headers), await readBody(inReq), profile);
      let res: MutantResponse;
      try {
        if (fault.delivery && (req.endpoint === 'appnotificaciones-post' || req.endpoint === 'appnotificaciones-put')) viaRelay(req);
        const answer = await fault.request?.(req, ctx);
        if (answer) res = answer;
        else {
          // The client's Host goes on, so a server that writes absolute URIs (Location) names the proxy, not itself.
          const host: Record<string, string> = inReq.headers.host ? { host: inReq.headers.host } : {};
          res = await send(agent, o.upstream, req.method, req.url, { ...req.headers, ...host }, req.rawBody);
          unrelay(res);
          await fault.response?.(req, res, ctx);
        }
      } catch (error) {
        faultErrors.push(`${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
        res = new MutantResponse(599, { 'content-type': 'text/plain' }, `mutant fault threw: ${(error as Error).message}`);
      }
      const bodyless = res.status === 204 || res.status === 304 || req.method === 'HEAD';
      if (bodyless && res.bodyAnyway) {
        // node:http drops a 304's body, so it goes past the response onto the socket.
        out.writeHead(res.status, { ...res.headers, 'content-length': String(Buffer.byteLength(res.body)) });
        out.flushHeaders();
        out.socket?.write(res.body);
        out.end();
        return;
      }
      out.writeHead(res.status, { ...res.headers, 'content-length': String(bodyless ? 0 : Buffer.byteLength(res.body)) });
      out.end(bodyless ? undefined : res.body);
    })();
  });

  const relay = createServer((inReq, out) => {
    void (async () => {
      const body = (await readBody(inReq)).toString('utf8');
      const hook = hooks[Number(/^\/hook\/(\d+)$/.exec(inReq.url ?? '')?.[1] ?? -1)];
      out.writeHead(hook ? 200 : 404).end();
      if (!hook || !fault.delivery) return;
      const d: Delivery = { hook, headers: flatHeaders(inReq.headers), body, json: () => JSON.parse(body) as unknown };
      await fault.delivery(d, ctx).catch((error: Error) => faultErrors.push(`delivery to ${hook.url}: ${error.stack ?? error.message}`));
    })();
  });

  const url = await listenLocal(proxy);
  if (fault.delivery) relayBase = await listenLocal(relay);
  const close = (s: Server) =>
    new Promise<void>((resolve) => {
      if (!s.listening) return resolve();
      s.closeAllConnections();
      s.close(() => resolve());
    });
  return {
    url,
    faultErrors,
    close: async () => {
      await Promise.all([close(proxy), close(relay)]);
      agent.destroy();
    },
  };
}
