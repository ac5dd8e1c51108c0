import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, expect, test, vi } from 'vitest';
import { runConformance, type RunOutcome } from '../../api/index.ts';
import { isKiller, killMessage, verdictOf, verdictOfError, type RunVerdict } from './verdict.ts';

// The test that must fail (issue 28 §1): the conformance run against the embedded reference server, started from
// the (mutated) sources of reference/ — runConformance with no base URL, as `npm start` runs it. Stryker runs it
// (stryker.config.mjs, `npm run mutation`); npm test's include never picks it up.
//
// One test per profile of the embedded server (its default choices, then reference-alt.json's and
// reference-query.json's: the code of other choices runs only under them), each one whole run. Cut into groups of
// rule areas instead, one test each, the run costs five times as much: each part pays start-up, discovery and the
// sweeps of the rules that judge every answer heard, and a surviving mutant pays all of them. The run stops at its
// first failed rule (a killed mutant needs no more), as Ctrl-C stops it: what it changed is put back and the results
// hold that rule. Stryker runs a mutant's covering tests in this order and stops at the first that fails.
//
// Coverage per test holds: the server runs in this test's thread and answers only while the test awaits its run,
// so the code a run reaches is recorded under the test that started it. Each test imports the server afresh
// (resetModules; api/embedded.ts imports it once the test has begun, after Stryker made the mutant active), so its
// module-level code and caches (home's ETags) run, mutated, in every test that uses them.

const SEED = 1;
/** A fixed day: a mutant meets the same data on every run, so incremental results stay valid. */
const TODAY = '2025-06-15';
/**
 * The run keeps its own deadline (--max-duration, by default about 11 minutes for the whole catalog, as `npm start`
 * has it): a mutant that makes the server hang ends by it and the results say so (`deadline`). vitest's timeout and
 * Stryker's are above it; a run takes 10–70 s on 2 shared cores, so load alone never reaches it.
 */
const TEST_TIMEOUT_MS = 15 * 60_000;
/** The run's --only: the whole catalog, or (VMP_MUTATION_ONLY) the areas npm test's sample needs, default profile only (sample.test.ts). */
const ONLY = process.env.VMP_MUTATION_ONLY || undefined;

/** The embedded server's profiles: undefined is its default (profiles/reference.json), as `npm start` runs it. */
const PROFILES: readonly (string | undefined)[] = ONLY ? [undefined] : [undefined, 'profiles/reference-alt.json', 'profiles/reference-query.json'];

/** Each run's verdict, with the mutant Stryker made active, for run.ts (VMP_MUTATION_LOG, JSON lines). */
async function record(profile: string | undefined, verdict: RunVerdict, ms: number): Promise<void> {
  const file = process.env.VMP_MUTATION_LOG;
  if (!file) return;
  const mutant = (globalThis as { __stryker__?: { activeMutant?: string } }).__stryker__?.activeMutant ?? null;
  await appendFile(file, `${JSON.stringify({ mutant, profile: profile ?? 'default', ...verdict, ms: Math.round(ms) })}\n`);
}

beforeEach(() => {
  vi.resetModules();
});

/** The first test's name is the one it had before the other profiles joined: the results kept for it stay valid. */
const nameOf = (profile: string | undefined) => `conformance run against the embedded reference server${profile ? ` (${profile})` : ''}`;

for (const profile of PROFILES)
  test(nameOf(profile), { timeout: TEST_TIMEOUT_MS }, async () => {
    const started = performance.now();
    const reportDir = await mkdtemp(path.join(tmpdir(), 'vmp-mutation-'));
    const stop = new AbortController();
    let outcome: RunOutcome | undefined;
    let verdict: RunVerdict;
    try {
      outcome = await runConformance({
        seed: SEED,
        today: TODAY,
        reportDir,
        ...(profile ? { profile } : {}),
        ...(ONLY ? { only: ONLY } : {}),
        signal: stop.signal,
        onRule: (rule) => {
          if (isKiller(rule)) stop.abort();
        },
      });
      verdict = verdictOf(outcome.result);
    } catch (error) {
      verdict = verdictOfError(error);
    } finally {
      await rm(reportDir, { recursive: true, force: true });
    }
    await record(profile, verdict, performance.now() - started);
    expect(verdict.killers, killMessage(verdict, outcome?.result)).toEqual([]);
  });
