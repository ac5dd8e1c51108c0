import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RuleResult, RunResult, Verdict } from '../reports/results.ts';
import type { ReplayTarget } from './replay.ts';

// `replay`'s verdict: the rules' own checks, re-run with the recorded seed and runs, so their judgement — status,
// body, headers, follow-up reads — decides, and a property draws the same values. The failures of one results.json
// share its seed, so they are re-run together, in one session that loads only their suite files.

/**
 * Re-runs the checks of `failures` and says how each judged now: its verdict, in their order. Reports go to a
 * scratch directory: the results.json being replayed is left as it is.
 */
export async function rejudge(
  result: RunResult,
  failures: readonly RuleResult[],
  target: ReplayTarget,
  timeoutMs: number,
  say: (line: string) => void,
): Promise<(Verdict | undefined)[]> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'vmp-replay-'));
  try {
    const [{ runAgainst }, { suiteFileOf }] = await Promise.all([import('./run-suites.ts'), import('./suite-session.ts')]);
    const ids = failures.map((f) => f.id).join(',');
    const suites = [...new Set(failures.flatMap((f) => (f.suite ? [f.suite] : [])))];
    // Their own suite files alone: loading every file is most of a short run. A failure that names none loads all.
    const files = failures.every((f) => f.suite) ? suites.map(suiteFileOf) : undefined;
    const { result: now } = await runAgainst({
      baseUrl: target.baseUrl,
      profile: target.profile,
      embedded: target.embedded !== undefined,
      seed: result.seed,
      numRuns: result.options.runs,
      timeoutMs,
      readOnly: result.options.readOnly,
      ...(target.transport ? { transport: target.transport } : {}),
      only: ids,
      ...(files ? { files } : {}),
      reportDir: scratch,
      out: () => undefined,
    });
    const loading = files ? `, loading ${suites.map((s) => `suites/${s}`).join(', ')} only` : '';
    const checks = failures.length === 1 ? `the check of ${ids}` : `the checks of ${failures.length} rules`;
    say(`judged by re-running ${checks} (run --only ${ids} --seed ${result.seed} --runs ${result.options.runs}${loading}):`);
    const verdicts = failures.map((f) => now.rules.find((r) => r.id === f.id));
    for (const [i, f] of failures.entries()) {
      const of = failures.length > 1 ? `${f.failureId} ${f.id}: ` : '';
      say(`${of}${verdictLine(verdicts[i])}`);
    }
    if (failures.length > 1) {
      const fixed = verdicts.filter((v) => v?.verdict === 'pass').length;
      say(`${failures.length - fixed} of ${failures.length} failures still fail or could not be judged; ${fixed} do not reproduce`);
    }
    return verdicts.map((v) => v?.verdict);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function verdictLine(verdict: RuleResult | undefined): string {
  if (verdict?.verdict === 'pass') return 'now passes: the failure does not reproduce';
  if (verdict?.verdict === 'fail') return `still fails: ${verdict.message ?? 'failed'}`;
  return `not judged: the check did not run there (${verdict?.skipReason ?? 'no result'}); nothing shows the failure fixed`;
}
