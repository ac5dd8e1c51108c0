// The session's worker thread serves run after run with its modules evaluated once (api/kept-threads.ts), so a
// module's state lasts the whole session. What a run invents from a count — names, a generator's seed — must not
// depend on the runs the worker served before it: a replay of the same seed on a fresh worker invents the same data.

/** A counter that starts again at 1 with each run: `next(runId)` is 1, 2, 3, … within one run. */
export function runCounter(): (runId: string) => number {
  let current: string | undefined;
  let n = 0;
  return (runId) => {
    if (runId !== current) {
      current = runId;
      n = 0;
    }
    n += 1;
    return n;
  };
}
