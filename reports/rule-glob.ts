import { listOf, rulesAbout, type EndpointSelection } from './rule-endpoints.ts';

// --only and --exclude take rule-id globs, several separated by commas (`home/*,status/home/*`): `*` is any run of
// characters, `?` one; a glob matches a whole rule id. A rule is selected when it matches --only (every rule
// when there is none) and not --exclude; `also` adds rules by exact id whatever the globs say (a rule that fixture
// discovery broke runs even when the globs leave it out: it is why the selected checks may skip). --endpoint and
// --method narrow the selection further to the rules about those endpoints (rule-endpoints.ts).

export interface Selection extends EndpointSelection {
  only?: string;
  exclude?: string;
  also?: readonly string[];
}

const globBody = (glob: string): string =>
  glob
    .split('')
    .map((ch) => (ch === '*' ? '[^\\]]*' : ch === '?' ? '[^\\]]' : ch.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
    .join('');

const alternatives = (list: string): string => listOf(list).map(globBody).join('|');
const exact = (ids: readonly string[]): string => ids.map((id) => id.replace(/[.+^${}()|[\]\\/*?]/g, '\\$&')).join('|');

/** A pattern for vitest's testNamePattern: titles start with `[rule-id]`. */
export function selectionPattern(s: Selection): string {
  const excluded = s.exclude ? `(?!\\[(?:${alternatives(s.exclude)})\\])` : '';
  const about = rulesAbout(s);
  const within = about ? `(?=\\[(?:${about.length ? exact(about) : '(?!)'})\\])` : '';
  const chosen = `^${excluded}${within}\\[(?:${s.only ? alternatives(s.only) : '[^\\]]*'})\\]`;
  return s.also?.length ? `^\\[(?:${exact(s.also)})\\]|${chosen}` : chosen;
}

/** Whether a rule id is selected. */
export function isSelected(s: Selection, ruleId: string): boolean {
  return new RegExp(selectionPattern(s)).test(`[${ruleId}]`);
}

/** Whether a rule id matches a glob list (--only alone; undefined matches every rule). */
export function matchesOnly(only: string | undefined, ruleId: string): boolean {
  return only === undefined || new RegExp(`^(?:${alternatives(only)})$`).test(ruleId);
}
