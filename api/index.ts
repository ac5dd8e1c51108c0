// The programmatic API of vmp-conformance: the one entry point of the package (`import … from 'vmp-conformance'`).
// The CLI is a thin user of these same modules. Every function validates what it is given and throws the typed
// errors below (VmpError and its subclasses, each with a stable `code`), never exits the process.
import { readBaseline } from './baseline.ts';
import { arrivalSpec, executeK6Export, executeLoad, loadModelOf, parseThreshold, type LoadSettings, type Threshold } from './load.ts';
import { LOCAL_CAPTURE, parseDraftProfile, parseProfile, readProfileJson, type CaptureReach, type Profile } from './profile.ts';
import { checkSelection } from './rules.ts';
import { DEFAULT_REPORT_DIR, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, executeRun, randomSeed, type RunSettings } from './run.ts';
import type { RunOutcome } from './run-outcome.ts';
import { controlOf } from './interrupt.ts';
import type { RuleListener } from '../reports/progress.ts';
import path from 'node:path';
import { DEFAULT_SIMULATE_RATE, executeSimulation, type SimulateSettings } from './simulate.ts';
import type { ARRIVAL_KINDS } from '../simulator/arrival-flags.ts';
import type { SimulationResult } from '../simulator/simulation-result.ts';
import type { LoadResult } from '../simulator/load-result.ts';
import { UsageError } from '../support/errors.ts';

export { LocalFaultError, TargetError, UsageError, VmpError } from '../support/errors.ts';
export { WriteError } from '../support/atomic-write.ts';
export { UnreadableFileError } from '../support/bounded-read.ts';
export { ArrivalSpecError } from '../simulator/arrival-flags.ts';
export { ThresholdError } from '../simulator/thresholds.ts';
export { MergeInputError } from '../simulator/load-merge.ts';
export { MixError } from '../simulator/load-target-mix.ts';
export {
  checkProfile,
  loadProfile,
  parseDraftProfile,
  parseProfile,
  ProfileError,
  profileJsonSchema,
  profileFileSchema,
  profileSchema,
  readProfileJson,
  secretsOf,
  redact,
} from './profile.ts';
export type { AppName, CaptureReach, DraftProfile, Profile, ProfileInput } from './profile.ts';
export { startReferenceServer, ServerOptionError, type ReferenceServer, type ReferenceServerOptions } from './serve.ts';
export { startCaptureServer, signHmacSha256, signStandardWebhooks, verifySignature as verifyWebhookSignature, CaptureError } from './capture.ts';
export type { CaptureOptions, CaptureServer, Delivery, SignatureConfig, SignatureStatus, VerifyOptions } from './capture.ts';
export { openApiDocument, RULES, STATEMENTS, ruleById } from './rules.ts';
export type { Rule, Statement } from './rules.ts';
export { mergeLoadFiles, parseThreshold } from './load.ts';
export type { RunOutcome } from './run-outcome.ts';
export type { RuleListener, RunProgress } from '../reports/progress.ts';
export type { RuleResult } from '../reports/results.ts';
export type { RunResult } from '../reports/results.ts';
export type { SimulationResult } from '../simulator/simulation-result.ts';
export type { LoadResult } from '../simulator/load-result.ts';

type Out = (line: string) => void;
/** How arrivals are spread around the mean rate. */
export type ArrivalKind = (typeof ARRIVAL_KINDS)[number];
const quiet: Out = () => undefined;

/** A profile as a file path, or its parsed JSON (`${ENV}` references are resolved from process.env). */
export type ProfileSource = string | Record<string, unknown>;

async function profileJsonOf(source: ProfileSource): Promise<unknown> {
  return typeof source === 'string' ? readProfileJson(source) : source;
}

