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

/** Runs `body` with every exchange it causes, in this thread, heard by `tap`. */
export const tapExchanges = <T>(tap: ExchangeTap, body: () => Promise<T>): Promise<T> => scoped.run(tap, body);

/** The worker's tap for the run it serves now (undefined: none). */
export function setThreadTap(tap: ExchangeTap | undefined): void {
  threadTap = tap;
}

/** The tap of the exchange being made, if any. */
export const currentTap = (): ExchangeTap | undefined => scoped.getStore() ?? threadTap;
