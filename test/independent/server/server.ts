// The independent server: node:http, the route table, credentials in X-Partner-Credential (a variant may
// name another header, or a query parameter). Options are the gap choices a variant changes (variants.ts).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, ServerConfig, Topics } from './context.ts';
import type { DefaultForm, MediaSelection } from './media.ts';
import { createDeliverer, type SignatureScheme } from './delivery.ts';
import { writeReply } from './http-io.ts';
import { Bare, Forbidden, forbiddenProblem, notFoundProblem, ValidationFailure, validationProblem, type Reply } from './reply.ts';
import { matchPattern, routesFor, type Route } from './routes.ts';
import { seedStore, type Credentials } from './seed.ts';
import type { Store } from './store.ts';

export interface IndependentOptions {
  port?: number;
  host?: string;
  credentials?: Partial<Credentials>;
  timeZone?: string;
  pageSize?: number;
  resendMaxAgeDays?: number;
  now?: () => Date;
  /** Request header whose whole value is the app's credential. */
  credentialHeader?: string;
  /** A query parameter carrying the app's credential instead of a header. */
  credentialQuery?: string;
  media?: MediaSelection;
  defaultForm?: DefaultForm;
  conditionalHeader?: string;
  notFoundBody?: boolean;
  topics?: Topics;
  absoluteLocations?: boolean;
  listPending?: boolean;
  newestFirst?: boolean;
  defaultDays?: number;
  listShape?: 'array' | 'object';
  weakEtag?: boolean;
  signature?: SignatureScheme;
  strictQuery?: boolean;
  hooksBase?: string;
  makeKeys?: ServerConfig['makeKeys'];
  webhookUpsert?: ServerConfig['webhookUpsert'];
  consultaPayload?: ServerConfig['consultaPayload'];
  /** Told of every error that reached the catch-all (serve.ts prints them). */
  onInternalError?: (error: unknown) => void;
}

export interface RunningServer {
  url: string;
  store: Store;
  /** What reached the catch-all (answered 500): a correct server's list stays empty. */
  internalErrors: unknown[];
  close: () => Promise<void>;
}

export const DEFAULT_CREDENTIALS: Credentials = {
  primary: 'indep-primaria-7c1f0a9e55d2',
  other: 'indep-secundaria-3b8e4d0c91aa',
  empty: 'indep-vacia-0f5a6b2c7d83',
};

function toReply(error: unknown, path: string, config: ServerConfig): Reply {
  if (error instanceof ValidationFailure) return validationProblem(error, path, randomUUID());
  if (error instanceof Forbidden) return forbiddenProblem(error, path);
  if (error instanceof Bare) return error.status === 404 && config.notFoundBody ? notFoundProblem(path) : { status: error.status };
  throw error;
}

/** A strict variant: a parameter the row does not document, or one given twice, is a validation failure. */
function refuseUndocumented(query: URLSearchParams, documented: readonly string[] | undefined, config: ServerConfig): void {
  if (documented === undefined) return;
  const known = new Set([...documented, ...('query' in config.media ? [config.media.query] : [])]);
  const errors: Record<string, string[]> = {};
  for (const name of new Set(query.keys())) {
    if (!known.has(name)) errors[name] = [`parámetro no documentado: ${name}`];
    else if (query.getAll(name).length > 1) errors[name] = [`${name} aparece más de una vez`];
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailure(errors);
}

interface Wiring {
  store: Store;
  config: ServerConfig;
  deliver: Context['deliver'];
  credentialHeader: string;
  credentialQuery?: string;
  routes: readonly Route[];
}

async function handle(req: IncomingMessage, res: ServerResponse, { store, config, deliver, credentialHeader, credentialQuery, routes }: Wiring): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://placeholder');
  // A credential in the query is the caller's, not a parameter of the row: the handlers never see it.
  const credential = credentialQuery !== undefined ? url.searchParams.get(credentialQuery) : req.headers[credentialHeader];
  if (credentialQuery !== undefined) url.searchParams.delete(credentialQuery);
  const app = typeof credential === 'string' ? store.appByCredential(credential) : undefined;
  if (!app) {
    req.resume();
    writeReply(res, { status: 401, headers: { 'WWW-Authenticate': 'PartnerCredential realm="v3"' } });
    return;
  }
  const candidates = routes.flatMap((route) => {
    const params = matchPattern(route.pattern, url.pathname);
    return params ? [{ route, params }] : [];
  });
  const chosen = candidates.find((each) => each.route.method === req.method);
  if (!chosen) {
    req.resume();
    const allow = [...new Set(candidates.map((each) => each.route.method))].join(', ');
    writeReply(res, candidates.length === 0 ? { status: 404 } : { status: 405, headers: { Allow: allow } });
    return;
  }
  const ctx: Context = {
    req,
    path: url.pathname,
    query: url.searchParams,
    params: chosen.params,
    app,
    store,
    config,
    origin: `http://${req.headers.host ?? '127.0.0.1'}`,
    deliver,
  };
  let reply: Reply;
  try {
    if (config.strictQuery) refuseUndocumented(url.searchParams, chosen.route.query, config);
    reply = await chosen.route.handle(ctx);
  } catch (error) {
    reply = toReply(error, url.pathname, config);
  }
  if (!req.readableEnded) req.resume();
  writeReply(res, reply);
}

export async function startIndependentServer(options: IndependentOptions = {}): Promise<RunningServer> {
  const now = options.now ?? (() => new Date());
  const config: ServerConfig = {
    timeZone: options.timeZone ?? 'America/Argentina/Buenos_Aires',
    pageSize: options.pageSize ?? 20,
    resendMaxAgeDays: options.resendMaxAgeDays ?? 30,
    now,
    media: options.media ?? { query: 'formato' },
    defaultForm: options.defaultForm ?? 'text',
    conditionalHeader: options.conditionalHeader ?? 'If-None-Match',
    notFoundBody: options.notFoundBody ?? false,
    topics: options.topics ?? { inquiry: 'lead-recibido', registration: 'alta-agencia' },
    absoluteLocations: options.absoluteLocations ?? true,
    listPending: options.listPending ?? false,
    newestFirst: options.newestFirst ?? false,
    defaultDays: options.defaultDays ?? 30,
    listShape: options.listShape ?? 'array',
    weakEtag: options.weakEtag ?? true,
    strictQuery: options.strictQuery ?? false,
    hooksBase: options.hooksBase ?? '/_sim',
    makeKeys: options.makeKeys ?? 'clave',
    webhookUpsert: options.webhookUpsert ?? 'secreto',
    consultaPayload: options.consultaPayload ?? 'datos',
  };
  const store = seedStore({ ...DEFAULT_CREDENTIALS, ...options.credentials }, config.topics, now());
  const pending = new Set<Promise<void>>();
  const deliver = createDeliverer(pending, options.signature ?? 'hmac');
  const wiring: Wiring = {
    store,
    config,
    deliver,
    credentialHeader: (options.credentialHeader ?? 'X-Partner-Credential').toLowerCase(),
    ...(options.credentialQuery !== undefined ? { credentialQuery: options.credentialQuery } : {}),
    routes: routesFor(config.hooksBase),
  };
  const internalErrors: unknown[] = [];
  const server: Server = createServer((req, res) => {
    handle(req, res, wiring).catch((error: unknown) => {
      internalErrors.push(error);
      options.onInternalError?.(error);
      if (!res.headersSent) writeReply(res, { status: 500 });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    store,
    internalErrors,
    close: async () => {
      await Promise.allSettled([...pending]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
