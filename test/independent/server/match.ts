// Best-match lookups: a value is matched against named keys of each candidate, case-insensitively.
import { fold } from './validate.ts';

export type Keys = readonly (string | undefined)[];

/** The URL path of an absolute api-url, so a caller that reached us under another host name still matches. */
function pathOfUrl(value: string): string | undefined {
  try {
    return new URL(value).pathname;
  } catch {
    return undefined;
  }
}

/** The first candidate one of whose keys equals the value (ignoring case and surrounding blanks). */
export function exactMatch<T>(value: string, candidates: readonly T[], keys: (item: T) => Keys): T | undefined {
  const wanted = fold(value.trim());
  const wantedPath = pathOfUrl(value.trim());
  return candidates.find((item) =>
    keys(item).some((key) => key !== undefined && (fold(key) === wanted || (wantedPath !== undefined && fold(key) === fold(wantedPath)))),
  );
}

/** Candidates whose name contains the value, those starting with it first, then the shorter names. */
export function partialMatches<T>(value: string, candidates: readonly T[], name: (item: T) => string): T[] {
  const wanted = fold(value.trim());
  if (wanted === '') return [];
  return candidates
    .filter((item) => fold(name(item)).includes(wanted))
    .sort((a, b) => Number(!fold(name(a)).startsWith(wanted)) - Number(!fold(name(b)).startsWith(wanted)) || name(a).length - name(b).length);
}
