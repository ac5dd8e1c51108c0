import { AsyncLocalStorage } from 'node:async_hooks';
import type { TargetResponse } from './client.ts';

// Who hears every exchange with the target, whichever client sends it (`run --har`, issue 29 §8): inference,
// discovery, the checks, their clean-up and the restores each make clients of their own. In the main thread a
// run's tap rides on its async context (two runs of the API in one process each hear their own); in the suites'
// worker, which serves one run at a time, a tap is set for the thread.

/** Hears one exchange: its evidence (already redacted) and the response, with the secrets of the client that sent it. */
export type ExchangeTap = (res: TargetResponse, secrets: readonly string[]) => void;

const scoped = new AsyncLocalStorage<ExchangeTap>();
let threadTap: ExchangeTap | undefined;

/** One tap that is each of `taps` (none: undefined). */
export function allTaps(...taps: (ExchangeTap | undefined)[]): ExchangeTap | undefined {
  const each = taps.filter((t) => t !== undefined);
  if (each.length <= 1) return each[0];
  return (res, secrets) => {
    for (const t of each) t(res, secrets);
  };
}

/** Runs `body` with every exchange it causes, in this thread, heard by `tap` and by the taps around it (a HAR, a tally). */
export const tapExchanges = <T>(tap: ExchangeTap, body: () => Promise<T>): Promise<T> => scoped.run(allTaps(scoped.getStore(), tap)!, body);

/** The worker's tap for the run it serves now (undefined: none). */
export function setThreadTap(tap: ExchangeTap | undefined): void {
  threadTap = tap;
}

/** The tap of the exchange being made, if any. */
export const currentTap = (): ExchangeTap | undefined => scoped.getStore() ?? threadTap;
