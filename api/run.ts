import { RULES } from '../models/index.ts';
import { isSelected } from '../reports/rule-glob.ts';
import { TargetClient } from '../sut/client.ts';
import type { DraftProfile, Profile } from '../sut/profile.ts';
import { completeProfile, ProfileError } from '../sut/profile-load.ts';
import type { Finding } from '../sut/infer/probe.ts';
import { needsInference, provisional } from '../sut/infer/infer.ts';
import { type Lease, restoreCommand, takeLease } from '../sut/target-lease.ts';
import { prepareTarget } from '../sut/prepare.ts';
import { redact } from '../sut/redact.ts';
import type { RunDeadline } from '../sut/deadline.ts';
import { secretsOf } from '../sut/secrets.ts';
import type { CaptureReach } from '../sut/capture-reach.ts';
import { TargetError, UsageError } from '../support/errors.ts';
import { ResultCollector } from '../reports/collector.ts';
import { DEFAULT_REPORT_DIR } from '../reports/replay-command.ts';
import { buildRunResult } from '../reports/run-result.ts';
import { writeReports } from '../reports/write.ts';
import { checkTarget, inferTarget } from './infer-target.ts';
import type { Baseline } from './baseline.ts';
import { startEmbedded, type Embedded } from './embedded.ts';
import { defaultMaxDurationSec, runDeadline } from './run-deadline.ts';
import { InterruptedBeforeChecks, type RunControl } from './interrupt.ts';
import { newRunId } from './run-id.ts';
import type { RunAgainstOptions } from './run-suites.ts';
import type { RunOutcome } from './run-outcome.ts';
import type { RuleListener } from '../reports/progress.ts';
import type { TransportSettings } from '../sut/transport.ts';
import { recordingHar, type HarRecording } from './har-file.ts';
import { transportFacts, transportField, transportLines } from '../sut/transport-notes.ts';
import { tapExchanges } from '../sut/exchange-tap.ts';
import { emptyTraffic, type Traffic } from '../sut/infrastructure.ts';
import { countingInto } from '../sut/traffic-tap.ts';

// `run` below the CLI: starts the embedded reference server when there is no base URL, completes the profile by
// inference, explores the target and hands over to runAgainst (run-suites.ts). Throws TargetError when no
// connection can be made or the credentials are rejected, UsageError for a profile that cannot be completed.

/** fast-check runs per property: keeps a full run against the embedded server well under 20 s. */
export const DEFAULT_RUNS = 25;
export { DEFAULT_REPORT_DIR };
export const DEFAULT_TIMEOUT_MS = 5_000;
/** fast-check seeds are 32-bit signed integers. */
export const MAX_SEED = 2 ** 31 - 1;
export const randomSeed = (): number => Math.floor(Math.random() * MAX_SEED);

/** Everything a run needs, validated. */
export interface RunSettings {
  baseUrl?: string;
  /** The --profile file as given: keys it leaves out are inferred from the target at the start of the run. */
  draft?: DraftProfile;
  /** The profile file's JSON, for an embedded server that should adopt its choices. */
  profileJson?: unknown;
  /** The profile file, absolute: results.json records it so that `replay` reaches the target again. */
  profileFile?: string;
  /** Absolute (the CLI and the API resolve it against the caller's working directory). */
  reportDir: string;
  seed: number;
  numRuns: number;
  timeoutMs: number;
  /** --max-duration; absent: derived from the selected checks (run-deadline.ts). */
  maxDurationSec?: number;
  /** Epoch ms the deadline counts from (default: when executeRun is called); the CLI gives its process's start. */
  startedAt?: number;
  readOnly: boolean;
  only?: string;
  /** Rule-id globs whose checks do not run (--exclude). */
  exclude?: string;
  /** Endpoint globs and HTTP methods (--endpoint, --method; comma lists): only the rules about them run. */
  endpoint?: string;
  method?: string;
  /** --har: every exchange with the target written there as HAR 1.2, redacted. */
  har?: string;
  /** --bail (1) / --max-failures: once this many rules failed, the checks not yet started are skipped. */
  maxFailures?: number;
  baseline?: { file: string; baseline: Baseline };
  writeBaseline?: string;
  today?: string;
  capture: CaptureReach;
  /** How the run reaches the target's network (CAs, proxy, pacing): sut/transport.ts. */
  transport?: TransportSettings;
  discardUnrestorableWebhooks: boolean;
  /** Each rule's result as it completes, with the run's totals so far. */
  onRule?: RuleListener;
}

/**
 * The profile a run against --base-url works with: the file's values, and every key it leaves out that the target
 * shows inferred the way `init` infers it (issue 14; explicit values always win). Exit 3 when the target cannot be
 * reached or refuses the credentials; exit 2 naming the key when one the suites need is neither given nor told.
 */
