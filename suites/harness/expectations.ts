import { documentedStatuses, RFC9110, utf8Octets, type Endpoint } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';

// What "accepted" and "rejected" mean for one endpoint, from its documented codes alone.

/** Where the endpoint documents 400, invalid input is a 400; otherwise its documented refusals (404/403). */
export function rejectionStatuses(e: Endpoint): number[] {
  const codes = e.others.map((o) => o.status);
  return codes.includes(400) ? [400] : codes.filter((s) => s >= 400);
}

/** A valid value may still name nothing (404) or be refused (403/409), but never be a 400. */
export function acceptanceStatuses(e: Endpoint): number[] {
  return documentedStatuses(e).filter((s) => s !== 400 && s !== 304);
}

/** The octets of the request target (path and query) the exchange sent. */
export function targetOctets(res: TargetResponse): number {
  const url = new URL(res.exchange.url);
  return utf8Octets(url.pathname + url.search);
}

/**
 * `statuses`, plus 414 and 431 when the request target is longer than the 8000 octets RFC 9110 section 4.1
 * asks every recipient to support: a server may refuse a longer one before any row is reached.
 */
export function allowingUriTooLong(res: TargetResponse, statuses: readonly number[]): number[] {
  return targetOctets(res) > RFC9110.uriMinOctets ? [...statuses, ...RFC9110.uriTooLong] : [...statuses];
}
