import { parseOffsetDateTime } from '../models/index.ts';
import { consultaIn, resolvePointer } from '../sut/json-pointer.ts';

// What a delivery is about, read defensively from its JSON: the spec does not show webhook payloads beyond "the
// inquiry webhook payload", so every field here is optional and a miss is undefined, never an error.

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Epoch ms of the Consulta's Momento at the pointer, if it is a valid date-time. */
export function momentoAt(json: unknown, consultaPointer: string | null): number | undefined {
  // Where the pointer is not known, the first object holding a Momento stands for the Consulta: a latency figure only.
  const stamped = (v: unknown) => typeof asRecord(v)?.Momento === 'string';
  const momento = asRecord(consultaIn(json, consultaPointer, stamped))?.Momento;
  return typeof momento === 'string' ? parseOffsetDateTime(momento)?.epochMs : undefined;
}

export interface DeliveryInfo {
  topic?: string;
  /** The inquiry id: a Sid member, or the last segment of the Consulta's self link. */
  sid?: string;
  /** First path segment of the capture URL (/primary → "primary"), which is how the simulator names apps. */
  app: string;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

export function deliveryInfo(path: string, json: unknown, consultaPointer = ''): DeliveryInfo {
  const root = asRecord(json);
  const consulta = asRecord(resolvePointer(json, consultaPointer));
  const self = asRecord(asRecord(consulta?._links)?.self)?.href;
  const fromSelf = str(self)?.split('?')[0]?.split('/').filter(Boolean).at(-1);
  const app = path.split('?')[0]!.split('/').filter(Boolean)[0] ?? '';
  return {
    topic: str(root?.Topic) ?? str(root?.topic),
    sid: str(root?.Sid) ?? str(root?.sid) ?? str(consulta?.Sid) ?? fromSelf,
    app: app === '' ? '/' : safeDecode(app),
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
