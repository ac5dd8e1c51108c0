import { appendFileSync, readFileSync } from 'node:fs';
import type { TargetResponse } from './client.ts';
import type { ExchangeTap } from './exchange-tap.ts';
import { countAnswer, type Traffic } from './infrastructure.ts';

// The run's whole traffic (issue 27: "the target answered 429 to 1,441 of 2,123 requests"): every request the run
// made, whichever client sent it — the lease's reads, the reachability check, inference, discovery, the checks,
// the model run, the suites' set-up and clean-up, the restores — heard by the exchange taps (exchange-tap.ts), not
// only the requests the checks counted themselves. The main thread counts into a tally; the suites' worker appends
// one line per exchange to a file the main thread reads once the worker has stopped (the worker's answers cannot
// ride on a check's result: a suite's afterAll restores come after its last check).

type Counted = Pick<TargetResponse, 'status' | 'retries' | 'lost'>;

/** A tap that counts every exchange it hears into `t`. */
export const countingInto =
  (t: Traffic): ExchangeTap =>
  (res) =>
    countAnswer(t, res);

/** What one exchange adds to the tally, as one line (no evidence: the counts' material only). */
const lineOf = (res: Counted): string =>
  `${JSON.stringify({ ...(res.status !== undefined ? { status: res.status } : {}), ...(res.retries?.length ? { retries: res.retries } : {}), ...(res.lost ? { lost: res.lost } : {}) })}\n`;

/** A tap that appends each exchange's counts to `file` (the worker's side). */
export const appendingTrafficTo =
  (file: string): ExchangeTap =>
  (res) =>
    appendFileSync(file, lineOf(res));

/** Counts the lines `appendingTrafficTo` wrote to `file` into `t` (a missing file: nothing was sent there). */
export function countFile(file: string, t: Traffic): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  for (const line of text.split('\n')) {
    // The last line of a worker stopped mid-write may be cut: it is left out.
    try {
      if (line !== '') countAnswer(t, JSON.parse(line) as Counted);
    } catch {}
  }
}
