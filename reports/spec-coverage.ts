import { ruleById, rulesOfStatement, STATEMENTS, type Statement } from '../models/index.ts';
import type { RuleResult, SpecCoverage, StatementVerdict } from './results.ts';

// The spec coverage view: every statement of the spec, the rules that check it and their verdicts in this run.
// A statement fails when one of its rules failed, passes when a must or profile rule of it passed and none
// failed; observe-only statements are "observed", and those whose rules did not run are "not-run".

function verdictOf(s: Statement, rules: SpecCoverage[number]['rules']): StatementVerdict {
  if (s.restatedBy?.length) return 'restated';
  if (rules.length === 0) return 'unchecked';
  const ran = rules.filter((r) => r.verdict !== undefined);
  if (ran.length === 0) return 'not-run';
  if (ran.some((r) => r.verdict === 'fail')) return 'fail';
  if (ran.some((r) => r.verdict === 'pass')) return 'pass';
  if (ran.some((r) => r.verdict === 'observed')) return 'observed';
  return 'skip';
}

export function specCoverage(results: readonly RuleResult[]): SpecCoverage {
  const verdicts = new Map(results.map((r) => [r.id, r.verdict]));
  return STATEMENTS.map((s) => {
    const rules = rulesOfStatement(s).map((id) => {
      const verdict = verdicts.get(id);
      return { id, level: ruleById(id).level, ...(verdict ? { verdict } : {}) };
    });
    return {
      id: s.id,
      section: s.section,
      quote: s.quote,
      verdict: verdictOf(s, rules),
      rules,
      ...(s.reason ? { reason: s.reason } : {}),
      ...(s.restatedBy ? { restatedBy: [...s.restatedBy] } : {}),
    };
  });
}

/** Statements per verdict, for summaries. */
export function specCoverageTotals(coverage: SpecCoverage): Record<StatementVerdict, number> {
  const totals: Record<StatementVerdict, number> = { fail: 0, pass: 0, skip: 0, observed: 0, 'not-run': 0, restated: 0, unchecked: 0 };
  for (const s of coverage) totals[s.verdict] += 1;
  return totals;
}
