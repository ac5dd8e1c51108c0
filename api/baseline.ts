import { readJsonFile } from './json-file.ts';
import { writeFileAtomic } from '../support/atomic-write.ts';
import { z } from 'zod';
import type { BaselineComparison, RuleResult } from '../reports/results.ts';
import { UsageError } from '../support/errors.ts';

// Baselines, like web-platform-tests expectations: the rule ids a target is known to fail. A baseline turns
// them into known failures that do not fail the run, and the run says which now pass so the file can shrink.

export const baselineSchema = z.strictObject({
  tool: z.literal('vmp-conformance'),
  version: z.string(),
  /** Rule ids, sorted, so the file diffs cleanly in review. */
  failing: z.array(z.string()),
});
export type Baseline = z.infer<typeof baselineSchema>;

export async function readBaseline(file: string): Promise<Baseline> {
  return readJsonFile('--baseline', file, baselineSchema, { invalid: (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}` });
}

/** Every rule failing now (any level, though only must/profile rules can fail). */
export function baselineOf(rules: readonly RuleResult[], version: string): Baseline {
  const failing = [...new Set(rules.filter((r) => r.verdict === 'fail').map((r) => r.id))].sort();
  return { tool: 'vmp-conformance', version, failing };
}

export async function writeBaseline(file: string, baseline: Baseline): Promise<void> {
  try {
    await writeFileAtomic(file, `${JSON.stringify(baseline, null, 2)}\n`);
  } catch (error) {
    throw new UsageError(`--write-baseline ${file}: cannot write it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** Compares this run with a baseline and marks each rule result still-failing, now-passing or new-failure. */
export function compareWithBaseline(rules: RuleResult[], baseline: Baseline, file: string): BaselineComparison {
  const known = new Set(baseline.failing);
  const comparison: BaselineComparison = { file, stillFailing: [], nowPassing: [], newFailures: [], notRun: [] };
  const ran = new Set<string>();
  for (const r of rules) {
    if (r.verdict === 'skip') continue;
    ran.add(r.id);
    if (r.verdict === 'fail') {
      r.baseline = known.has(r.id) ? 'still-failing' : 'new-failure';
      (known.has(r.id) ? comparison.stillFailing : comparison.newFailures).push(r.id);
    } else if (known.has(r.id)) {
      r.baseline = 'now-passing';
      comparison.nowPassing.push(r.id);
    }
  }
  comparison.notRun = baseline.failing.filter((id) => !ran.has(id));
  for (const list of Object.values(comparison)) if (Array.isArray(list)) list.sort();
  return comparison;
}
