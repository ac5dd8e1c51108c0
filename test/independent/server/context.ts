// What every handler receives.
import type { IncomingMessage } from 'node:http';
import type { Deliverer } from './delivery.ts';
import type { DefaultForm, MediaSelection } from './media.ts';
import type { App, Store } from './store.ts';

export interface ServerConfig {
  timeZone: string;
  pageSize: number;
  resendMaxAgeDays: number;
  now: () => Date;
  media: MediaSelection;
  defaultForm: DefaultForm;
  /** The request header whose entity tags answer 304 on GET /v3. */
  conditionalHeader: string;
  /** 404 with a problem body instead of none (the spec defines no body). */
  notFoundBody: boolean;
  topics: Topics;
  /** Location headers as absolute URIs (else root-relative). */
  absoluteLocations: boolean;
  /** Pending invitations of the app are listed among its agencies. */
  listPending: boolean;
  /** Inquiry pages newest first (else oldest first). */
  newestFirst: boolean;
  /** desde, when absent, is today minus this many days. */
  defaultDays: number;
  /** Full-form lists as a bare array, or as an object with _entries. */
  listShape: 'array' | 'object';
  weakEtag: boolean;
  /** Undocumented or repeated query parameters answered 400 where the row defines 400. */
  strictQuery: boolean;
  /** Where the simulation hooks sit (docs/simulation-hooks.md; the spec defines none). */
  hooksBase: string;
  /**
   * The members of a make: `clave` (Codigo, Nombre, Clave as codename, Url as api-url), or `apiurl` (Id, Nombre,
   * ApiUrl a slug such as "alfa-romeo" — which looks like a codename —, Ruta its path, Codename an abbreviation).
   */
  makeKeys: 'clave' | 'apiurl';
  /**
   * AppWebhookUpsert: `secreto` {CallbackUrl, Secreto} both required; `firma-opcional` {Destino} required and
   * ClaveFirma optional, deliveries signed only while a topic has one.
   */
  webhookUpsert: 'secreto' | 'firma-opcional';
  /** Where the inquiry webhook payload holds the Consulta: /Datos/Consulta, or /Consulta. */
  consultaPayload: 'datos' | 'consulta';
}

export interface Topics {
  inquiry: string;
  registration: string;
}

export interface Context {
  req: IncomingMessage;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  app: App;
  store: Store;
  config: ServerConfig;
  /** scheme://host of the request, for absolute URIs (Location, api-url). */
  origin: string;
  deliver: Deliverer;
}

/** A Location header for a path of this server. */
export const location = (ctx: Pick<Context, 'config' | 'origin'>, path: string): string => (ctx.config.absoluteLocations ? `${ctx.origin}${path}` : path);

/** A path segment as it appears in this server's URIs: '@' and every reserved character percent-encoded. */
export const seg = (value: string | number): string => encodeURIComponent(String(value));
