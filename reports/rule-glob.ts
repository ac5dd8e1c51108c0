// --only takes a rule-id glob, or several separated by commas (`home/*,status/home/*`): `*` is any run of
// characters, `?` one; a glob matches a whole rule id.
const globBody = (glob: string): string =>
  glob
    .split('')
    .map((ch) => (ch === '*' ? '[^\\]]*' : ch === '?' ? '[^\\]]' : ch.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
    .join('');

const globs = (only: string): string[] =>
  only
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g !== '');

/** A pattern for vitest's testNamePattern: titles start with `[rule-id]`. */
export function onlyPattern(only: string): string {
  return `^\\[(?:${globs(only).map(globBody).join('|')})\\]`;
}

/** Whether a rule id matches --only. */
export function matchesOnly(only: string | undefined, ruleId: string): boolean {
  if (only === undefined) return true;
  return new RegExp(`^(?:${globs(only).map(globBody).join('|')})$`).test(ruleId);
}
