import type { RuleResult, RunResult } from '../../api/index.ts';

// What the mutation test makes of a conformance run: a mutant is killed only by what the run's results say — a
// must or profile rule that failed, the run's deadline reached (it cut checks short: reports say so and the run
// fails), or the run refused before its checks because the target rejected the profile's own credentials (exit 3,
// VMP_ERR_CREDENTIALS: a server that answers 401 to the credentials it issued departs from Authentication, and the
// run says so as its verdict). Any other run that throws (the server did not start), errors outside any check, or a
// vitest or Stryker timeout are not a rule's verdict: the test passes on them (they are recorded,
// test/mutation/run.ts reads them) and the mutant is triaged like any survivor.

/** How the test's failure message begins: score.ts counts as killed only the failures that begin so. */
export const KILLED_BY_RULES = "the run's results fail it:";

export interface RunVerdict {
  /** The failed must/profile rules, and `deadline` when the run reached it. Empty: the mutant lives. */
  killers: string[];
  /** Errors outside any check (results.json unhandledErrors): recorded, never a kill. */
  unhandled?: string[];
  /** The run did not end with results: its error. */
  threw?: string;
}

/** A must or profile rule that failed: it kills the mutant (observe rules never fail a run). */
export const isKiller = (rule: Pick<RuleResult, 'verdict' | 'level'>): boolean => rule.verdict === 'fail' && rule.level !== 'observe';

export function verdictOf(result: Pick<RunResult, 'rules' | 'deadline' | 'unhandledErrors'>): RunVerdict {
  const failed = result.rules.filter(isKiller).map((r) => r.id);
  return {
    killers: [...failed, ...(result.deadline?.reached ? ['deadline'] : [])],
    ...(result.unhandledErrors.length > 0 ? { unhandled: result.unhandledErrors.map((e) => e.slice(0, 300)) } : {}),
  };
}

/** The killer named for a run refused because the target rejected its profile's credentials. */
export const CREDENTIALS_REFUSED = 'credentials-refused';

/** What a run that threw says: a kill only for VMP_ERR_CREDENTIALS (exit 3), otherwise recorded and no kill. */
export function verdictOfError(error: unknown): RunVerdict {
  const { name = 'Error', message = String(error), code } = (error ?? {}) as { name?: string; message?: string; code?: unknown };
  const threw = `${name}: ${message}`.slice(0, 300);
  return code === 'VMP_ERR_CREDENTIALS' ? { killers: [CREDENTIALS_REFUSED], threw } : { killers: [], threw };
}

/** The test's failure message: the killers, each failed rule with the start of its message. */
export function killMessage(verdict: RunVerdict, result: Pick<RunResult, 'rules'> | undefined): string {
  const lines = verdict.killers.map((id) => {
    const message = id === CREDENTIALS_REFUSED ? verdict.threw : result?.rules.find((r) => r.id === id)?.message;
    return message ? `${id} — ${message.split('\n')[0]!.slice(0, 200)}` : id;
  });
  return `${KILLED_BY_RULES} ${lines.join('; ')}`;
}
