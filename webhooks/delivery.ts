import { createReadStream } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createInterface } from 'node:readline';
import { parseJsonBounded } from '../support/json-depth.ts';
import type { SignatureStatus } from './signature.ts';

// One captured delivery: the in-memory record and its JSONL line (the same object, one line per delivery).

export interface Delivery {
  /** 1-based, in order of arrival; also the order of lines in the JSONL file. */
  seq: number;
  /** ISO 8601 instant the body was fully received. */
  receivedAt: string;
  method: string;
  /** Request target as sent (path and query), e.g. "/primary". */
  path: string;
  headers: IncomingHttpHeaders;
  rawBodyBase64: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: unknown;
  signature: SignatureStatus;
  signatureDetail?: string;
  /** Delivery latency when known (see CaptureOptions.latencyOf). */
  latencyMs?: number;
  /** The status this server answered; anything but 2xx was a deliberate fault. */
  status: number;
}

/** The body as JSON: the parsed value, and its text when valid (reused verbatim in the JSONL line). */
export function parseBody(raw: Buffer): { json: unknown; text?: string } {
  if (raw.length === 0) return { json: null };
  const text = raw.toString('utf8');
  try {
    return { json: parseJsonBounded(text), text };
  } catch {
    return { json: null };
  }
}

/**
 * One JSONL line. The body's own JSON text is spliced in rather than re-serialised from the parsed value, which
 * halves the JSON work per delivery; a raw CR or LF in valid JSON can only be whitespace, so it becomes a space.
 */
export function deliveryLine(delivery: Delivery, jsonText: string | undefined): string {
  if (jsonText === undefined) return JSON.stringify(delivery);
  const { json: _parsed, ...rest } = delivery;
  const head = JSON.stringify(rest);
  const oneLine = jsonText.includes('\n') || jsonText.includes('\r') ? jsonText.replace(/[\r\n]/g, ' ') : jsonText;
  return `${head.slice(0, -1)},"json":${oneLine}}`;
}

/**
 * Streams the deliveries of a capture file in order, in constant memory. Only the final line may be torn (a
 * process killed mid-write); it is skipped, since its delivery was never acknowledged. A bad line elsewhere is
 * corruption and throws.
 */
export async function* readDeliveries(path: string): AsyncGenerator<Delivery, void, undefined> {
  let pending: string | undefined;
  let lineNo = 0;
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (pending !== undefined) yield parseLine(pending, lineNo);
    pending = line === '' ? undefined : line;
    lineNo++;
  }
  if (pending === undefined) return;
  try {
    yield JSON.parse(pending) as Delivery;
  } catch {
    // The torn tail of an unacknowledged delivery.
  }
}

function parseLine(line: string, lineNo: number): Delivery {
  try {
    return JSON.parse(line) as Delivery;
  } catch {
    throw new SyntaxError(`capture file line ${lineNo} is not JSON`); // 1-based
  }
}
