import { areaOf, RULES } from '../models/index.ts';

// Issue 23 §1: every report lists areas and rules in the catalog's order (models/rules/), never in the order
// checks happened to complete, so that two runs' logs and files diff cleanly. An area comes where its first
// rule is; a rule outside the catalog comes last, in the order given.

const RULE_INDEX = new Map(RULES.map((r, i) => [r.id, i]));
const AREA_INDEX = new Map<string, number>();
for (const r of RULES) if (!AREA_INDEX.has(areaOf(r.id))) AREA_INDEX.set(areaOf(r.id), AREA_INDEX.size);

const rank = (index: ReadonlyMap<string, number>, key: string): number => index.get(key) ?? Number.MAX_SAFE_INTEGER;

/** The areas' catalog rank: where their first rule stands. */
export const areaRank = (area: string): number => rank(AREA_INDEX, area);

/** Rules (or results) sorted by area, then by their place in the catalog; a stable sort keeps the rest as given. */
export function inCatalogOrder<T extends { id: string }>(rules: readonly T[]): T[] {
  return [...rules].sort((a, b) => areaRank(areaOf(a.id)) - areaRank(areaOf(b.id)) || rank(RULE_INDEX, a.id) - rank(RULE_INDEX, b.id));
}
