import { setTimeout as sleep } from 'node:timers/promises';
import type { TargetResponse } from './client.ts';
import { retryAfterMs } from './retry-policy.ts';

// How a restore rides out a target that is throttling or deploying (issue 27, item 3): a request whose connection
// was reset or refused, or 429/502/503/504, is sent again within a bounded grace — after the Retry-After the target asked for
// (RFC 9110 §10.2.3: seconds or an HTTP date), else after an exponential backoff — so a normal end behind a
// gateway that refuses the first PUT still puts the user's configuration back, and a dead target costs seconds.

/** How long a restore keeps trying, from its first request (a few seconds: the user waits for it at every end). */
export const RESTORE_GRACE_MS = 8_000;

const TRANSIENT = new Set([429, 502, 503, 504]);
const BACKOFF_MS = 200;
const MAX_BACKOFF_MS = 2_000;

/** A reset or refused connection, or a throttling or deploying answer; a timeout is not tried again (it costs its whole wait). */
export const isTransient = (res: TargetResponse): boolean => (res.status === undefined ? res.error?.code === 'VMP_ERR_CONNECTION' : TRANSIENT.has(res.status));

/** Sends until the answer is not transient or the next try would start after `until` (epoch ms). */
export async function sendWithRetry(send: () => Promise<TargetResponse>, until: number): Promise<TargetResponse> {
  for (let attempt = 0; ; attempt++) {
    const res = await send();
    if (!isTransient(res)) return res;
    const wait = retryAfterMs(res.headers['retry-after']) ?? Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** attempt);
    if (Date.now() + wait > until) return res;
    await sleep(wait);
  }
}
