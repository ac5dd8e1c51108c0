import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A deliberately broken target for the CLI's end-to-end tests: enough of the API for the reachability check
// and discovery (GET /v3/agencias, GET /v3/consultas/{adminMail}), and a home document that breaks one
// rule of Endpoints > Home — a conditional GET /v3 answers 400 instead of 304, though the home row lists
// only 304 besides 200. Every request must carry one of the accepted Authorization values, so a replay
// that forgets to re-apply credentials gets 401.

export interface BrokenServer {
  url: string;
  /** Requests seen, as "METHOD /path", for assertions. */
  requests: string[];
  close(): Promise<void>;
}

export const BROKEN_AGENCY = 'dealer@example.test';
const ETAG = '"home-v1"';

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
  res.end(text);
}

/** Discovery judges the forms it reads: the reference form labelled as such, the inquiry page with its envelope. */
const REF = 'application/vnd.service.ref+json';
const inForm = (req: IncomingMessage): Record<string, string> => (req.headers.accept === REF ? { 'content-type': REF } : {});
const EMPTY_PAGE = { Desde: '2026-01-01T00:00:00+00:00', Hasta: '2026-03-31T23:59:59+00:00', Pagina: 1, Total: 0, PerPagina: 100, _links: {}, _entries: [] };

function handle(req: IncomingMessage, res: ServerResponse, tokens: readonly string[]): void {
  if (!tokens.includes(req.headers.authorization ?? '')) return send(res, 401);
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (req.method === 'GET' && path === '/v3') {
    if (req.headers['if-none-match'] !== undefined) return send(res, 400, { title: 'conditional requests are not supported' });
    return send(res, 200, { _links: { self: { href: '/v3' }, agencias: { href: '/v3/agencias' } } }, { etag: ETAG });
  }
  if (req.method === 'GET' && path === '/v3/agencias') {
    return send(res, 200, [{ href: `/v3/agencias/${encodeURIComponent(BROKEN_AGENCY)}`, title: 'Dealer' }], inForm(req));
  }
  if (req.method === 'GET' && path === `/v3/consultas/${encodeURIComponent(BROKEN_AGENCY)}`) return send(res, 200, EMPTY_PAGE, inForm(req));
  send(res, 404);
}

/** Starts the broken target on an ephemeral loopback port; `tokens` are the accepted Authorization values. */
export async function startBrokenServer(tokens: readonly string[]): Promise<BrokenServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handle(req, res, tokens);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