async function completeByInference(
  s: RunSettings,
  draft: DraftProfile,
  deadline: RunDeadline,
  out: (line: string) => void,
  interrupt?: RunControl,
): Promise<{ profile: Profile; inferred: Finding[] }> {
  const base = { baseUrl: s.baseUrl!, draft, timeoutMs: s.timeoutMs, deadline, transport: s.transport };
  await checkTarget(base);
  if (!needsInference(draft)) return { profile: completeProfile(draft), inferred: [] };
  const say = (line: string) => out(redact(line, secretsOf(draft)));
  const inference = await inferTarget({
    ...base,
    readOnly: s.readOnly,
    capture: s.capture,
    runId: `i${Date.now().toString(36)}`,
    ...(interrupt ? { signal: interrupt.signal, track: (outstanding: () => string[]) => interrupt.track(outstanding) } : {}),
  });
  for (const line of inference.notRestored) say(`inference: NOT restored ${line}`);
  if (interrupt?.signal.aborted) throw new InterruptedBeforeChecks('interrupted while inferring the profile');
  try {
    return { profile: completeProfile(inference.known, {}, Object.fromEntries(inference.hints.map((h) => [h.key, h.hint]))), inferred: inference.found };
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(`--profile: ${error.message}`);
    throw error;
  }
}

/**
 * A run that could not start its checks (exit 3) still writes its report set (issue 23 §1): CI's upload and
 * publish steps then show why, every selected rule reported not run for that reason. Then the error goes on.
 */
async function reportTargetError(s: RunSettings, error: TargetError, startedAt: number, out: (line: string) => void): Promise<void> {
  const profile = s.draft;
  if (!profile) return; // only a target given by --base-url (with its profile) can be unreachable
  const secrets = secretsOf(profile);
  await writeReports(nothingJudged(s, profile, secrets, startedAt, { code: error.code, message: redact(error.message, secrets) }), s.reportDir, secrets);
  out(`reports: ${s.reportDir} (no check ran: ${redact(error.message, secrets)})`);
}

/** The result of a run that judged nothing, for the reason `error` gives; with `usage`, refused for its usage (exit 2). */
function nothingJudged(
  s: Partial<RunSettings> & Pick<RunSettings, 'reportDir'>,
  profile: DraftProfile,
  secrets: readonly string[],
  startedAt: number,
  error: { code: string; message: string },
  usage = false,
) {
  return buildRunResult(new ResultCollector(), {
    startedAt,
    seed: s.seed ?? 0,
    baseUrl: s.baseUrl ?? '',
    embedded: false,
    ...(s.profileFile ? { profileFile: s.profileFile } : {}),
    ...(s.baseUrl ? transportField(s.transport, s.baseUrl) : {}),
    reportDir: s.reportDir,
    profile,
    secrets,
    runs: s.numRuns ?? DEFAULT_RUNS,
    readOnly: s.readOnly ?? false,
    timeoutMs: s.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(s.only ? { only: s.only } : {}),
    ...(s.exclude ? { exclude: s.exclude } : {}),
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    ...(s.method ? { method: s.method } : {}),
    // A usage error selects nothing: the one <error> it writes is the report (issue 29 §7).
    selected: usage ? [] : RULES.filter((r) => isSelected(s, r.id)),
    error,
    usage,
  });
}

/**
 * A run refused for its command line or its profile (exit 2) writes results.json, junit.xml and summary.md too,
 * with one error naming the problem (issue 29 §7), so that a CI step publishing junit.xml finds why. `known` is
 * what was read before the refusal (the report directory at least). Best effort: a directory that cannot take the
 * reports leaves the refusal as it is, one line.
 */
export async function reportUsageError(known: Partial<RunSettings> & Pick<RunSettings, 'reportDir'>, error: UsageError, startedAt = Date.now()): Promise<void> {
  const secrets = known.draft ? secretsOf(known.draft) : [];
  const result = nothingJudged(
    known,
    known.draft ?? ({} as DraftProfile),
    secrets,
    startedAt,
    { code: error.code, message: redact(error.message, secrets) },
    true,
  );
  await writeReports(result, known.reportDir, secrets).catch(() => undefined);
}

/** Runs with validated settings: the embedded server when there is no base URL, stopped afterwards. */
export async function executeRun(s: RunSettings, out: (line: string) => void, interrupt?: RunControl): Promise<RunOutcome> {
  const startedAt = s.startedAt ?? Date.now();
  // Before any request: how the target is reached, --insecure first (said again with the verdict).
  if (s.baseUrl) for (const line of transportLines(transportFacts(s.transport, s.baseUrl))) out(`run: ${line}`);
  // However the run ends, the HAR holds what it exchanged until then; the tally counts every request from the
  // first (the lease's reads) to the restores (sut/traffic-tap.ts).
  const heard = emptyTraffic();
  return recordingHar(s.har, s.draft ? secretsOf(s.draft) : [], out, (har) =>
    tapExchanges(countingInto(heard), async () => {
      try {
        return await executeChecks(s, startedAt, heard, out, interrupt, har);
      } catch (error) {
        if (error instanceof TargetError) await reportTargetError(s, error, startedAt, out);
        throw error;
      }
    }),
  );
}

