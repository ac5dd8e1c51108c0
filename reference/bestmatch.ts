import { fold } from './text.ts';

// The bestmatch lookups (Endpoints > Carrocerias, Ciudades, Marcas): a value is "matched against" several
// fields of a record. An exact (folded) match on any listed field wins; otherwise the best partial match on
// the record's name: names starting with the value first, then names containing it (shortest name first),
// then names the value contains as whole words, longest first ("Land Rover Defender" → Land Rover, not
// Rover); lowest id on ties.

export interface Matchable {
  id: number;
  /** Folded values of every field the value is matched against exactly (id, api-url, api-url-path, name, ...). */
  exactKeys: readonly string[];
  /** Folded name used for partial matches. */
  foldedName: string;
}

/** Partial matches need at least this many characters, so a single letter never picks an arbitrary record. */
const MIN_PARTIAL_LENGTH = 2;

function partialRank(value: string, name: string): number | undefined {
  if (name.startsWith(value)) return 0;
  if (name.includes(value)) return 1;
  if (` ${value} `.includes(` ${name} `)) return 2;
  return undefined;
}

export function bestMatch<T extends Matchable>(records: readonly T[], raw: string): T | undefined {
  const value = fold(raw);
  if (value === '') return undefined;
  const exact = records.find((r) => r.exactKeys.includes(value));
  if (exact || value.length < MIN_PARTIAL_LENGTH) return exact;
  let best: { record: T; rank: number; lengthScore: number } | undefined;
  for (const record of records) {
    const rank = partialRank(value, record.foldedName);
    if (rank === undefined) continue;
    // Within a rank a smaller length score is better: shorter names for ranks 0-1, longer for rank 2.
    const lengthScore = rank === 2 ? -record.foldedName.length : record.foldedName.length;
    const better =
      !best ||
      rank < best.rank ||
      (rank === best.rank && lengthScore < best.lengthScore) ||
      (rank === best.rank && lengthScore === best.lengthScore && record.id < best.record.id);
    if (better) best = { record, rank, lengthScore };
  }
  return best?.record;
}
