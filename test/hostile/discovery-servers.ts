import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { MEDIA_TYPES } from '../../models/index.ts';
import { SECRETS } from '../cli/run-support.ts';
import { listenLocal } from '../support/local-http.ts';
import { CONSULTA, CONSULTA_PAGE, CONSULTA_REF_PAGE } from '../models/support/fixtures.ts';

// Small local targets that answer discovery wrongly, one fault each (issue 12 §5, issue 13 item 10). Around
// the fault they serve a conforming slice of the API: one agency of the primary app (app other sees none),
// which lists one inquiry, in the media form the Accept header asks for.

export const AGENCY = 'admin@agencia-norte.example.test';
export const SID = '0123456789abcdefghij';
/** An invitation the primary app made that was not completed yet (pendingListed). */
const PENDING = 'zz-invitada@agencia-sur.example.test';
const AGENCY_PATH = `/v3/agencias/${encodeURIComponent(AGENCY)}`;
const INQUIRIES_PATH = `/v3/consultas/${encodeURIComponent(AGENCY)}`;

export interface Answer {
  status: number;
  type?: string;
  body?: string;
}

/** The primary app's credentials (test/cli/run-support.ts's profile): any other app sees no agency. */
const PRIMARY = SECRETS.VMP_TEST_PRIMARY;

/** What a conforming server answers on the slice's paths, or undefined elsewhere. */
export function conforming(req: IncomingMessage, path: string): Answer | undefined {
  const accept = req.headers.accept;
  const ref = accept === MEDIA_TYPES.ref;
  const type = accept && Object.values(MEDIA_TYPES).includes(accept as never) ? accept : MEDIA_TYPES.json;
  if (req.headers.authorization !== PRIMARY) return path === '/v3/agencias' ? { status: 200, type, body: '[]' } : undefined;
  const agencia = { AdminMail: AGENCY, RazonSocial: 'Agencia Norte', _links: { self: { href: AGENCY_PATH } } };
  const bodies: Record<string, unknown> = {
    '/v3/agencias': ref ? [{ href: AGENCY_PATH, title: 'Agencia Norte' }] : [agencia],
    [AGENCY_PATH]: ref ? { href: AGENCY_PATH, title: 'Agencia Norte' } : agencia,
    [INQUIRIES_PATH]: ref ? CONSULTA_REF_PAGE : CONSULTA_PAGE,
    [`${INQUIRIES_PATH}/${SID}`]: ref ? CONSULTA_REF_PAGE._entries[0] : CONSULTA,
  };
  return path in bodies ? { status: 200, type, body: JSON.stringify(bodies[path]) } : undefined;
}

/** Answers a request: `fault` first (undefined: not its business), then the conforming slice, then 404. */
export type Fault = (req: IncomingMessage, res: ServerResponse, path: string) => Answer | 'handled' | undefined;

export interface HostileServer {
  url: string;
  /** Requests seen, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
}

export async function startHostile(fault: Fault): Promise<HostileServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const got = fault(req, res, path);
    if (got === 'handled') return;
    const answer = got ?? conforming(req, path) ?? { status: 404 };
    res.writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {});
    res.end(answer.body);
  });
  const url = await listenLocal(server);
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const HTML = '<!DOCTYPE HTML>\n<html><head><title>Directory listing for /</title></head><body><h1>Directory listing for /</h1><hr></body></html>\n';
const isList = (req: IncomingMessage, path: string) => req.method === 'GET' && path === '/v3/agencias';
const asksRef = (req: IncomingMessage) => req.headers.accept === MEDIA_TYPES.ref;

/** One fault per case, by name. */
export const FAULTS = {
  /** A foreign server such as `python3 -m http.server`: every path is 200 text/html. */
  foreign: () => ({ status: 200, type: 'text/html; charset=utf-8', body: HTML }),
  /** Nothing of the API: 404 everywhere (http.server in an empty directory). */
  notFound: () => ({ status: 404, type: 'text/html; charset=utf-8', body: '<h1>Error response</h1><p>Error code: 404</p>' }),
  /** The inquiry list answers 503 with a problem body. */
  inquiries5xx: (req, _res, path) =>
    req.method === 'GET' && path === INQUIRIES_PATH
      ? { status: 503, type: 'application/problem+json', body: '{"Title":"database unavailable","Status":503}' }
      : undefined,
  /** The agency list's reference form declares 400 bytes, sends 30 and closes the connection. */
  truncatedRef: (req, res, path) => {
    if (!isList(req, path) || !asksRef(req)) return undefined;
    res.writeHead(200, { 'content-type': MEDIA_TYPES.ref, 'content-length': '400' });
    res.write(`[{"href":"${AGENCY_PATH.slice(0, 20)}`);
    setTimeout(() => res.socket?.destroy(), 20);
    return 'handled';
  },
  /** The agency list's reference form holds entries without href. */
  refWithoutHref: (req, _res, path) =>
    isList(req, path) && asksRef(req) ? { status: 200, type: MEDIA_TYPES.ref, body: '[{"title":"Agencia Norte"}]' } : undefined,
  /** The agency list is empty (a conforming answer: the spec does not promise the app any agency). */
  noAgencies: (req, _res, path) => (isList(req, path) ? { status: 200, type: req.headers.accept ?? MEDIA_TYPES.json, body: '[]' } : undefined),
  /**
   * Conforming too: the agency list shows a pending invitation first (Agencia's fields and what a list holds are
   * not shown); it is no agency of the app yet, so its inquiry list answers 404 ("agency does not exist for the app").
   */
  pendingListed: (req, _res, path) => {
    const answer = isList(req, path) ? conforming(req, path) : undefined;
    if (!answer || req.headers.authorization !== PRIMARY) return undefined;
    const href = `/v3/agencias/${encodeURIComponent(PENDING)}`;
    const entry = asksRef(req) ? { href, title: 'Invitada' } : { AdminMail: PENDING, _links: { self: { href } } };
    return { ...answer, body: JSON.stringify([entry, ...(JSON.parse(answer.body!) as unknown[])]) };
  },
  /** The inquiry list's full form is labelled text/html. */
  inquiriesFullMislabelled: (req, _res, path) => {
    if (req.method !== 'GET' || path !== INQUIRIES_PATH || asksRef(req)) return undefined;
    return { status: 200, type: 'text/html', body: JSON.stringify(CONSULTA_PAGE) };
  },
  /** The inquiry list's reference form is a 500. */
  inquiriesRef500: (req, _res, path) => (req.method === 'GET' && path === INQUIRIES_PATH && asksRef(req) ? { status: 500 } : undefined),
  /** Every request: 401 (the profile's credentials are not these). */
  rejects: () => ({ status: 401 }),
  /** Accepts the connection and never answers. */
  silent: () => 'handled' as const,
} satisfies Record<string, Fault>;
