import path from 'node:path';
import type { RuleListener } from '../reports/progress.ts';
import type { ARRIVAL_KINDS } from '../simulator/arrival-flags.ts';
import { UsageError } from '../support/errors.ts';
import { readBaseline } from './baseline.ts';
import { arrivalSpec, checkMix, loadModelOf, parseThreshold, rateFlag, type LoadSettings, type Threshold } from './load.ts';
import {
  checkBaseUrl,
  checkCaptureReach,
  checkListenable,
  checkLoadTarget,
  checkOutputFile,
  checkReportDir,
  checkTargetHasProfile,
  checkToday,
  RANGES,
  wholeNumber,
} from './option-checks.ts';
import {
  completeProfile,
  LOCAL_CAPTURE,
  parseDraftProfile,
  parseProfile,
  ProfileError,
  readProfileJson,
  type CaptureReach,
  type DraftProfile,
  type Profile,
} from './profile.ts';
import { checkSelection } from './rules.ts';
import { DEFAULT_REPORT_DIR, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, randomSeed, type RunSettings } from './run.ts';
import { DEFAULT_RESEND_SAMPLE, DEFAULT_SIMULATE_RATE, type SimulateSettings } from './simulate.ts';
import { checkTransport, type TransportSettings } from './transport.ts';

// The programmatic API's options, and the settings each becomes once checked. Every check is the one its command
// runs on its flags (option-checks.ts), with the option's name in the message: `runConformance({ baseUrl:
// 'http://h/?x' })` is refused with the UsageError `run --base-url http://h/?x` gets, before anything starts.

type Out = (line: string) => void;
/** How arrivals are spread around the mean rate. */
export type ArrivalKind = (typeof ARRIVAL_KINDS)[number];

/** A profile as a file path, or its parsed JSON (`${ENV}` references are resolved from process.env). */
export type ProfileSource = string | Record<string, unknown>;

