import type { Dispatcher } from 'undici';
import { pacingInterceptor } from './pacing.ts';
import { holdInterceptor, retryInterceptor } from './retry-policy.ts';
import { reachingAgent } from './transport-agent.ts';

// How this tool reaches a target's network, whoever sends (the suites' client, discovery, inference, simulate's
// injections, replay): one place builds the undici dispatcher, so the trust (CAs, client certificates), proxies,
// pacing and retries a user sets apply to every request of every command alike (issue 27). The settings cross
// into the suites' worker thread inside the run context: plain data only (file paths, numbers), never handles.
// No settings at all (the embedded server, in this process) is a direct connection with Node's trust; settings,
// even empty ones, also honour the environment's proxies (HTTPS_PROXY, HTTP_PROXY, NO_PROXY).

export interface TransportSettings {
  /** PEM files of certificate authorities to trust besides Node's own (--ca). */
  ca?: string[];
  /** Skip verifying the target's certificate (--insecure): said loudly on the console and in every report. */
  insecure?: boolean;
  /** A client certificate and its key, PEM files, for gateways that ask for one (mTLS: --cert, --key). */
  cert?: string;
  key?: string;
  /** An http(s):// proxy for every request (--proxy); without it HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured. */
  proxy?: string;
  /** At most this many requests a second to the target (--rate-limit N/s). */
  rateLimit?: number;
  /** At most this many requests in flight to the target (--concurrency). */
  concurrency?: number;
}

export interface DispatcherOptions {
  /** Each request's wait for headers and body. */
  timeoutMs: number;
  /** Connections kept per origin. */
  connections: number;
}

/**
 * The dispatcher every request of a client goes through: the agent (at most --concurrency connections, each one
 * request at a time), the pacing of --rate-limit beneath undici's retry interceptor (sut/retry-policy.ts), so a
 * retry is paced too, and the hold that makes a retry wait its Retry-After before it is dispatched. undici's compose
 * wraps in order: the last interceptor is the outermost.
 */
export function createDispatcher(settings: TransportSettings | undefined, o: DispatcherOptions): Dispatcher {
  const connections = Math.min(o.connections, settings?.concurrency ?? o.connections);
  const pacing = settings?.rateLimit !== undefined ? [pacingInterceptor(settings.rateLimit)] : [];
  return reachingAgent(settings, { ...o, connections }).compose(...pacing, holdInterceptor(), retryInterceptor());
}
