import { setTimeout as sleep } from 'node:timers/promises';
import { firstDifference, orderedArrays, volatilePaths, type Comparison, type RepresentationName } from '../../models/index.ts';
import { LINKS_ANYWHERE } from './json-walk.ts';

// Whether a representation read at a URL is the record another copy shows (a list entry, the representation
// whose self link led there). What a record is, is decided by behaviour, not by a member's name: a member that
// differs between two reads of the same URL (a generation time, a request counter) changes with every read and
// is no part of it. So where the two copies differ, the URL is read again (and the other copy's source), and the
// members that moved between two reads are left out of this comparison and of the check's later ones; the check
// observes which. Two reads may fall within one tick of a coarse clock: once per check, an unexplained difference
// is read again a tick later.

/** Long enough for a clock of one-second resolution to move on. */
const CLOCK_TICK_MS = 1_100;

export interface Reads {
  /** A second read of the URL `got` came from. */
  again: () => Promise<unknown>;
  /** A second read of what `want` came from, located in it (the same entry of the list read again), when there is one. */
  wantAgain?: () => Promise<unknown>;
  /** The representation compared, for the arrays whose order the spec gives (models/representations.ts). */
  representation?: RepresentationName | undefined;
  /** `want` is a summary of `got` (a list entry): only its members are compared (models/json-compare.ts). */
  summary?: boolean;
}

/** The suites' comparison of a record (json-walk.ts LINKS_ANYWHERE), keeping the array orders the spec gives it. */
export const recordComparison = (representation?: RepresentationName): Comparison => ({ ...LINKS_ANYWHERE, ordered: orderedArrays(representation) });

export interface RecordComparer {
  /** The first difference between `got` and `want` that remains, undefined when they are the same record. */
  compare: (got: unknown, want: unknown, reads: Reads) => Promise<string | undefined>;
  /** Members (dotted, indices as `*`) found to differ between two reads of one URL, and left out since. */
  readonly leftOut: ReadonlySet<string>;
}

/** One per check: what it learns of volatile members serves its later comparisons. */
export function recordComparer(): RecordComparer {
  const leftOut = new Set<string>();
  let waited = false;
  const learn = async (got: unknown, want: unknown, reads: Reads, options: Comparison): Promise<void> => {
    const [gotAgain, wantAgain] = await Promise.all([reads.again(), reads.wantAgain?.()]);
    const moved = [...volatilePaths(got, gotAgain, options), ...(reads.wantAgain ? volatilePaths(want, wantAgain, options) : [])];
    // Two reads that differ as a whole (another kind of value) leave nothing to compare: that is never left out.
    for (const p of moved) if (p !== '') leftOut.add(p);
  };
  const compare = async (got: unknown, want: unknown, reads: Reads): Promise<string | undefined> => {
    const options = (): Comparison => ({ ...recordComparison(reads.representation), paths: [...leftOut], ...(reads.summary ? { summary: true } : {}) });
    const first = firstDifference(got, want, options());
    if (first === undefined) return undefined;
    await learn(got, want, reads, options());
    const second = firstDifference(got, want, options());
    if (second === undefined || waited) return second;
    waited = true;
    await sleep(CLOCK_TICK_MS);
    await learn(got, want, reads, options());
    return firstDifference(got, want, options());
  };
  return { compare, leftOut };
}
