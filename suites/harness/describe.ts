import { essence } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';

// Observations record what the target did where the spec is silent, in a few words a report can show.

const EXCERPT = 120;

export function excerpt(text: string, max = EXCERPT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * `404, application/problem+json, body {"Title":…}`, or the transport error. The body comes last and as it
 * came (not quoted again as a JSON string, whose escapes a reader would have to undo); reports show it whole,
 * indented, from the exchange.
 */
export function describeResponse(res: TargetResponse, headers: readonly string[] = []): string {
  const status = res.status ?? `no status (${res.error?.code ?? 'error'})`;
  const type = essence(res.headers['content-type']) || 'no content-type';
  const body = res.text === '' ? 'no body' : `body ${excerpt(res.text)}`;
  const extra = headers.flatMap((h) => (res.headers[h] !== undefined ? [`${h}: ${res.headers[h]}`] : []));
  return [`${status}`, type, ...extra, body].join(', ');
}
