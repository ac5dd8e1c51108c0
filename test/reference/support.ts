import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Agent, request, type Dispatcher } from 'undici';
import { MEDIA_TYPES, consultaInput, type ConsultaInput, type MediaForm } from '../../models/index.ts';
import { startReferenceServer, type ReferenceServer, type ReferenceServerOptions } from '../../reference/server.ts';
import type { AppName, Profile } from '../../sut/profile.ts';
import { loadProfile } from '../../sut/profile-load.ts';

// Black-box helpers: a reference server on loopback and an undici client that speaks to it as an app.

export const TODAY = '2025-06-15';
export const PROFILE_FILE = fileURLToPath(new URL('../../profiles/reference.json', import.meta.url));
export const ALT_PROFILE_FILE = fileURLToPath(new URL('../../profiles/reference-alt.json', import.meta.url));

export const PRIMARY_AGENCY = 'admin@autosdelsur.example';
export const OTHER_AGENCY = 'admin@patagoniaautomotores.example';

export interface Res {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
}

export interface Call {
  app?: AppName | null;
  method?: string;
  query?: Record<string, string | number>;
  form?: MediaForm;
  headers?: Record<string, string>;
  json?: unknown;
  body?: string | Buffer;
}

export interface Harness {
  server: ReferenceServer;
  profile: Profile;
  /** `path` is sent as given: percent-encode parameters yourself (or use enc). */
  call(path: string, c?: Call): Promise<Res>;
  close(): Promise<void>;
}

export const enc = encodeURIComponent;

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
}

export async function boot(options: Partial<ReferenceServerOptions> & { profileFile?: string } = {}): Promise<Harness> {
  const profile = options.profile ?? (await loadProfile(options.profileFile ?? PROFILE_FILE));
  const server = await startReferenceServer({ today: TODAY, ...options, profile });
  const agent = new Agent({ keepAliveTimeout: 2_000, connections: 64 });
  const call = async (path: string, c: Call = {}): Promise<Res> => {
    const app = c.app === undefined ? 'primary' : c.app;
    const headers: Record<string, string> = { ...(app ? profile.apps[app]?.headers : {}) };
    const query = new URLSearchParams(Object.entries(c.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]));
    const selection = profile.mediaTypeSelection;
    if (c.form && 'header' in selection) headers[selection.header] = MEDIA_TYPES[c.form];
    if (c.form && 'query' in selection) query.set(selection.query, MEDIA_TYPES[c.form]);
    let body = c.body;
    if (c.json !== undefined) {
      body = JSON.stringify(c.json);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, c.headers);
    const qs = query.toString();
    const res = await request(`${server.url}${path}${qs ? `?${qs}` : ''}`, {
      method: (c.method ?? 'GET') as Dispatcher.HttpMethod,
      headers,
      ...(body !== undefined ? { body } : {}),
      dispatcher: agent,
    });
    const text = await res.body.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, headers: flatten(res.headers), text, json };
  };
  return {
    server,
    profile,
    call,
    close: async () => {
      await agent.close();
      await server.close();
    },
  };
}

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: records every request; `delayMs` holds each answer back. */
export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves with the first `n` requests, or rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(o: { status?: number; delayMs?: number; hang?: boolean } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const w of waiters.splice(0)) w();
      if (o.hang) return;
      setTimeout(() => res.writeHead(o.status ?? 204).end(), o.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    waitFor: (n, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${n} webhook(s) arrived`)), timeoutMs);
        const check = () => {
          if (received.length >= n) {
            clearTimeout(timer);
            resolve(received.slice(0, n));
          } else waiters.push(check);
        };
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A string of exactly `n` characters ending in `@<domain>`: an e-mail address of length n. */
export function emailOfLength(n: number, domain = 'example.test'): string {
  const local = n - domain.length - 1;
  if (local < 1) throw new Error(`no e-mail of ${n} characters at ${domain}`);
  return `${'a'.repeat(local)}@${domain}`;
}

/** A valid inquiry for POST {hooks}/consultas to the primary app's main agency. */
export function sampleInquiry(overrides: Partial<ConsultaInput> = {}): ConsultaInput {
  return consultaInput('strict').parse({
    Momento: '2025-06-14T18:30:00-03:00',
    OrigenLead: 'form',
    TipoAnuncio: 'publicacion',
    Auto: {
      ExternalId: 'SIM-000001',
      RefStock: null,
      Marca: 'Toyota',
      Modelo: 'Corolla',
      Version: 'XEI',
      VersionYear: 2022,
      Kilometraje: 35_000,
      Color: 'Gris Plata',
      BodyType: 'Sedán',
      Estado: 'usado',
      Precio: { Moneda: 'USD', Importe: 21_500 },
      Anticipo: null,
      Cuota: null,
    },
    Interesado: {
      Interes: 'compra',
      Nombre: 'Ana',
      Apellido: 'Pérez',
      Email: 'ana.perez@gmail.example',
      Telefono: null,
      DocIdentidad: null,
      Provincia: 'Buenos Aires',
      Ciudad: 'Tandil',
      Comentario: '¿Sigue disponible?',
      InfoOperacion: null,
    },
    OperadorResponsable: 'lucia.fernandez@autosdelsur.example',
    ...overrides,
  });
}
