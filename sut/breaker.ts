import type { TransportError, TransportErrorCode } from './client.ts';
import { barePath, matchEndpoint } from './endpoint-match.ts';

// A per-endpoint circuit breaker for one run. A hanging endpoint costs a full deadline per request, and
// fast-check shrinking after one failure may send dozens more: once an endpoint has failed at the transport
// level, later requests to it fail at once with the same code, saying they were not sent (so the evidence
// stays truthful). Only failures that say the endpoint cannot answer open it; an oversized body, undecodable
// bytes or a body cut short after its status line do not (each of those costs one bounded read, and another
// form of the same endpoint may still answer whole). With `slow` set (the suites' client), an endpoint that
// answers in time but slowly, several times in a row, opens it too: a target answering every request in 20 s
// of a 30 s timeout would otherwise take hours, with every check passing late.

const TRIPPING: ReadonlySet<TransportErrorCode> = new Set(['VMP_ERR_TIMEOUT', 'VMP_ERR_CONNECTION', 'VMP_ERR_PROTOCOL']);

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
  /** Slow answers in a row, per endpoint; a prompt answer starts the count again. */
  private readonly slowInARow = new Map<string, number>();

  constructor(private readonly slow?: Slowness) {}

  /** The failure that opened the breaker for this endpoint, as the error a request not sent reports. */
  refusal(key: string): TransportError | undefined {
    const first = this.open.get(key);
    return first && { code: first.code, message: `not sent: ${key} failed earlier with ${first.code} (${first.message})` };
  }

  /** Opens the breaker for the endpoint when the outcome says it cannot answer, or answers too slowly too often. */
  record(key: string, error: TransportError | undefined, durationMs: number, status?: number): void {
    if (this.open.has(key)) return;
    if (error) {
      const cutShort = error.code === 'VMP_ERR_PROTOCOL' && status !== undefined;
      if (TRIPPING.has(error.code) && !cutShort) this.open.set(key, error);
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
