import { createHash } from 'node:crypto';
import { canonicalJson, type IgnoredMembers } from '../models/index.ts';

// Inquiry identity by content (lead's reading: "deep equality of Consulta objects; timestamps compared as
// instants"): a short digest of the canonical text, so a simulation keeps 16 characters per inquiry rather than
// the inquiry itself.

/** The Consulta's own `_links`, which the injected inquiry lacks; links inside it would be content. */
export const CONSULTA_LINKS: IgnoredMembers = { members: ['_links'], at: 'top' };

/** 16 base64url characters (96 bits) naming a JSON value up to key order and timestamp offsets. */
export function contentDigest(value: unknown, ignore?: IgnoredMembers): string {
  return createHash('sha256').update(canonicalJson(value, ignore)).digest('base64url').slice(0, 16);
}
