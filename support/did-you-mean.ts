// "did you mean …?" for a mistyped command or flag (issue 23 §4), as git and the Stripe CLI say it: the known
// word closest by edit distance (a swap of two neighbours counts one edit), when it is close enough to be what
// was meant — within a third of the word's length, and at least one edit.

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of adjacent characters. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The candidate the word most likely meant, or undefined when none is close. */
export function didYouMean(word: string, candidates: readonly string[]): string | undefined {
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: { candidate: string; d: number } | undefined;
  for (const candidate of candidates) {
    const d = candidate.startsWith(word) && word.length >= 3 ? 1 : distance(word.toLowerCase(), candidate.toLowerCase());
    if (d <= limit && (!best || d < best.d)) best = { candidate, d };
  }
  return best?.candidate;
}
