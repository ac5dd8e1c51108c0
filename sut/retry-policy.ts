import { interceptors, type Dispatcher, type RetryHandler } from 'undici';

// Which requests are sent again, and when (issue 27 item 5: infrastructure is not conformance). A staging's
// network resets a connection now and then, closes a kept-alive one as a request is written (nginx's
// keepalive_timeout), and its gateway answers 429 or a deploy's 503 with Retry-After: none of that is the target's
// answer to the request. undici's own retry interceptor sends again, with this policy deciding:
// - only idempotent methods (RFC 9110 §9.2.2: GET, HEAD, OPTIONS, PUT, DELETE), never POST — but for a restore's 429;
// - a request that got no response at all (reset, closed, a refusal once the target has answered before), up to
//   NETWORK_RETRIES times; never one whose response had begun (the answer is judged on what arrived);
// - a 429, or a 503 with Retry-After, after the wait the target asked for (capped), as long as the wait ends
//   within the request's own window (its timeout, or less when the run's deadline comes first): a retry never
//   sleeps past it, and the last answer is the one judged and reported.
// Every retry is recorded, by cause, on the request's state, so the evidence and the reports can say so.

export const IDEMPOTENT_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];

/** Why a request was sent again: the error code or the status that asked for it. */
export type RetryCause = 'reset' | 'closed' | 'refused' | '429' | '503';

const NETWORK_CAUSES: Readonly<Record<string, RetryCause>> = {
  ECONNRESET: 'reset',
  EPIPE: 'closed',
  UND_ERR_SOCKET: 'closed',
  UND_ERR_CLOSED: 'closed',
  ECONNREFUSED: 'refused',
};
/** Statuses sent again: only with Retry-After (a 503 without one is a server error, errors/no-server-error's). */
const STATUS_CAUSES: Readonly<Record<number, { cause: RetryCause; needsRetryAfter: boolean }>> = {
  429: { cause: '429', needsRetryAfter: false },
  503: { cause: '503', needsRetryAfter: true },
};

const NETWORK_RETRIES = 3;
const STATUS_RETRIES = 10;
/** The first wait after a request got no response; doubled each time. */
const NETWORK_BACKOFF_MS = 50;
/** A 429 without Retry-After waits this long. */
const DEFAULT_THROTTLE_WAIT_MS = 1_000;
/** The longest Retry-After honoured: a longer one is not waited for, and its answer stands. */
export const RETRY_AFTER_CAP_MS = 10_000;
/** Spread of retries that one Retry-After sends at once, so they do not all meet the same throttle again. */
const JITTER_MS = 250;
/** A retry needs at least this long left in its window to be worth sending. */
const MIN_ATTEMPT_MS = 250;

/** One request's retries, as the client reads them after the exchange. */
export interface RetryState {
  method: string;
  /** When the request's window closes (epoch ms): its timeout, or the run's deadline when that comes first. */
  endsAt: number;
  /** Whether the target has ever answered on this dispatcher: only then is a refusal transient. */
  reachedBefore: () => boolean;
  /** Set once the response's headers arrived: a failure after that is not sent again. */
  answered: boolean;
  retries: RetryCause[];
  /** Time spent waiting between attempts (not the target's slowness). */
  waitedMs: number;
  /** Epoch ms before which the next attempt is not dispatched: the wait of the last retry decided (holdInterceptor). */
  notBefore?: number;
  /**
   * A 429 is sent again whatever the method: for the requests that put back what a run changed (Principle 4), where
   * a throttled POST that re-creates the user's webhook configuration must not cost it. A 429 refuses a request
   * (RFC 6585 §4), so sending it again does not do it twice.
   */
  throttledAnyMethod: boolean;
}

export const newRetryState = (method: string, windowMs: number, reachedBefore: () => boolean, throttledAnyMethod = false): RetryState => ({
  method: method.toUpperCase(),
  endsAt: Date.now() + windowMs,
  reachedBefore,
  answered: false,
  retries: [],
  waitedMs: 0,
  throttledAnyMethod,
});

