import { GAPS, type Gap } from '../models/index.ts';
import type { RuleResult, Verdict } from './results.ts';

// The observed-behaviour table: every gap the spec leaves (models/gaps.ts) with the profile key that
// describes the target's choice and what the observe rule recorded — the part a reader cannot get from
// pass/fail alone.

export interface ObservationRow {
  gap: Gap;
  /** The observe rule's verdict and finding, when that rule ran. */
  verdict?: Verdict;
  observation?: string;
  /** What the observe rule saw. */
  exchanges?: RuleResult['exchanges'];
}

export function observationRows(rules: readonly RuleResult[]): ObservationRow[] {
  const byId = new Map(rules.map((r) => [r.id, r]));
  return GAPS.map((gap) => {
    const r = gap.observedBy ? byId.get(gap.observedBy) : undefined;
    if (!r) return { gap };
    const observation = r.observation ?? r.skipReason ?? r.message;
    return { gap, verdict: r.verdict, exchanges: r.exchanges, ...(observation ? { observation } : {}) };
  });
}

/**
 * The target's declared choice for a gap: the profile value at a dotted key, as indented JSON. Keys naming
 * several places (`apps.*.headers`, `templates, catalogKeys`) are not resolved.
 */
export function profileChoice(profile: Record<string, unknown>, key: string | undefined): string | undefined {
  if (!key || /[*,\s]/.test(key)) return undefined;
  let value: unknown = profile;
  for (const part of key.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  if (value === undefined) return undefined;
  return JSON.stringify(value, null, 2);
}

/** Observe rules that no gap names, so their findings still appear in the table's tail. */
export function otherObservations(rules: readonly RuleResult[]): RuleResult[] {
  const named = new Set(GAPS.flatMap((g) => (g.observedBy ? [g.observedBy] : [])));
  return rules.filter((r) => r.level === 'observe' && !named.has(r.id) && (r.observation ?? r.skipReason));
}
