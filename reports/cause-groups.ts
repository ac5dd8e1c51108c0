import { failingExchange, type Exchange } from '../sut/evidence.ts';
import { failureCause } from './failure-cause.ts';
import type { RuleResult } from './results.ts';

// Failures read by cause (issue 23 §2): one fault of the target (a member sent with the wrong type) can fail
// twenty rules with one finding; every report leads with the causes — how many rules each fails, the exchange
// where it was first seen, the rules — and then lists the rules.

export interface CauseGroup {
  /** The finding as the first of its rules said it. */
  text: string;
  key: string;
  /** In catalog order (the rules are). */
  rules: RuleResult[];
  /** The exchange that shows it in its first rule that has one. */
  exchange?: Exchange;
}

/** The failed rules grouped by cause, each group where its first rule is. */
export function causeGroups(failed: readonly RuleResult[]): CauseGroup[] {
  const groups = new Map<string, CauseGroup>();
  for (const r of failed) {
    const cause = failureCause(r.message ?? 'failed');
    const key = r.cause ?? cause.key;
    const group = groups.get(key) ?? { text: cause.text, key, rules: [] };
    group.rules.push(r);
    group.exchange ??= failingExchange(r.exchanges);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** `2 causes → 20 rules`. */
export const causesHeadline = (groups: readonly CauseGroup[]): string => {
  const rules = groups.reduce((n, g) => n + g.rules.length, 0);
  return `${groups.length} cause${groups.length === 1 ? '' : 's'} → ${rules} rule${rules === 1 ? '' : 's'}`;
};

/** Where a cause was first seen: `[GET] /v3/agencias?operador=… → 400`. */
export const seenAt = (x: Exchange): string => `[${x.method}] ${x.url} → ${x.status ?? 'no response'}${x.error ? ` (${x.error})` : ''}`;
