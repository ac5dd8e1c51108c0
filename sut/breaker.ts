import type { TransportError, TransportErrorCode } from './client.ts';
import { barePath, matchEndpoint } from './endpoint-match.ts';

// A per-endpoint circuit breaker for one run. A hanging endpoint costs a full deadline per request, and
// fast-check shrinking after one failure may send dozens more: once an endpoint cannot answer, later requests to
// it fail at once with the same code, saying they were not sent (so the evidence stays truthful). A timeout opens
// it at once (each costs a full deadline). A connection that fails fast (a reset, a close, a refusal, garbled
// HTTP) opens it only when it is sustained: most of the endpoint's last WINDOW requests failed so, at least
// SUSTAINED of them (issue 27 item 5): a staging's network resets a connection now and then, and undici's retries
// (retry-policy.ts) have already sent such a request again. An oversized body, undecodable bytes or a body cut
// short after its status line never open it (each of those costs one bounded read, and another form of the same
// endpoint may still answer whole). With `slow` set (the suites' client), an endpoint that
// answers in time but slowly, several times in a row, opens it too: a target answering every request in 20 s
// of a 30 s timeout would otherwise take hours, with every check passing late.

/** Failures that open the breaker at once: each cost a full deadline. */
const AT_ONCE: ReadonlySet<TransportErrorCode> = new Set(['VMP_ERR_TIMEOUT']);
/** Failures that open it when sustained: each cost next to nothing, and one may be the network's. */
const WHEN_SUSTAINED: ReadonlySet<TransportErrorCode> = new Set(['VMP_ERR_CONNECTION', 'VMP_ERR_PROTOCOL']);
/** The outcomes a sustained failure is read over, and how many of them must have failed. */
const WINDOW = 5;
const SUSTAINED = 2;

/**
 * The breaker's key, readable in messages: the method and the catalog path template (`GET /v3/carrocerias/{id}`)
 * when the request is a catalog endpoint — by its id, else by matching the path — otherwise the method and
 * the path without its query.
 */
export function endpointKey(method: string, path: string, endpointId?: string): string {
  const known = matchEndpoint(method, path, endpointId);
  return `${method.toUpperCase()} ${known ? known.path : barePath(path)}`;
}

/** When answers count as slow: over `afterMs`, `strikes` times in a row on one endpoint. */
export interface Slowness {
  afterMs: number;
  strikes: number;
}

export class CircuitBreaker {
  private readonly open = new Map<string, TransportError>();
  /** The endpoint's last WINDOW outcomes: true for a fast transport failure. */
  private readonly recent = new Map<string, boolean[]>();
  /** Slow answers in a row, per endpoint; a prompt answer starts the count again. */
  private readonly slowInARow = new Map<string, number>();

  constructor(private readonly slow?: Slowness) {}

  /** The failure that opened the breaker for this endpoint, as the error a request not sent reports. */
  refusal(key: string): TransportError | undefined {
    const first = this.open.get(key);
    return first && { code: first.code, message: `not sent: ${key} failed earlier with ${first.code} (${first.message})` };
  }

  /** Whether requests to the endpoint are refused now. */
  isOpen(key: string): boolean {
    return this.open.has(key);
  }

  /** Opens the breaker for the endpoint when the outcomes say it cannot answer, or answers too slowly too often. */
  record(key: string, error: TransportError | undefined, durationMs: number, status?: number): void {
    if (this.open.has(key)) return;
    const cutShort = error?.code === 'VMP_ERR_PROTOCOL' && status !== undefined;
    const failed = error !== undefined && WHEN_SUSTAINED.has(error.code) && !cutShort;
    const recent = [...(this.recent.get(key) ?? []), failed].slice(-WINDOW);
    this.recent.set(key, recent);
    if (error) {
      const failures = recent.filter(Boolean).length;
      if (AT_ONCE.has(error.code) || (failed && failures >= SUSTAINED && failures * 2 > recent.length)) this.open.set(key, error);
      return;
    }
    if (!this.slow) return;
    const inARow = durationMs > this.slow.afterMs ? (this.slowInARow.get(key) ?? 0) + 1 : 0;
    this.slowInARow.set(key, inARow);
    if (inARow >= this.slow.strikes) {
      const message = `${inARow} answers in a row took over ${this.slow.afterMs} ms (half the request timeout), the last ${Math.round(durationMs)} ms`;
      this.open.set(key, { code: 'VMP_ERR_SLOW', message });
    }
  }
}
