// The programmatic API of vmp-conformance: the one entry point of the package (`import … from 'vmp-conformance'`, or
// `require('vmp-conformance')`). The CLI is a thin user of these same modules. Every function checks what it is given
// as its command checks its flags (options.ts, option-checks.ts) and throws the typed errors below (VmpError and its
// subclasses, each with a stable `code`), never exits the process.
import { executeK6Export, executeLoad, mergeLoadFiles as mergeLoadRuns, type Threshold } from './load.ts';
import { executeRun } from './run.ts';
import type { RunOutcome } from './run-outcome.ts';
import { controlOf } from './interrupt.ts';
import { checkReportDir } from './option-checks.ts';
import { loadSettingsOf, runSettingsOf, simulateSettingsOf, thresholdsOf, type ConformanceOptions, type LoadOptions, type SimulateOptions } from './options.ts';
import { executeSimulation } from './simulate.ts';
import type { Merged } from '../simulator/load-merge.ts';
import type { SimulationResult } from '../simulator/simulation-result.ts';
import type { LoadResult } from '../simulator/load-result.ts';

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
export { parseThreshold, type Threshold } from './load.ts';
export type { ArrivalKind, ConformanceOptions, LoadOptions, ProfileSource, SimulateOptions } from './options.ts';
export type { Merged } from '../simulator/load-merge.ts';
export { versionInfo, type VersionInfo } from './version.ts';
export type { RunOutcome } from './run-outcome.ts';
export type { RuleListener, RunProgress } from '../reports/progress.ts';
export type { RuleResult } from '../reports/results.ts';
export type { RunResult } from '../reports/results.ts';
export type { SimulationResult } from '../simulator/simulation-result.ts';
export type { LoadResult } from '../simulator/load-result.ts';
export type { TransportSettings } from './transport.ts';

const quiet = (): void => undefined;

/**
 * Runs the conformance suites against a target, as `vmp-conformance run`; resolves with the verdicts and report
 * files. Every option is checked as `run` checks its flag (a UsageError before anything starts); a relative
 * reportDir (and profile path) is taken from the caller's working directory.
 */
export async function runConformance(options: ConformanceOptions = {}): Promise<RunOutcome> {
  const settings = await runSettingsOf(options);
  return executeRun(settings, options.out ?? quiet, options.signal ? controlOf(options.signal) : undefined);
}

/** Replays an inquiry stream through the simulation hooks and checks every webhook delivery, as `vmp-conformance simulate`. */
export async function simulate(options: SimulateOptions = {}): Promise<{ exitCode: number; result: SimulationResult }> {
  const settings = await simulateSettingsOf(options);
  return executeSimulation(settings, options.signal ? { signal: options.signal } : {}, options.out ?? quiet);
}

/**
 * Drives load through autocannon (closed) or the open-model scheduler, as `vmp-conformance load`: against this
 * machine only, unless allowRemote says otherwise.
 */
export async function load(options: LoadOptions = {}): Promise<{ exitCode: number; result: LoadResult }> {
  const settings = await loadSettingsOf(options);
  return executeLoad(settings, options.signal ?? new AbortController().signal, options.out ?? quiet);
}

/** Writes the same load as a k6 script (`dir/vmp-load.js` and its data file), as `vmp-conformance load --export k6`. */
export async function exportK6(dir: string, options: LoadOptions = {}): Promise<void> {
  const settings = await loadSettingsOf(options, dir);
  await executeK6Export({ ...settings, exportDir: settings.exportDir! }, options.out ?? quiet);
}

/**
 * `load --merge`: several runs' load.json files merged into one distribution (runs of different arrival models
 * refused with MergeInputError), judged by the thresholds (expressions, or Threshold objects from parseThreshold);
 * with reportDir, its report.html written there.
 */
export async function mergeLoadFiles(
  files: readonly string[],
  thresholds: readonly (string | Threshold)[] = [],
  reportDir?: string,
): Promise<Merged & { report?: string }> {
  const parsed = thresholdsOf(thresholds);
  return mergeLoadRuns(files, parsed, reportDir === undefined ? undefined : await checkReportDir('reportDir', reportDir));
}
