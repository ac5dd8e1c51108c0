import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dateIn, daysBetween, isCalendarDate } from '../models/index.ts';
import type { Profile } from '../sut/profile.ts';
import { choicesOf, ServerOptionError } from './choices.ts';
import type { World } from './context.ts';
import { requestListener } from './dispatch.ts';
import { Router } from './router.ts';
import { buildRoutes } from './routes.ts';
import { buildCatalog } from './seed/catalog.ts';
import { seedAgencies } from './seed/fixtures.ts';
import { Store } from './state/store.ts';
import { WebhookSender, type Delivery } from './webhooks/sender.ts';

export { ServerOptionError } from './choices.ts';
export type { Delivery } from './webhooks/sender.ts';

// The embedded reference server (issue 3): a complete implementation of v3 on node:http, its gap choices
// driven by the target profile (reference/README.md).

export interface ReferenceServerOptions {
  profile: Profile;
  /** Seed of the fixtures (agencies, inquiries). Default 1. */
  seed?: number;
  /** yyyy-mm-dd: fixes "today"; default profile.today, else the clock in profile.timeZone. */
  today?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: an ephemeral port. */
  port?: number;
  /** Deadline of one webhook delivery. Default 5000. */
  webhookTimeoutMs?: number;
  /** Request body cap; larger bodies get 413. Default 1 MiB. */
  bodyLimitBytes?: number;
  /** Told of every finished webhook delivery (the serve command logs them). */
  onDelivery?: (delivery: Delivery) => void;
}

export interface ReferenceServer {
  /** Base URL, e.g. http://127.0.0.1:PORT; the API is under /v3. */
  readonly url: string;
  readonly port: number;
  /** Path of the simulation hooks, or null when the profile has none. */
  readonly hooksPath: string | null;
  readonly profile: Profile;
  /** Errors the never-5xx guard caught (each answered 400). Empty in a healthy run. */
  readonly internalErrors: readonly unknown[];
  /** Back to the seed state, as POST {hooks}/reset does. */
  reset(): void;
  /** Resolves when every webhook delivery started so far has settled. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;

export const DEFAULTS = { seed: 1, host: '127.0.0.1', port: 0, webhookTimeoutMs: 5_000, bodyLimitBytes: 1024 * 1024 } as const;

/** Starts the embedded reference server (what `vmp-conformance serve` runs) with the profile's choices; resolves once it listens. */
export async function startReferenceServer(options: ReferenceServerOptions): Promise<ReferenceServer> {
  const fixedToday = options.today ?? options.profile.today;
  if (fixedToday !== undefined && !isCalendarDate(fixedToday)) throw new ServerOptionError(`today must be yyyy-mm-dd, got '${fixedToday}'`);
  const seed = options.seed ?? DEFAULTS.seed;
  if (!Number.isSafeInteger(seed)) throw new ServerOptionError(`seed must be an integer, got ${seed}`);
  const choices = choicesOf(options.profile);
  const today = () => fixedToday ?? dateIn(Date.now(), choices.timeZone);
  const now = () => (fixedToday === undefined ? Date.now() : Date.now() + daysBetween(dateIn(Date.now(), choices.timeZone), fixedToday) * DAY_MS);
  const freshStore = () => new Store(seedAgencies(seed, today(), choices.timeZone));
  const webhooks = new WebhookSender({
    timeoutMs: options.webhookTimeoutMs ?? DEFAULTS.webhookTimeoutMs,
    signature: options.profile.webhooks.signature,
    ...(options.onDelivery ? { onDelivery: options.onDelivery } : {}),
  });
  const world: World = {
    choices,
    catalog: buildCatalog(),
    store: freshStore(),
    webhooks,
    today,
    now,
    reset: () => {
      world.store = freshStore();
    },
  };
  const internalErrors: unknown[] = [];
  const server = createServer(
    { keepAlive: true },
    requestListener({
      world,
      router: new Router(buildRoutes(choices)),
      bodyLimitBytes: options.bodyLimitBytes ?? DEFAULTS.bodyLimitBytes,
      onInternalError: (error) => internalErrors.push(error),
    }),
  );
  const host = options.host ?? DEFAULTS.host;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULTS.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    hooksPath: choices.hooksPath,
    profile: options.profile,
    internalErrors,
    reset: world.reset,
    idle: () => webhooks.idle(),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await webhooks.close();
    },
  };
}
