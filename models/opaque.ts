import { z } from 'zod';
import { refLink } from './link.ts';

// Resources and their fields > Other resources: their fields are not shown, so a full form is any JSON
// object and a reference form is a link object with href and title. Never require invented fields.
export const opaqueResource = () => z.record(z.string(), z.unknown());

/**
 * "list of X": the shape of a list other than the inquiry list is not shown. A JSON array of entries and an
 * object carrying an `_entries` array (the shape the inquiry list uses) are both accepted.
 */
export const listOf = <E extends z.ZodType>(entry: E) => z.union([z.array(entry), z.looseObject({ _entries: z.array(entry) })]);

export const opaqueList = () => listOf(opaqueResource());
export const refList = () => listOf(refLink());

export function listEntries(list: unknown): unknown[] | undefined {
  if (Array.isArray(list)) return list;
  if (list && typeof list === 'object' && Array.isArray((list as { _entries?: unknown })._entries)) {
    return (list as { _entries: unknown[] })._entries;
  }
  return undefined;
}

/** AgenciaCreate (request): "carries a property named AdminMail, the e-mail address that receives the invitation". */
export const agenciaCreate = () => z.looseObject({ AdminMail: z.email() });
