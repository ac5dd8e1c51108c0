// The embedded reference server as a sandbox (`serve`) or for API users (reference/server.ts).
export {
  DEFAULTS as REFERENCE_DEFAULTS,
  ServerOptionError,
  startReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from '../reference/server.ts';

/** A fixed port, so a sandbox URL stays the same between runs; port 0 picks a free one. */
export const DEFAULT_SERVE_PORT = 4010;