/** Retry-After as milliseconds: delay-seconds or an HTTP-date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(v)) return Number(v) * 1_000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

interface Attempt {
  code?: string;
  statusCode?: number;
  headers?: Record<string, string | string[] | undefined>;
}

/** The cause and wait of a retry, or undefined when the request's outcome stands. */
export function retryDecision(err: Attempt, s: RetryState, counter: number, now = Date.now()): { cause: RetryCause; waitMs: number } | undefined {
  const anyMethod = s.throttledAnyMethod && err.statusCode === 429;
  if (!IDEMPOTENT_METHODS.includes(s.method) && !anyMethod) return undefined;
  let decided: { cause: RetryCause; waitMs: number } | undefined;
  if (err.statusCode !== undefined) {
    const status = STATUS_CAUSES[err.statusCode];
    const after = retryAfterMs(err.headers?.['retry-after'], now);
    if (!status || (status.needsRetryAfter && after === undefined) || counter > STATUS_RETRIES) return undefined;
    if (after !== undefined && after > RETRY_AFTER_CAP_MS) return undefined;
    decided = { cause: status.cause, waitMs: (after ?? DEFAULT_THROTTLE_WAIT_MS) + Math.random() * JITTER_MS };
  } else {
    const cause = err.code !== undefined ? NETWORK_CAUSES[err.code] : undefined;
    if (!cause || s.answered || counter > NETWORK_RETRIES || (cause === 'refused' && !s.reachedBefore())) return undefined;
    decided = { cause, waitMs: NETWORK_BACKOFF_MS * 2 ** (counter - 1) };
  }
  return now + decided.waitMs + MIN_ATTEMPT_MS <= s.endsAt ? decided : undefined;
}

/** Where a request's retry state rides: its dispatch options (the interceptor hands them to the callback). */
const STATE = 'vmpRetry';

/** Dispatch options that carry a request's retry state to the policy. */
export const withRetryState = (s: RetryState): Record<string, unknown> => ({ [STATE]: s });

const stateOf = (opts: unknown): RetryState | undefined => (opts as Record<string, RetryState | undefined>)[STATE];

/**
 * Decides at once, and the wait happens before the next attempt is dispatched (holdInterceptor), not here: undici's
 * retry handler keeps the answer's connection paused until this decides, and an answer whose connection then
 * closes (a gateway's 429 with Connection: close) would throw an uncatchable AssertionError in undici 7.30.2
 * (nodejs/undici#5360) instead of being sent again.
 */
const decide: RetryHandler.RetryCallback = (err, { state, opts }, cb) => {
  const s = stateOf(opts);
  const decided = s && retryDecision(err as Attempt, s, state.counter);
  if (!s || !decided) return cb(err);
  s.retries.push(decided.cause);
  s.waitedMs += decided.waitMs;
  s.notBefore = Date.now() + decided.waitMs;
  cb(null);
};

/** Holds an attempt until its retry's wait is over (the first attempt has none), beneath the retry interceptor. */
export const holdInterceptor = (): Dispatcher.DispatcherComposeInterceptor => (dispatch) => (opts, handler) => {
  const wait = (stateOf(opts)?.notBefore ?? 0) - Date.now();
  if (wait <= 0) return dispatch(opts, handler);
  setTimeout(() => {
    try {
      dispatch(opts, handler);
    } catch (error) {
      handler.onResponseError?.(undefined as never, error as Error);
    }
  }, wait);
  return true;
};

/**
 * undici's retry interceptor with this policy; `throwOnError: false` hands the last answer on (a 429 that stayed
 * one is the response, for the reports to say so), and requests without a state are never retried.
 */
export const retryInterceptor = (): Dispatcher.DispatcherComposeInterceptor =>
  interceptors.retry({ retry: decide, throwOnError: false, maxRetries: STATUS_RETRIES });
