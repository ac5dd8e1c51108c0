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

/** A path segment as it appears in this server's URIs: '@' and every reserved character percent-encoded. */
export const seg = (value: string | number): string => encodeURIComponent(String(value));