export interface ConformanceOptions {
  /** The target; absent: the embedded reference server is started for the run and stopped after it. */
  baseUrl?: string;
  /** Needed with baseUrl (at least the apps' credentials: the rest is inferred); with no baseUrl, the embedded server's choices. */
  profile?: ProfileSource;
  seed?: number;
  /** fast-check runs per property (default 25). */
  runs?: number;
  readOnly?: boolean;
  /** Rule-id globs, comma-separated, as `run --only`. */
  only?: string;
  /** Rule-id globs whose checks do not run, as `run --exclude`. */
  exclude?: string;
  /** Where the reports go (default ./vmp-report). */
  reportDir?: string;
  timeoutMs?: number;
  maxDurationSec?: number;
  /** The embedded server's date, yyyy-mm-dd. */
  today?: string;
  capture?: CaptureReach;
  discardUnrestorableWebhooks?: boolean;
  /** A baseline file (`run --baseline`): failures it lists do not fail the run. */
  baseline?: string;
  writeBaseline?: string;
  /**
   * Stops the run as Ctrl-C stops `run`: the check under way may finish, what the run changed on the target is put
   * back, partial reports are written, and the outcome's exitCode is 130 (result.interrupted says so). Aborted
   * before any check began: rejects with VMP_ERR_INTERRUPTED_EARLY, nothing written.
   */
  signal?: AbortSignal;
  /** Each rule's result as it completes (completion order), with the run's totals so far: stream it, or embed the rules. */
  onRule?: RuleListener;
  /** Console lines, redacted (default: none). */
  out?: Out;
}

/**
 * Runs the conformance suites against a target, as `vmp-conformance run`; resolves with the verdicts and report
 * files. A relative reportDir (and profile path) is taken from the caller's working directory.
 */
export async function runConformance(options: ConformanceOptions = {}): Promise<RunOutcome> {
  if (options.baseUrl !== undefined && options.profile === undefined) throw new UsageError("baseUrl needs a profile (at least the apps' credentials)");
  checkSelection(options, (name) => name);
  const profileJson = options.profile === undefined ? undefined : await profileJsonOf(options.profile);
  const settings: RunSettings = {
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl.replace(/\/+$/, '') } : {}),
    ...(profileJson !== undefined ? { draft: parseDraftProfile(profileJson), profileJson } : {}),
    reportDir: path.resolve(options.reportDir ?? DEFAULT_REPORT_DIR),
    ...(typeof options.profile === 'string' ? { profileFile: path.resolve(options.profile) } : {}),
    ...(options.onRule ? { onRule: options.onRule } : {}),
    seed: options.seed ?? randomSeed(),
    numRuns: options.runs ?? DEFAULT_RUNS,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.maxDurationSec !== undefined ? { maxDurationSec: options.maxDurationSec } : {}),
    readOnly: options.readOnly ?? false,
    ...(options.only !== undefined ? { only: options.only } : {}),
    ...(options.exclude !== undefined ? { exclude: options.exclude } : {}),
    ...(options.baseline !== undefined ? { baseline: { file: options.baseline, baseline: await readBaseline(options.baseline) } } : {}),
    ...(options.writeBaseline !== undefined ? { writeBaseline: options.writeBaseline } : {}),
    ...(options.today !== undefined ? { today: options.today } : {}),
    capture: options.capture ?? LOCAL_CAPTURE,
    discardUnrestorableWebhooks: options.discardUnrestorableWebhooks ?? false,
  };
  return executeRun(settings, options.out ?? quiet, options.signal ? controlOf(options.signal) : undefined);
}

export interface SimulateOptions {
  baseUrl?: string;
  /** A complete profile (file or JSON); with no baseUrl, the embedded server's choices. */
  profile?: ProfileSource;
  inquiries?: number;
  /** Mean inquiries per second (default 100). */
  rate?: number;
  arrival?: ArrivalKind;
  seed?: number;
  deadlineMs?: number;
  resend?: number | 'all';
  reportDir?: string;
  timeoutMs?: number;
  capture?: CaptureReach;
  discardUnrestorableWebhooks?: boolean;
  signal?: AbortSignal;
  out?: Out;
}