async function executeChecks(
  s: RunSettings,
  startedAt: number,
  heard: Traffic,
  out: (line: string) => void,
  interrupt?: RunControl,
  har?: HarRecording,
): Promise<RunOutcome> {
  const checks = RULES.filter((r) => isSelected(s, r.id)).length;
  const deadline = runDeadline(startedAt, s.maxDurationSec ?? defaultMaxDurationSec(checks, s.numRuns, s.draft?.simulationHooks));
  let embedded: Embedded | undefined;
  let lease: Lease | undefined;
  try {
    if (!s.baseUrl) {
      embedded = await startEmbedded({
        ...(s.today ? { today: s.today } : {}),
        ...(s.profileJson !== undefined ? { profileJson: s.profileJson } : {}),
      });
    }
    const baseUrl = s.baseUrl ?? embedded!.baseUrl;
    // The embedded server is in this process: reached straight, whatever the environment's proxies say.
    const transport = embedded ? undefined : s.transport;
    const runId = newRunId();
    const restore = restoreCommand(baseUrl, s.profileFile, transport);
    // One writer per target, and what an unfinished run left put back first (issue 27, items 1–2).
    if (!embedded && !s.readOnly) {
      const draft = s.draft!;
      const secrets = secretsOf(draft);
      const reach = {
        baseUrl,
        profile: provisional(draft),
        reportDir: s.reportDir,
        runId,
        timeoutMs: s.timeoutMs,
        secrets,
        transport,
        profileFile: s.profileFile,
      };
      lease = await takeLease({ ...reach, command: 'run', out: (line) => out(redact(`run: ${line.replace(/^\w+: /, '')}`, secrets)) });
    }
    // Before loading vitest: an unreachable target is reported (exit 3) in a moment, not after its start-up.
    const { profile, inferred } = embedded
      ? { profile: embedded.profile, inferred: [] }
      : await completeByInference(s, s.draft!, deadline, out, interrupt).catch(async (error: unknown) => {
          // A profile the target could not complete is the profile's fault (exit 2), found before any check.
          if (error instanceof UsageError) await reportUsageError(s, error, startedAt);
          throw error;
        });
    // The target answers: vitest starts (loaded only now: usage and target errors need none of its start-up)
    // while discovery explores the target, instead of after it.
    const suites = import('./run-suites.ts');
    const opened = suites.then((m) => m.openRunSession(s.reportDir));
    opened.catch(() => undefined); // awaited by runAgainst; a failure to open is its error, not an unhandled one
    try {
      const fixtures = await prepareTarget(new TargetClient({ baseUrl, profile, timeoutMs: s.timeoutMs, secrets: secretsOf(profile), deadline, transport }));
      const options: RunAgainstOptions = {
        baseUrl,
        profile,
        fixtures,
        inferred,
        embedded: embedded !== undefined,
        seed: s.seed,
        numRuns: s.numRuns,
        timeoutMs: s.timeoutMs,
        deadline,
        readOnly: s.readOnly,
        capture: s.capture,
        transport,
        discardUnrestorableWebhooks: s.discardUnrestorableWebhooks,
        reportDir: s.reportDir,
        ...(s.profileFile ? { profileFile: s.profileFile } : {}),
        ...(s.only ? { only: s.only } : {}),
        ...(s.exclude ? { exclude: s.exclude } : {}),
        ...(s.endpoint ? { endpoint: s.endpoint } : {}),
        ...(s.method ? { method: s.method } : {}),
        ...(s.maxFailures !== undefined ? { maxFailures: s.maxFailures } : {}),
        ...(har ? { harFile: har.workerFile } : {}),
        ...(s.baseline ? { baseline: s.baseline } : {}),
        ...(s.writeBaseline ? { writeBaseline: s.writeBaseline } : {}),
        ...(interrupt ? { interrupt } : {}),
        ...(s.onRule ? { onRule: s.onRule } : {}),
        runId,
        restoreCommand: restore,
        opened,
        heard,
        out,
      };
      return await (await suites).runAgainst(options);
    } finally {
      // Closed here too when discovery or an interruption ended the run before the checks.
      await opened.then(
        (o) => suites.then((m) => m.closeRunSession(o)),
        () => undefined,
      );
    }
  } finally {
    lease?.release();
    await embedded?.close();
  }
}
