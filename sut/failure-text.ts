import type { TargetResponse } from './client.ts';

// How a failure names the exchange that shows it: the request, what came back, and what was expected.

/** What describeFailure needs of a response: an exchange read back from evidence will do. */
export type Answer = Pick<TargetResponse, 'status' | 'error' | 'exchange'>;

/** `[PUT] /v3/agencias/x@y.com: 404 — expected 403 (scoping/foreign-agency-put-403)` */
export function describeFailure(ruleId: string, res: Answer | undefined, expectation: string): string {
  if (!res) return `${expectation} (${ruleId})`;
  const url = new URL(res.exchange.url);
  return `[${res.exchange.method}] ${decodeSafe(url.pathname)}${url.search}: ${answered(res)} — expected ${expectation} (${ruleId})`;
}

/** `404`, or `200, VMP_ERR_PROTOCOL: response truncated …`, or `no status, VMP_ERR_TIMEOUT: …`. */
export function answered(res: Pick<Answer, 'status' | 'error'>): string {
  return res.error ? `${res.status ?? 'no status'}, ${res.error.code}: ${res.error.message}` : String(res.status);
}

/** `GET /v3/agencias/x@y.com`: the request line of an exchange, path decoded, without the query. */
export function requestLine(res: Answer): string {
  return `${res.exchange.method} ${decodeSafe(new URL(res.exchange.url).pathname)}`;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
