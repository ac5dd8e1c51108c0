import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AppName, Profile } from '../../../sut/profile.ts';
import { listenLocal, readBody } from '../../support/local-http.ts';
import { dateIn } from '../server/clock.ts';

// What a witness talks through: the mutant proxy in front of a fresh independent server, as the profile's apps
// (credentials, the `formato` media selection, the simulation hooks), plus callback receivers for deliveries.

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: witnesses read members of answers whose shapes the spec leaves open
  json(): any;
}

export interface CallOptions {
  app?: AppName;
  /** The media form to ask for (the profile's selection: query `formato`). */
  formato?: string;
  json?: unknown;
  /** A raw body, sent with `contentType`. */
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Received {
  headers: Record<string, string>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: a delivery's payload shape is not shown by the spec
  json(): any;
}

/** A callback URL that records what is POSTed to it (answered 200). */
export interface Receiver {
  url: string;
  readonly received: readonly Received[];
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export class WitnessClient {
  private readonly servers: Server[] = [];

  constructor(
    readonly base: string,
    readonly profile: Profile,
  ) {}

  /** Today in the profile's zone. */
  get today(): string {
    return dateIn(new Date(), this.profile.timeZone);
  }

  call(method: string, path: string, o: CallOptions = {}): Promise<Answer> {
    const url = new URL(path, this.base);
    if (o.formato) url.searchParams.set('formato', o.formato);
    const headers: Record<string, string> = { ...(this.profile.apps[o.app ?? 'primary']?.headers ?? {}), ...o.headers };
    const payload = o.json !== undefined ? JSON.stringify(o.json) : (o.body ?? '');
    if (o.json !== undefined || o.body !== undefined) headers['content-type'] = o.contentType ?? 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
    return new Promise((resolve, reject) => {
      const out = request(url, { method, headers }, (res) => {
        void readBody(res).then((bytes) => {
          const flat: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
          const body = bytes.toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: flat, body, json: () => parse(body) });
        }, reject);
      });
      out.on('error', reject);
      out.end(payload);
    });
  }

  get(path: string, o: CallOptions = {}): Promise<Answer> {
    return this.call('GET', path, o);
  }

  /** Everything the proxy writes for one request on a fresh connection (head and any bytes after it). */
  raw(method: string, path: string, headers: Record<string, string> = {}, app: AppName = 'primary'): Promise<string> {
    const url = new URL(this.base);
    const all = { host: url.host, connection: 'close', ...(this.profile.apps[app]?.headers ?? {}), ...headers };
    const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write(head));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.setTimeout(3000, () => socket.destroy());
    });
  }

  /** Makes an inquiry arrive for the agency (simulation hook, as `app`); its sid. */
  async inquiry(
    adminMail: string,
    change: { Momento?: string; ExternalId?: string; Kilometraje?: number | null; operador?: string } = {},
    app: AppName = 'primary',
  ): Promise<string> {
    const consulta = {
      Momento: change.Momento ?? new Date(Date.now() - 60_000).toISOString(),
      OrigenLead: 'form',
      TipoAnuncio: change.ExternalId === '' ? 'catalogo' : 'publicacion',
      OperadorResponsable: change.operador ?? adminMail,
      Auto: {
        ExternalId: change.ExternalId ?? 'PUB-R3-0001',
        Marca: 'Ford',
        Modelo: 'Focus',
        Estado: 'usado',
        Kilometraje: change.Kilometraje === undefined ? 42_000 : change.Kilometraje,
      },
      Interesado: {
        Interes: 'compra',
        Nombre: 'Ana',
        Apellido: 'Testigo',
        Email: 'ana.testigo@correo.example',
        Provincia: 'Buenos Aires',
        Comentario: 'Testigo de la galería r3',
      },
    };
    const answer = await this.call('POST', `${this.profile.simulationHooks}/consultas`, { app, json: { adminMail, consulta } });
    const sid = (answer.json() as { sid?: string } | undefined)?.sid;
    if (answer.status !== 201 || !sid) throw new Error(`inquiry hook: ${answer.status} ${answer.body}`);
    return sid;
  }

  /** Completes the app's invitation of adminMail (simulation hook). */
  async register(adminMail: string, app: AppName = 'primary'): Promise<number> {
    return (await this.call('POST', `${this.profile.simulationHooks}/agencias/${encodeURIComponent(adminMail)}/registro`, { app })).status;
  }

  /** Invites adminMail as `app`; the answer. */
  invite(adminMail: string, app: AppName = 'primary'): Promise<Answer> {
    return this.call('POST', '/v3/agencias', { app, json: { AdminMail: adminMail, RazonSocial: 'Testigo R3' } });
  }

  /** An AppWebhookUpsert body for a callback URL (the profile's template, its secret resolved). */
  upsert(url: string): Record<string, string> {
    return Object.fromEntries(Object.entries(this.profile.templates.webhookUpsert).map(([k, v]) => [k, v === '{{url}}' ? url : String(v)]));
  }

  /** Configures `topic` for `app` to call `url` (POST, or PUT when it exists); the final answer. */
  async subscribe(topic: string, url: string, app: AppName = 'primary'): Promise<Answer> {
    const path = `/v3/appnotificaciones/${encodeURIComponent(topic)}`;
    const created = await this.call('POST', path, { app, json: this.upsert(url) });
    return created.status === 409 ? this.call('PUT', path, { app, json: this.upsert(url) }) : created;
  }

  /** A callback receiver on a free loopback port, closed with the client. */
  async receiver(): Promise<Receiver> {
    const received: Received[] = [];
    const server = createServer((req, res) => {
      void readBody(req).then((bytes) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        const body = bytes.toString('utf8');
        received.push({ headers, body, json: () => parse(body) });
        res.writeHead(200).end();
      });
    });
    this.servers.push(server);
    return { url: `${await listenLocal(server)}/callback`, received };
  }

  /** Lets deliveries in flight arrive. */
  settle(ms = 600): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  async close(): Promise<void> {
    await Promise.all(
      this.servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.closeAllConnections();
            s.close(() => resolve());
          }),
      ),
    );
  }
}
