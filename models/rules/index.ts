import type { Rule } from '../rule.ts';
import { BEHAVIOUR_RULES } from './behaviour.ts';
import { CATALOG_RULES } from './catalog.ts';
import { EFFECT_RULES } from './effects.ts';
import { FILTER_RULES } from './filters.ts';
import { LIMIT_RULES } from './limits.ts';
import { OBSERVATION_RULES } from './observations.ts';
import { PRECONDITION_RULES } from './preconditions.ts';
import { RESOURCE_RULES } from './resources.ts';
import { FUZZ_RULES } from './fuzz.ts';
import { MODEL_RULES } from './model.ts';

/** Every rule of the catalog, in the order `vmp-conformance rules` lists them. */
export const RULES: readonly Rule[] = [
  ...LIMIT_RULES,
  ...CATALOG_RULES,
  ...RESOURCE_RULES,
  ...BEHAVIOUR_RULES,
  ...FILTER_RULES,
  ...PRECONDITION_RULES,
  ...EFFECT_RULES,
  ...OBSERVATION_RULES,
  ...FUZZ_RULES,
  ...MODEL_RULES,
];

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

/** The rule of that id; an unknown id throws. */
export function ruleById(id: string): Rule {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
}

export const hasRule = (id: string): boolean => BY_ID.has(id);