async function completeProfileOf(source: ProfileSource | undefined): Promise<{ profile?: Profile; profileJson?: unknown }> {
  if (source === undefined) return {};
  const json = await profileJsonOf(source);
  return { profile: parseProfile(json), profileJson: json };
}

/** Replays an inquiry stream through the simulation hooks and checks every webhook delivery, as `vmp-conformance simulate`. */
export async function simulate(options: SimulateOptions = {}): Promise<{ exitCode: number; result: SimulationResult }> {
  if (options.baseUrl !== undefined && options.profile === undefined) throw new UsageError('baseUrl needs a profile');
  const inquiries = options.inquiries ?? 200;
  const rate = options.rate ?? DEFAULT_SIMULATE_RATE;
  const settings: SimulateSettings = {
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl.replace(/\/+$/, '') } : {}),
    ...(await completeProfileOf(options.profile)),
    inquiries,
    arrival: arrivalSpec(options.arrival ?? 'constant', rate, (inquiries / rate) * 1000),
    seed: options.seed ?? randomSeed(),
    deadlineMs: options.deadlineMs ?? 10_000,
    reportDir: path.resolve(options.reportDir ?? DEFAULT_REPORT_DIR),
    ...(options.resend !== undefined ? { resend: options.resend } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.capture ? { capture: options.capture } : {}),
    ...(options.discardUnrestorableWebhooks !== undefined ? { discardUnrestorableWebhooks: options.discardUnrestorableWebhooks } : {}),
  };
  return executeSimulation(settings, options.signal ? { signal: options.signal } : {}, options.out ?? quiet);
}

export interface LoadOptions {
  baseUrl?: string;
  profile?: ProfileSource;
  durationSec?: number;
  /** Closed model: this many connections at full speed (default 10, when no rate is given). */
  connections?: number;
  /** Open model: requests per second at precomputed times; connections then caps requests in flight. */
  rate?: number;
  arrival?: ArrivalKind;
  /** Endpoint-id weights replacing the default mix. */
  mix?: Record<string, number>;
  /** Threshold expressions, e.g. "p99<250ms", "errors<0.1%". */
  thresholds?: string[];
  validateEvery?: number;
  seed?: number;
  reportDir?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  out?: Out;
}

function loadSettings(options: LoadOptions, profile: { profile?: Profile; profileJson?: unknown }): LoadSettings {
  const durationSec = options.durationSec ?? 30;
  const model = loadModelOf({ ...options, durationSec });
  const thresholds: Threshold[] = (options.thresholds ?? []).map(parseThreshold);
  return {
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl.replace(/\/+$/, '') } : {}),
    ...profile,
    durationSec,
    model,
    ...(options.mix ? { mixWeights: options.mix } : {}),
    thresholds,
    validateEvery: options.validateEvery ?? 100,
    seed: options.seed ?? randomSeed(),
    reportDir: path.resolve(options.reportDir ?? DEFAULT_REPORT_DIR),
    timeoutMs: options.timeoutMs ?? 10_000,
  };
}

/** Drives load through autocannon (closed) or the open-model scheduler, as `vmp-conformance load`; any target, so mind where it points. */
export async function load(options: LoadOptions = {}): Promise<{ exitCode: number; result: LoadResult }> {
  if (options.baseUrl !== undefined && options.profile === undefined) throw new UsageError('baseUrl needs a profile');
  const settings = loadSettings(options, await completeProfileOf(options.profile));
  return executeLoad(settings, options.signal ?? new AbortController().signal, options.out ?? quiet);
}

/** Writes the same load as a k6 script (`dir/vmp-load.js` and its data file), as `vmp-conformance load --export k6`. */
export async function exportK6(dir: string, options: LoadOptions = {}): Promise<void> {
  if (options.baseUrl !== undefined && options.profile === undefined) throw new UsageError('baseUrl needs a profile');
  const settings = loadSettings(options, await completeProfileOf(options.profile));
  await executeK6Export({ ...settings, exportDir: path.resolve(dir) }, options.out ?? quiet);
}
