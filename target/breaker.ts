import { endpoint, ENDPOINTS, type Endpoint } from '../models/index.ts';
import type { TransportError, TransportErrorCode } from './client.ts';

// A per-endpoint circuit breaker for one run. A hanging endpoint costs a full deadline per request, and
// fast-check shrinking after one failure may send dozens more: once an endpoint has failed at the transport
// level, later requests to it fail at once with the same code, saying they were not sent (so the evidence
// stays truthful). Only failures that say the endpoint cannot answer open it; a slow answer that arrives
// in time, an oversized body, undecodable bytes or a body cut short after its status line do not (each of
// those costs one bounded read, and another form of the same endpoint may still answer whole).

const TRIPPING: ReadonlySet<TransportErrorCode> = new Set(['VMP_ERR_TIMEOUT', 'VMP_ERR_CONNECTION', 'VMP_ERR_PROTOCOL']);

interface Template {
  e: Endpoint;
  pattern: RegExp;
  params: number;
}

// Literal segments beat parameters: /v3/carrocerias/bestmatch is bestmatch, not carrocerias-get.
const TEMPLATES: readonly Template[] = ENDPOINTS.map((e) => ({
  e,
  pattern: new RegExp(`^${e.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}/?$`),
  params: (e.path.match(/\{/g) ?? []).length,
})).sort((a, b) => a.params - b.params);

/**
 * The breaker's key, readable in messages: the method and the catalog path template (`GET /v3/carrocerias/{id}`)
 * when the request is a catalog endpoint — by its id, else by matching the path — otherwise the method and
 * the path without its query.
 */
export function endpointKey(method: string, path: string, endpointId?: string): string {
  const bare = path.split(/[?#]/)[0]!;
  const known = endpointId ? endpoint(endpointId) : TEMPLATES.find((t) => t.e.method === method.toUpperCase() && t.pattern.test(bare))?.e;
  return `${method.toUpperCase()} ${known ? known.path : bare}`;
}

export class CircuitBreaker {
  private readonly open = new Map<string, TransportError>();

  /** The failure that opened the breaker for this endpoint, as the error a request not sent reports. */
  refusal(key: string): TransportError | undefined {
    const first = this.open.get(key);
    return first && { code: first.code, message: `not sent: ${key} failed earlier with ${first.code} (${first.message})` };
  }

  /** Opens the breaker for the endpoint when the outcome is a failure that says it cannot answer. */
  record(key: string, error: TransportError | undefined, status?: number): void {
    const cutShort = error?.code === 'VMP_ERR_PROTOCOL' && status !== undefined;
    if (error && TRIPPING.has(error.code) && !cutShort && !this.open.has(key)) this.open.set(key, error);
  }
}