export interface ConformanceOptions {
  /** The target, an absolute http(s) URL without query or fragment; absent: the embedded reference server is started for the run and stopped after it. */
  baseUrl?: string;
  /** Needed with baseUrl (at least the apps' credentials: the rest is inferred); with no baseUrl, the embedded server's choices (a complete profile). */
  profile?: ProfileSource;
  /** The seed of every generated input, 0 to 2147483647 (default: random, recorded in results.json). */
  seed?: number;
  /** fast-check runs per property, 1 to 100000 (default 25). */
  runs?: number;
  /** Change nothing on the target: the checks that would write skip. */
  readOnly?: boolean;
  /** Rule-id globs, comma-separated, as `run --only`. */
  only?: string;
  /** Rule-id globs whose checks do not run, as `run --exclude`. */
  exclude?: string;
  /** Endpoint globs (ids or paths), comma-separated, as `run --endpoint`: only the rules about them run. */
  endpoint?: string;
  /** HTTP methods, comma-separated, as `run --method`: only the rules about endpoints of those methods run. */
  method?: string;
  /** Once this many rules failed (those the baseline lists aside), the checks not started skip, as `run --max-failures`; 1 to 100000. */
  maxFailures?: number;
  /** Where the reports go (default ./vmp-report): created if missing, refused if it is a file or not writable. */
  reportDir?: string;
  /** Bounds each request, 100 to 600000 ms (default 5000). */
  timeoutMs?: number;
  /** Bounds the whole run, 1 to 604800 s (default: 60 + 2 per selected check, scaled by runs/25). */
  maxDurationSec?: number;
  /** The embedded server's date, yyyy-mm-dd; not with baseUrl. */
  today?: string;
  /** Where the webhook capture server listens and the URL a remote target calls (`run --capture-listen`, `--callback-url`). */
  capture?: CaptureReach;
  /** Also change configured webhook topics that cannot be put back as they are (`run --discard-unrestorable-webhooks`). */
  discardUnrestorableWebhooks?: boolean;
  /** How to reach baseUrl: CAs, a client certificate, insecure, a proxy (`run --ca`, `--cert`, `--key`, `--insecure`, `--proxy`; docs/network.md). */
  transport?: TransportSettings;
  /** A baseline file (`run --baseline`): failures it lists do not fail the run. */
  baseline?: string;
  /** Write today's failures as a baseline to this file (`run --write-baseline`); its directory must exist. */
  writeBaseline?: string;
  /** Write every exchange with the target as HAR 1.2 to this file, redacted (`run --har`); its directory must exist. */
  har?: string;
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

export interface SimulateOptions {
  /** The target, as runConformance's baseUrl; absent: the embedded reference server. */
  baseUrl?: string;
  /** A complete profile (file or JSON); with no baseUrl, the embedded server's choices. */
  profile?: ProfileSource;
  /** Inquiries to inject, 1 to 10000000 (default 200). */
  inquiries?: number;
  /** Mean inquiries per second, above 0 and at most 100000 (default 100). */
  rate?: number;
  /** How arrivals spread around the rate (default constant). */
  arrival?: ArrivalKind;
  /** 0 to 2147483647 (default: random). */
  seed?: number;
  /** How long a delivery may take after its inquiry, 1 to 3600000 ms (default 10000). */
  deadlineMs?: number;
  /** Inquiries whose webhook is re-sent and checked, 0 to 10000000 or 'all' (default 100). */
  resend?: number | 'all';
  /** Where simulation.json, deliveries.jsonl and report.html go (default ./vmp-report). */
  reportDir?: string;
  /** Bounds each request, 100 to 600000 ms (default 5000). */
  timeoutMs?: number;
  /** As runConformance's capture. */
  capture?: CaptureReach;
  /** As runConformance's discardUnrestorableWebhooks. */
  discardUnrestorableWebhooks?: boolean;
  /** As runConformance's transport. */
  transport?: TransportSettings;
  /** Stops sending and restores the webhook configurations. */
  signal?: AbortSignal;
  /** Console lines, redacted (default: none). */
  out?: Out;
  /** Write every exchange with the target as HAR 1.2 to this file, redacted (`simulate --har`); its directory must exist. */
  har?: string;
}

export interface LoadOptions {
  /** The target, as runConformance's baseUrl; absent: the embedded reference server. Off this machine only with allowRemote. */
  baseUrl?: string;
  /** A complete profile (file or JSON). */
  profile?: ProfileSource;
  /** How long the load runs, 1 to 3600 s (default 30). */
  durationSec?: number;
  /** Closed model: this many connections at full speed, 1 to 10000 (default 10, when no rate is given). */
  connections?: number;
  /** Open model: requests per second at precomputed times, above 0 and at most 100000; connections then caps requests in flight. */
  rate?: number;
  /** Open model: how arrivals spread around the rate (default constant). */
  arrival?: ArrivalKind;
  /** Endpoint-id weights replacing the default mix (`load --mix`): GET endpoint ids of the catalog, or consultas-list:pagina|operador|externalid|desde. */
  mix?: Record<string, number>;
  /** Threshold expressions, e.g. "p99<250ms", "p95<100ms", "errors<0.1%", "rps>500", "consultas-get:p99<100ms" (or Threshold objects from parseThreshold). */
  thresholds?: readonly (string | Threshold)[];
  /** Validate every Nth response, 0 (none) to 1000000 (default 100). */
  validateEvery?: number;
  /** 0 to 2147483647 (default: random). */
  seed?: number;
  /** Where load.json and report.html go (default ./vmp-report). */
  reportDir?: string;
  /** Bounds each request, 100 to 600000 ms (default 10000). */
  timeoutMs?: number;
  /** Send load to a target that is not on this machine (`load --allow-remote`); exportK6 sends none and does not need it. */
  allowRemote?: boolean;
  /** As runConformance's transport (docs/network.md: what each load model supports). */
  transport?: TransportSettings;
  /** Stops the load early. */
  signal?: AbortSignal;
  /** Console lines, redacted (default: none). */
  out?: Out;
}

/** What the profile a base URL needs holds, per command (the CLI's and the API's message alike). */
export const TARGET_PROFILE = {
  run: "the target profile: at least the apps' credentials; vmp-conformance init drafts one",
  simulate: 'the target profile: credentials, topics and the simulation hooks',
  load: 'the target profile: credentials and media-type selection',
} as const;

const API_NAMES = { baseUrl: 'baseUrl', profile: 'a profile' };
const REACH_NAMES = { host: 'capture.host', port: 'capture.port', publicUrl: 'capture.publicUrl' };

/** A profile read and parsed as `parse` reads it; an invalid one is a ProfileError (a UsageError) naming the field. */
async function parsedProfile<T>(source: ProfileSource, parse: (json: unknown) => T): Promise<{ parsed: T; json: unknown }> {
  if (typeof source !== 'string') return { parsed: parse(source), json: source };
  try {
    const json = await readProfileJson(source);
    return { parsed: parse(json), json };
  } catch (error) {
    if (error instanceof ProfileError) throw error.in(`profile ${source}`);
    throw error;
  }
}

/** The embedded server is told its choices, it infers nothing: a profile given for it must be complete. */
export function checkEmbeddedProfile(source: string, draft: DraftProfile, baseUrlName: string): void {
  try {
    completeProfile(draft);
  } catch (error) {
    if (error instanceof ProfileError) throw error.in(source, ` (the embedded reference server takes a complete profile; inference is for ${baseUrlName})`);
    throw error;
  }
}

/** `today` fixes the embedded server's date: it cannot apply to a target given by its base URL. */
export function checkTodayOfEmbedded(names: { today: string; baseUrl: string }, today: string, baseUrl: string | undefined): string {
  checkToday(names.today, today);
  if (baseUrl !== undefined) throw new UsageError(`${names.today} sets the embedded server’s date; it cannot apply with ${names.baseUrl}`);
  return today;
}

/**
 * `transport` checked as the flags are, for a target given by baseUrl (with one, the environment's proxies apply
 * even without it); refused without one: the embedded server is reached in this process.
 */
function transportOf(o: { baseUrl?: string; transport?: TransportSettings }): { transport?: TransportSettings } {
  if (o.baseUrl !== undefined) return { transport: checkTransport(o.transport ?? {}, (field) => `transport.${field}`) };
  if (o.transport !== undefined) throw new UsageError('transport is for a target given by baseUrl (the embedded server is reached in this process)');
  return {};
}

const optionalWhole = (name: keyof typeof RANGES, value: number | undefined, fallback: number): number =>
  value === undefined ? fallback : wholeNumber(name, value, RANGES[name]);

async function captureOf(capture: CaptureReach | undefined): Promise<CaptureReach> {
  const reach = checkCaptureReach(capture ?? LOCAL_CAPTURE, REACH_NAMES);
  await checkListenable('capture', reach);
  return reach;
}

/** runConformance's options, checked as `run` checks its flags, as the settings of executeRun. */
export async function runSettingsOf(o: ConformanceOptions): Promise<RunSettings> {
  const reportDir = await checkReportDir('reportDir', o.reportDir ?? DEFAULT_REPORT_DIR);
  const settings: RunSettings = {
    reportDir,
    seed: optionalWhole('seed', o.seed, randomSeed()),
    numRuns: wholeNumber('runs', o.runs ?? DEFAULT_RUNS, RANGES.runs),
    timeoutMs: optionalWhole('timeoutMs', o.timeoutMs, DEFAULT_TIMEOUT_MS),
    ...(o.maxDurationSec !== undefined ? { maxDurationSec: wholeNumber('maxDurationSec', o.maxDurationSec, RANGES.maxDurationSec) } : {}),
    readOnly: o.readOnly ?? false,
    capture: await captureOf(o.capture),
    discardUnrestorableWebhooks: o.discardUnrestorableWebhooks ?? false,
    ...(o.onRule ? { onRule: o.onRule } : {}),
  };
  if (o.baseUrl !== undefined) settings.baseUrl = checkBaseUrl('baseUrl', o.baseUrl);
  Object.assign(settings, transportOf(o));
  if (o.today !== undefined) settings.today = checkTodayOfEmbedded({ today: 'today', baseUrl: 'baseUrl' }, o.today, settings.baseUrl);
  checkSelection(o, (name) => name);
  if (o.only !== undefined) settings.only = o.only;
  if (o.exclude !== undefined) settings.exclude = o.exclude;
  if (o.endpoint !== undefined) settings.endpoint = o.endpoint;
  if (o.method !== undefined) settings.method = o.method;
  if (o.maxFailures !== undefined) settings.maxFailures = wholeNumber('maxFailures', o.maxFailures, RANGES.maxFailures);
  if (o.profile !== undefined) {
    const { parsed, json } = await parsedProfile(o.profile, parseDraftProfile);
    settings.draft = parsed;
    settings.profileJson = json;
    if (typeof o.profile === 'string') settings.profileFile = path.resolve(o.profile);
    if (!settings.baseUrl) checkEmbeddedProfile(typeof o.profile === 'string' ? `profile ${o.profile}` : 'profile', parsed, 'baseUrl');
  }
  checkTargetHasProfile(API_NAMES, o, TARGET_PROFILE.run);
  if (o.baseline !== undefined) settings.baseline = { file: o.baseline, baseline: await readBaseline(o.baseline) };
  if (o.writeBaseline !== undefined) settings.writeBaseline = await checkOutputFile('writeBaseline', o.writeBaseline);
  if (o.har !== undefined) settings.har = await checkOutputFile('har', o.har);
  return settings;
}

async function completeProfileOf(source: ProfileSource | undefined): Promise<{ profile?: Profile; profileJson?: unknown }> {
  if (source === undefined) return {};
  const { parsed, json } = await parsedProfile(source, parseProfile);
  return { profile: parsed, profileJson: json };
}

/** simulate's options, checked as `simulate` checks its flags. */
export async function simulateSettingsOf(o: SimulateOptions): Promise<SimulateSettings> {
  const inquiries = optionalWhole('inquiries', o.inquiries, 200);
  const rate = o.rate === undefined ? DEFAULT_SIMULATE_RATE : rateFlag('rate', o.rate);
  const settings: SimulateSettings = {
    inquiries,
    arrival: arrivalSpec(o.arrival ?? 'constant', rate, (inquiries / rate) * 1000),
    seed: optionalWhole('seed', o.seed, randomSeed()),
    deadlineMs: optionalWhole('deadlineMs', o.deadlineMs, 10_000),
    resend: o.resend === 'all' ? 'all' : optionalWhole('resend', o.resend, DEFAULT_RESEND_SAMPLE),
    reportDir: await checkReportDir('reportDir', o.reportDir ?? DEFAULT_REPORT_DIR),
    timeoutMs: optionalWhole('timeoutMs', o.timeoutMs, DEFAULT_TIMEOUT_MS),
    capture: await captureOf(o.capture),
    discardUnrestorableWebhooks: o.discardUnrestorableWebhooks ?? false,
  };
  if (o.baseUrl !== undefined) settings.baseUrl = checkBaseUrl('baseUrl', o.baseUrl);
  Object.assign(settings, transportOf(o));
  Object.assign(settings, await completeProfileOf(o.profile));
  if (o.har !== undefined) settings.har = await checkOutputFile('har', o.har);
  checkTargetHasProfile(API_NAMES, o, TARGET_PROFILE.simulate);
  return settings;
}

/** Threshold expressions parsed (ThresholdError names the one that does not read); Threshold objects as they are. */
export const thresholdsOf = (given: readonly (string | Threshold)[] = []): Threshold[] => given.map((t) => (typeof t === 'string' ? parseThreshold(t) : t));

/** load's options (and exportK6's), checked as `load` checks its flags; `exportDir` given: nothing is sent from here. */
export async function loadSettingsOf(o: LoadOptions, exportDir?: string): Promise<LoadSettings> {
  const durationSec = optionalWhole('durationSec', o.durationSec, 30);
  const connections = o.connections === undefined ? undefined : wholeNumber('connections', o.connections, RANGES.connections);
  const model = loadModelOf({
    ...(o.rate !== undefined ? { rate: rateFlag('rate', o.rate) } : {}),
    ...(o.arrival !== undefined ? { arrival: o.arrival } : {}),
    ...(connections !== undefined ? { connections } : {}),
    durationSec,
  });
  const settings: LoadSettings = {
    durationSec,
    model,
    thresholds: thresholdsOf(o.thresholds),
    validateEvery: optionalWhole('validateEvery', o.validateEvery, 100),
    seed: optionalWhole('seed', o.seed, randomSeed()),
    // An export writes no report: the directory is not created.
    reportDir: exportDir === undefined ? await checkReportDir('reportDir', o.reportDir ?? DEFAULT_REPORT_DIR) : path.resolve(o.reportDir ?? DEFAULT_REPORT_DIR),
    timeoutMs: optionalWhole('timeoutMs', o.timeoutMs, 10_000),
    ...(exportDir === undefined ? {} : { exportDir: await checkReportDir('dir', exportDir) }),
  };
  if (o.baseUrl !== undefined) {
    settings.baseUrl = checkBaseUrl('baseUrl', o.baseUrl);
    if (exportDir === undefined) checkLoadTarget(settings.baseUrl, o.allowRemote ?? false, 'allowRemote: true');
  }
  Object.assign(settings, transportOf(o));
  Object.assign(settings, await completeProfileOf(o.profile));
  checkTargetHasProfile(API_NAMES, o, TARGET_PROFILE.load);
  if (o.mix !== undefined) settings.mixWeights = checkMix('mix', o.mix);
  return settings;
}
