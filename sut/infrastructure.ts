import { z } from 'zod';
import type { TargetResponse } from './client.ts';

// Answers that are the network's, not the target's (issue 27 item 5, Principle 5): what undici's retries
// (retry-policy.ts) could not get past within the request's window. A 429 is a gateway's throttle and a 503 with
// Retry-After a deploy's "come back later" (the spec defines neither: Endpoints, "codes listed are the ones
// defined"); a connection that failed before any response, on an endpoint that has otherwise answered (its breaker
// is closed), is the network's too. No rule judges such an answer: a check that met one is skipped, saying so.
// A 5xx without Retry-After, a timeout, or resets on an endpoint that keeps failing (the breaker opened) are the
// target's, and judged as before.

export type LostKind = 'throttled' | 'unavailable' | 'transport';

export interface Lost {
  kind: LostKind;
  /** One line: `429 after 3 retries`, `transport: the connection was reset … (ECONNRESET)`. */
  reason: string;
}

const after = (retries: readonly string[] | undefined): string =>
  retries?.length ? ` after ${retries.length} ${retries.length === 1 ? 'retry' : 'retries'}` : '';

/** Why an answer is the network's, or undefined when it is the target's to be judged on. */
export function lostToInfrastructure(res: Omit<TargetResponse, 'exchange'>, breakerOpen: boolean): Lost | undefined {
  if (res.status === 429) return { kind: 'throttled', reason: `429${after(res.retries)}` };
  if (res.status === 503 && res.headers['retry-after'] !== undefined) {
    return { kind: 'unavailable', reason: `503 with Retry-After: ${res.headers['retry-after']}${after(res.retries)}` };
  }
  if (res.status === undefined && res.error?.code === 'VMP_ERR_CONNECTION' && !breakerOpen) {
    return { kind: 'transport', reason: `transport: ${res.error.message}${after(res.retries)}` };
  }
  return undefined;
}

/** What a check's (or a run's) requests met on the way: the material of the reports' infrastructure cause. */
export const trafficSchema = z.object({
  /** Requests sent, each retry counted as one more. */
  attempts: z.number().int().nonnegative(),
  /** Retries by cause (retry-policy.ts). */
  retries: z.record(z.string(), z.number().int().nonnegative()).default({}),
  /** Answers that stayed the network's after the retries, by kind. */
  lost: z.record(z.string(), z.number().int().nonnegative()).default({}),
  /** Attempts answered 429 (retried or not). */
  throttled: z.number().int().nonnegative().default(0),
  /** Attempts answered 503 with Retry-After (retried or not). */
  unavailable: z.number().int().nonnegative().default(0),
  /** The first lost answer's reason, per kind. */
  first: z.record(z.string(), z.string()).default({}),
});
export type Traffic = z.infer<typeof trafficSchema>;

export const emptyTraffic = (): Traffic => ({ attempts: 0, retries: {}, lost: {}, throttled: 0, unavailable: 0, first: {} });

const bump = (counts: Record<string, number>, key: string, by = 1): void => {
  counts[key] = (counts[key] ?? 0) + by;
};

/** Counts one answer (and the retries before it) into the tally. */
export function countAnswer(t: Traffic, res: Pick<TargetResponse, 'status' | 'retries' | 'lost'>): void {
  const retries = res.retries ?? [];
  t.attempts += 1 + retries.length;
  for (const cause of retries) bump(t.retries, cause);
  t.throttled += retries.filter((c) => c === '429').length + (res.status === 429 ? 1 : 0);
  t.unavailable += retries.filter((c) => c === '503').length + (res.lost?.kind === 'unavailable' ? 1 : 0);
  if (res.lost) {
    bump(t.lost, res.lost.kind);
    t.first[res.lost.kind] ??= res.lost.reason;
  }
}

/** Adds one tally into another. */
export function addTraffic(into: Traffic, t: Traffic): void {
  into.attempts += t.attempts;
  for (const [k, n] of Object.entries(t.retries)) bump(into.retries, k, n);
  for (const [k, n] of Object.entries(t.lost)) bump(into.lost, k, n);
  into.throttled += t.throttled;
  into.unavailable += t.unavailable;
  for (const [k, v] of Object.entries(t.first)) into.first[k] ??= v;
}

/**
 * Why a check judged nothing: `not judged: the target throttled (3×429)`, `… was unavailable (2×503 with
 * Retry-After)`, `not judged: transport (the connection was reset …)`; by the first kind of lost answer it met.
 */
export function notJudged(t: Traffic): string | undefined {
  const kind = (Object.keys(t.first) as LostKind[])[0];
  // At least the one it met: an answer another check sent and this one judged is not in its own count.
  if (kind === 'throttled') return `not judged: the target throttled (${Math.max(1, t.throttled)}×429)`;
  if (kind === 'unavailable') return `not judged: the target was unavailable (${Math.max(1, t.unavailable)}×503 with Retry-After)`;
  if (kind === 'transport') return `not judged: ${t.first.transport!.replace(/^transport: /, 'transport (')})`;
  return undefined;
}
