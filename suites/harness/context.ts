import { inject } from 'vitest';
import { TargetClient } from '../../target/client.ts';
import type { CaptureReach } from '../../target/capture-reach.ts';
import type { Fixtures } from '../../target/discovery.ts';
import type { Profile } from '../../target/profile.ts';

/** Everything a suite knows about the run; the CLI provides it through vitest.provide('vmp', …). */
export interface RunContext {
  baseUrl: string;
  profile: Profile;
  fixtures: Fixtures;
  /** Unique per run: invented e-mails and template values carry it, so the run touches only its own resources. */
  runId: string;
  seed: number;
  /** fast-check runs per property. */
  numRuns: number;
  readOnly: boolean;
  timeoutMs: number;
  maxBodyBytes: number;
  secrets: string[];
  /** The target's today (yyyy-mm-dd), from the profile's `today` or its time zone. */
  today: string;
  /** Where the suites' webhook capture server listens, and the URL the target is given to reach it. */
  capture: CaptureReach;
  /** Change configured webhook topics even where their restore would lose something (target/webhook-restore.ts). */
  discardUnrestorableWebhooks: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    vmp: RunContext;
  }
}

let cached: { ctx: RunContext; client: TargetClient } | undefined;

export function runContext(): RunContext {
  return inject('vmp');
}

/**
 * One client per run, reused by every check and file in the worker: keep-alive connections, and one
 * circuit breaker, so a hanging endpoint costs one timeout per run rather than one per file. vitest hands
 * each file a fresh context object, so the run is recognised by its runId.
 */
export function targetClient(): TargetClient {
  const ctx = runContext();
  if (cached?.ctx.runId !== ctx.runId) {
    void cached?.client.close();
    cached = {
      ctx,
      client: new TargetClient({
        baseUrl: ctx.baseUrl,
        profile: ctx.profile,
        timeoutMs: ctx.timeoutMs,
        maxBodyBytes: ctx.maxBodyBytes,
        secrets: ctx.secrets,
      }),
    };
  }
  return cached.client;
}
