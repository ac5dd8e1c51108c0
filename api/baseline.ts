import { readJsonFile } from './json-file.ts';
import { writeFileAtomic } from '../support/atomic-write.ts';
import { z } from 'zod';
import type { BaselineComparison, RuleResult } from '../reports/results.ts';
import { MiB } from '../support/bounded-read.ts';
import { UsageError } from '../support/errors.ts';
import { legacyCauseMatches } from '../reports/failure-cause.ts';

// Baselines, like web-platform-tests expectations: the failures a target is known to have. A baseline turns them
// into known failures that do not fail the run, and the run says which now pass so the file can shrink. Each is
// a rule and its failure's cause (reports/failure-cause.ts, the message without what varies between runs): a
// known-failing rule that starts failing in another way is a new failure. An entry that is a bare rule id (the
// first format, still read) expects that rule to fail in any way. A cause is what the target did (its departure,
// sut/departure.ts: `member-missing Instance`), never a note on the profile; an entry written before causes were
// departures holds the message's finding instead, and is matched by it (legacyCauseMatches), so an old baseline
// still holds, a profile edited since too.

const entrySchema = z.union([z.string(), z.strictObject({ rule: z.string(), cause: z.string() })]);

export const baselineSchema = z.strictObject({
  tool: z.literal('vmp-conformance'),
  version: z.string(),
  /** Sorted by rule, then cause, so the file diffs cleanly in review. */
  failing: z.array(entrySchema),
});
export type Baseline = z.infer<typeof baselineSchema>;

/** The rules a baseline expects to fail: their failures do not count towards --max-failures either. */
export const knownFailing = (b: Baseline): string[] => [...new Set(b.failing.map(ruleOf))];

const ruleOf = (entry: Baseline['failing'][number]): string => (typeof entry === 'string' ? entry : entry.rule);

/** A baseline lists failing rules and causes: some KiB; past this a file is no baseline (docs/commands.md). */
const BASELINE_MAX_BYTES = 16 * MiB;

export async function readBaseline(file: string): Promise<Baseline> {
  return readJsonFile('--baseline', file, baselineSchema, {
    maxBytes: BASELINE_MAX_BYTES,
    invalid: (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  });
}

/** Every rule failing now, with its cause (any level, though only must/profile rules can fail). */
export function baselineOf(rules: readonly RuleResult[], version: string): Baseline {
  const failing = new Map<string, { rule: string; cause: string }>();
  for (const r of rules) if (r.verdict === 'fail') failing.set(`${r.id}\n${r.cause ?? ''}`, { rule: r.id, cause: r.cause ?? '' });
  return { tool: 'vmp-conformance', version, failing: [...failing].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e) };
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
  // Per rule, the causes it is known to fail with; undefined: any cause (a bare rule id).
  const known = new Map<string, Set<string> | undefined>();
  for (const entry of baseline.failing) {
    const rule = ruleOf(entry);
    if (typeof entry === 'string') known.set(rule, undefined);
    else if (!known.has(rule) || known.get(rule)) known.set(rule, (known.get(rule) ?? new Set()).add(entry.cause));
  }
  const comparison: BaselineComparison = { file, stillFailing: [], nowPassing: [], newFailures: [], newCauses: [], notRun: [] };
  const ran = new Set<string>();
  for (const r of rules) {
    if (r.verdict === 'skip') continue;
    ran.add(r.id);
    if (r.verdict === 'fail') {
      const causes = known.get(r.id);
      const expected =
        known.has(r.id) && (causes === undefined || causes.has(r.cause ?? '') || [...causes].some((c) => legacyCauseMatches(c, r.message ?? '')));
      r.baseline = expected ? 'still-failing' : 'new-failure';
      (expected ? comparison.stillFailing : comparison.newFailures).push(r.id);
      if (!expected && known.has(r.id)) comparison.newCauses.push(r.id);
    } else if (known.has(r.id)) {
      r.baseline = 'now-passing';
      comparison.nowPassing.push(r.id);
    }
  }
  comparison.notRun = [...known.keys()].filter((id) => !ran.has(id));
  for (const list of Object.values(comparison)) if (Array.isArray(list)) list.sort();
  return comparison;
}
