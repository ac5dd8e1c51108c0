import { inject } from 'vitest';
import { TargetClient } from '../../sut/client.ts';
import type { CaptureReach } from '../../sut/capture-reach.ts';
import type { RunDeadline } from '../../sut/deadline.ts';
import type { Fixtures } from '../../sut/discovery.ts';
import type { Provenance } from '../../sut/infer/provenance.ts';
import type { Profile } from '../../sut/profile.ts';
import type { TransportSettings } from '../../sut/transport.ts';
import type { JournalPlace } from '../../sut/durable-journal.ts';
import type { MaxFailures } from './max-failures.ts';
import { watchRun } from './run-ledger.ts';
import { allTaps, setThreadTap } from '../../sut/exchange-tap.ts';
import { appendingTrafficTo } from '../../sut/traffic-tap.ts';
import { appendingTo } from '../../sut/har.ts';

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
  /** When the run must end (`--max-duration`): checks not done by then are reported as not run. */
  deadline?: RunDeadline;
  /** Change configured webhook topics even where their restore would lose something (sut/webhook-restore.ts). */
  discardUnrestorableWebhooks: boolean;
  /** Profile values init or this run inferred: a failure that read one names it (issue 21). */
  provenance?: Provenance[];
  /** How the run reaches the target's network (CAs, proxy, pacing): sut/transport.ts. */
  transport?: TransportSettings;
  /** The durable journal every save of a webhook topic writes before its change (a target given by --base-url). */
  journal?: JournalPlace;
  /**
   * The main thread restores and confirms every topic once the worker has stopped (api/run-suites.ts): a
   * session's own restore that fails is then said by it, not thrown as an error outside any check.
   */
  confirmedByMain?: boolean;
  /** `run --har`: the file the worker appends every exchange to, as NDJSON HAR entries (sut/har.ts). */
  harFile?: string;
  /** The file the worker appends every exchange's counts to, for the run's infrastructure cause (sut/traffic-tap.ts). */
  trafficFile?: string;
  /** --bail / --max-failures: the checks not started once the run has this many failures skip (max-failures.ts). */
  maxFailures?: MaxFailures;
}

/**
 * An endpoint whose answers take over half the timeout this many times in a row is not asked again in the run
 * (sut/breaker.ts): a slow target yields failed checks in minutes, not passing ones in hours.
 */
export const SLOW_STRIKES = 3;

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
        transport: ctx.transport,
        ...(ctx.deadline ? { deadline: ctx.deadline } : {}),
        slow: { afterMs: ctx.timeoutMs / 2, strikes: SLOW_STRIKES },
      }),
    };
    watchRun(ctx.runId, cached.client);
    // Every client of the worker (the hooks' of an absolute base too) is heard by the run's HAR and its tally.
    setThreadTap(allTaps(ctx.harFile ? appendingTo(ctx.harFile) : undefined, ctx.trafficFile ? appendingTrafficTo(ctx.trafficFile) : undefined));
  }
  return cached.client;
}
