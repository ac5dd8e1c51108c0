import { parseOffsetDateTime } from '../../models/index.ts';
import { contentKey } from '../harness/consulta-match.ts';
import type { InquiryRecord } from './world.ts';

// How the model recognises an inquiry in an answer: the inquiries this run injects carry a marker of their own in
// the buyer's free-text comment (Interesado.Comentario: "free-text comment written by the buyer"), kept as sent;
// any other is known by its content (consulta-match.ts: members without _links, timestamps as instants).

/** The start of the marker the run writes into each inquiry it injects. */
export const MARKER = 'vmp-model ';

/** A full-form entry's identity: the run's marker for an inquiry it made, else its content. */
export function entryKey(entry: unknown): string {
  const comment = (entry as { Interesado?: { Comentario?: unknown } } | null)?.Interesado?.Comentario;
  return typeof comment === 'string' && comment.startsWith(MARKER) ? comment : contentKey(entry);
}

/** An inquiry of a full-form entry, as the model keeps it. */
export function recordOf(entry: unknown, sid?: string): InquiryRecord {
  const e = entry as { Momento?: unknown; OperadorResponsable?: unknown; Auto?: { ExternalId?: unknown } } | null;
  const epochMs = typeof e?.Momento === 'string' ? parseOffsetDateTime(e.Momento)?.epochMs : undefined;
  return { key: entryKey(entry), ...(sid ? { sid } : {}), externalId: e?.Auto?.ExternalId, operador: e?.OperadorResponsable, epochMs };
}
