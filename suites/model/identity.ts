import { parseOffsetDateTime } from '../../models/index.ts';
import { contentKey, inquiryKeys, selfHref } from '../harness/consulta-match.ts';
import type { InquiryRecord } from './world.ts';

// How the model recognises an inquiry in an answer (issue 27, item 10: by identity, never by content): the
// inquiries this run injects carry a marker of their own in the buyer's free-text comment (Interesado.Comentario:
// "free-text comment written by the buyer"), kept as sent, one per injection; any other is known by its self
// link. An entry that shows neither is left with its content, numbered by occurrence in its list
// (consulta-match.ts inquiryKeys), so two alike inquiries are two records and a list showing both shows no
// duplicate.

/** The start of the marker the run writes into each inquiry it injects. */
export const MARKER = 'vmp-model ';

/** The run's marker in a full-form entry, when the run made the inquiry. */
function markerOf(entry: unknown): string | undefined {
  const comment = (entry as { Interesado?: { Comentario?: unknown } } | null)?.Interesado?.Comentario;
  return typeof comment === 'string' && comment.startsWith(MARKER) ? comment : undefined;
}

/** The identity of each entry of one list, in order: the run's marker, else the self link, else numbered content. */
export function entryKeys(entries: readonly unknown[]): string[] {
  return inquiryKeys(entries, (e) => markerOf(e) ?? selfHref(e)).map((key, i) => markerOf(entries[i]) ?? key);
}

/** The identity of one entry read on its own (an inquiry read by sid): as entryKeys gives the first of its kind. */
export const entryKey = (entry: unknown): string => entryKeys([entry])[0]!;

/** An inquiry of a full-form entry, as the model keeps it, under `key` (entryKeys of its list). */
export function recordOf(entry: unknown, key: string, sid?: string): InquiryRecord {
  const e = entry as { Momento?: unknown; OperadorResponsable?: unknown; Auto?: { ExternalId?: unknown } } | null;
  const epochMs = typeof e?.Momento === 'string' ? parseOffsetDateTime(e.Momento)?.epochMs : undefined;
  return {
    key,
    content: contentKey(entry),
    ...(sid ? { sid } : {}),
    externalId: e?.Auto?.ExternalId,
    operador: e?.OperadorResponsable,
    epochMs,
  };
}
