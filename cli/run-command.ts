import { readFile } from 'node:fs/promises';
import { isCalendarDate, RULES } from '../models/index.ts';
import { matchesOnly } from '../reports/rule-glob.ts';
import { TargetClient } from '../sut/client.ts';
import { discover, type Fixtures } from '../sut/discovery.ts';
import { checkReachable, CredentialsRejectedError, TargetUnreachableError } from '../sut/reachability.ts';
import type { DraftProfile, Profile } from '../sut/profile.ts';
import { completeProfile, loadProfile, parseDraftProfile, ProfileError, readProfileJson } from '../sut/profile-load.ts';
import type { Finding } from '../sut/infer/probe.ts';
import { needsInference } from '../sut/infer/infer.ts';
import { redact } from '../sut/redact.ts';
import type { RunDeadline } from '../sut/deadline.ts';
import { checkTarget, inferTarget } from './infer-target.ts';
import { secretsOf } from '../sut/secrets.ts';
import { readBaseline, type Baseline } from './baseline.ts';
import { startEmbedded, type Embedded } from './embedded.ts';
import type { CaptureReach } from '../sut/capture-reach.ts';
import { CAPTURE_OPTIONS, CAPTURE_USAGE, captureFlags, checkListenable } from './capture-flags.ts';
import { defaultMaxDurationSec, runDeadline } from './run-deadline.ts';
import { DISCARD_OPTIONS, DISCARD_USAGE } from './discard-flag.ts';
import { CliError, TargetError, UsageError } from './errors.ts';
import { integerFlag, outputFileFlag, parseFlags, reportDirFlag } from './flags.ts';
import { Interrupt, InterruptedBeforeChecks } from './interrupt.ts';
import type { RunAgainstOptions, RunOutcome } from './run-suites.ts';

// `vmp-conformance run`: parses and validates every flag before touching a target (exit 2 for bad usage or
// an invalid profile), starts the embedded reference server when no --base-url is given, and hands over
// to runAgainst (exit 3 no connection/credentials rejected, 1 a rule failed, 0 otherwise).

/** fast-check runs per property: keeps a full run against the embedded server well under 20 s. */
export const DEFAULT_RUNS = 25;
export const DEFAULT_REPORT_DIR = 'vmp-report';
export const DEFAULT_TIMEOUT_MS = 5_000;
/** fast-check seeds are 32-bit signed integers. */
export const MAX_SEED = 2 ** 31 - 1;
export const randomSeed = (): number => Math.floor(Math.random() * MAX_SEED);

export { TargetError } from './errors.ts';

export const RUN_OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  'report-dir': { type: 'string', default: DEFAULT_REPORT_DIR },
  seed: { type: 'string' },
  runs: { type: 'string', default: String(DEFAULT_RUNS) },
  'read-only': { type: 'boolean', default: false },
  only: { type: 'string' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  'timeout-ms': { type: 'string', default: String(DEFAULT_TIMEOUT_MS) },
  'max-duration': { type: 'string' },
  today: { type: 'string' },
  ...CAPTURE_OPTIONS,
  ...DISCARD_OPTIONS,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const RUN_USAGE = [
  'Usage: vmp-conformance run [--base-url URL --profile FILE] [--report-dir DIR] [--seed N] [--runs N] [--read-only]',
  '                           [--only RULE-GLOB[,RULE-GLOB…]] [--baseline FILE] [--write-baseline FILE] [--timeout-ms N] [--max-duration S]',
  '                           [--today YYYY-MM-DD]',
  'Without --base-url it runs against the embedded reference server (--today fixes its date).',
  '--timeout-ms bounds each request (default 5000); an endpoint whose answers take over half of it 3 times in a row is not',
  'asked again. --max-duration bounds the whole run in seconds (default 60 + 2 per selected check, scaled by --runs/25):',
  'checks not done by then are reported as not run, what the run changed is restored, and the run exits 1.',
  ...CAPTURE_USAGE,
  ...DISCARD_USAGE,
  'Ctrl-C or SIGTERM stops the checks, restores what the run changed on the target and writes partial reports (exit 130 / 143);',
  '  a second one exits at once, listing what could not be restored.',
  'Exit codes: 0 pass (or only baseline failures), 1 a rule failed, 2 bad usage or invalid profile, 3 no connection to the target or credentials rejected.',
];

/** Everything a run needs, validated. */
export interface RunSettings {
  baseUrl?: string;
  /** The --profile file as given: keys it leaves out are inferred from the target at the start of the run. */
  draft?: DraftProfile;
  /** The profile file's JSON, for an embedded server that should adopt its choices. */
  profileJson?: unknown;
  reportDir: string;
  seed: number;
  numRuns: number;
  timeoutMs: number;
  /** --max-duration; absent: derived from the selected checks (run-deadline.ts). */
  maxDurationSec?: number;
  readOnly: boolean;
  only?: string;
  baseline?: { file: string; baseline: Baseline };
  writeBaseline?: string;
  today?: string;
  capture: CaptureReach;
  discardUnrestorableWebhooks: boolean;
}

export function baseUrlFlag(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  // Credentials in a URL are refused, not sent: each app authenticates with its own profile headers, and a base
  // URL is printed in every report. The message never repeats the URL, which holds the password.
  if (url && (url.username !== '' || url.password !== '')) {
    throw new UsageError(
      '--base-url must not carry credentials (user:password@): put them in the profile, e.g. apps.primary.headers ' +
        '{"Authorization": "Basic ${VMP_BASIC}"}, where they are sent per app and redacted from every output',
    );
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(`--base-url must be an absolute http(s) URL, got '${value}'`);
  }
  // Every path of the spec is "relative to" the base address: a query or fragment would sit in the middle of each.
  if (/[?#]/.test(value)) throw new UsageError(`--base-url must have no query or fragment (every API path is appended to it), got '${value}'`);
  return value.replace(/\/+$/, '');
}

/** Loads --profile as a file may hold it (keys `run` infers may be missing); an invalid one is exit 2 naming the field. */
export async function draftProfileFlag(file: string): Promise<{ draft: DraftProfile; json: unknown }> {
  try {
    const json = await readProfileJson(file);
    return { draft: parseDraftProfile(json), json };
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(`--profile ${file}: ${error.message}`);
    throw error;
  }
}

/** Loads --profile; an invalid one is exit 2 with one line naming the field. */
export async function profileFlag(file: string): Promise<{ profile: Profile; json: unknown }> {
  try {
    const profile = await loadProfile(file);
    return { profile, json: JSON.parse(await readFile(file, 'utf8')) };
  } catch (error) {
    // simulate, load and replay take a complete profile; only run infers what one leaves out.
    const missing = error instanceof ProfileError && /received undefined/.test(error.message) ? ' (a profile with only some keys works with run, which infers the rest; vmp-conformance init writes a complete one)' : '';
    if (error instanceof ProfileError) throw new UsageError(`--profile ${file}: ${error.message}${missing}`);
    throw error;
  }
}

export async function parseRunArgs(argv: string[]): Promise<RunSettings | 'help'> {
  const { values: v } = parseFlags({ args: argv, options: RUN_OPTIONS, strict: true, allowPositionals: false });
  if (v.help) return 'help';
  const settings: RunSettings = {
    reportDir: await reportDirFlag('report-dir', v['report-dir']),
    seed: v.seed === undefined ? randomSeed() : integerFlag('seed', v.seed, 0, MAX_SEED),
    numRuns: integerFlag('runs', v.runs, 1, 100_000),
    timeoutMs: integerFlag('timeout-ms', v['timeout-ms'], 100, 600_000),
    ...(v['max-duration'] !== undefined ? { maxDurationSec: integerFlag('max-duration', v['max-duration'], 1, 7 * 86_400) } : {}),
    readOnly: v['read-only'],
    capture: captureFlags(v),
    discardUnrestorableWebhooks: v['discard-unrestorable-webhooks'],
  };
  await checkListenable(settings.capture);
  if (v['base-url'] !== undefined) settings.baseUrl = baseUrlFlag(v['base-url']);
  if (v.today !== undefined) {
    if (!isCalendarDate(v.today)) throw new UsageError(`--today must be a date as yyyy-mm-dd, got '${v.today}'`);
    if (settings.baseUrl) throw new UsageError('--today sets the embedded server’s date; it cannot apply with --base-url');
    settings.today = v.today;
  }
  if (v.only !== undefined) {
    if (!RULES.some((r) => matchesOnly(v.only, r.id))) {
      throw new UsageError(`--only '${v.only}' matches no rule id (list them with: vmp-conformance rules)`);
    }
    settings.only = v.only;
  }
  if (v.profile !== undefined) {
    const { draft, json } = await draftProfileFlag(v.profile);
    settings.draft = draft;
    settings.profileJson = json;
  }
  if (!settings.baseUrl && settings.draft && v.profile !== undefined) {
    // The embedded server takes its choices from the profile: it infers nothing, it is told.
    try {
      completeProfile(settings.draft);
    } catch (error) {
      if (error instanceof ProfileError) throw new UsageError(`--profile ${v.profile}: ${error.message} (the embedded reference server takes a complete profile; inference is for --base-url)`);
      throw error;
    }
  }
  if (settings.baseUrl && !settings.draft) {
    throw new UsageError('--base-url needs --profile (the target profile: at least the apps\' credentials; vmp-conformance init drafts one)');
  }
  if (v.baseline !== undefined) settings.baseline = { file: v.baseline, baseline: await readBaseline(v.baseline) };
  if (v['write-baseline'] !== undefined) {
    await outputFileFlag('write-baseline', v['write-baseline']);
    settings.writeBaseline = v['write-baseline'];
  }
  return settings;
}

/**
 * Exit code 3 when no connection can be made to the target or it rejects the credentials; otherwise the
 * fixtures discovery found, with the rules its exchanges broke and the fixtures it could not find (the run
 * fails those rules and skips the checks that need those fixtures: exit 1 or 0, never 3).
 */
export async function prepareTarget(client: TargetClient): Promise<Fixtures> {
  try {
    await checkReachable(client);
    return await discover(client);
  } catch (error) {
    if (error instanceof TargetUnreachableError || error instanceof CredentialsRejectedError) throw new TargetError(error.message);
    throw error;
  } finally {
    await client.close();
  }
}

/** A command that cannot work without an agency of the primary app (simulate, load): exit 1 naming why there is none. */
export function fixtureAgency(fixtures: Fixtures, command: string): string {
  if (fixtures.agency !== undefined) return fixtures.agency;
  throw new CliError(`${command} needs an agency of the primary app: ${fixtures.missing.agency ?? 'none was found'}`, 'VMP_ERR_NO_AGENCY', 1);
}

/**
 * The profile a run against --base-url works with: the file's values, and every key it leaves out that the target
 * shows inferred the way `init` infers it (issue 14; explicit values always win). Exit 3 when the target cannot be
 * reached or refuses the credentials; exit 2 naming the key when one the suites need is neither given nor told.
 */
async function completeByInference(s: RunSettings, draft: DraftProfile, deadline: RunDeadline, out: (line: string) => void, interrupt?: Interrupt): Promise<{ profile: Profile; inferred: Finding[] }> {
  const base = { baseUrl: s.baseUrl!, draft, timeoutMs: s.timeoutMs, deadline };
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

/** Runs with validated settings: the embedded server when there is no base URL, stopped afterwards. */
export async function executeRun(s: RunSettings, out: (line: string) => void, interrupt?: Interrupt): Promise<RunOutcome> {
  const checks = RULES.filter((r) => matchesOnly(s.only, r.id)).length;
  const deadline = runDeadline(Date.now(), s.maxDurationSec ?? defaultMaxDurationSec(checks, s.numRuns));
  let embedded: Embedded | undefined;
  try {
    if (!s.baseUrl) {
      embedded = await startEmbedded({
        ...(s.today ? { today: s.today } : {}),
        ...(s.profileJson !== undefined ? { profileJson: s.profileJson } : {}),
      });
    }
    const baseUrl = s.baseUrl ?? embedded!.baseUrl;
    // Before loading vitest: an unreachable target is reported (exit 3) in a moment, not after its start-up.
    const { profile, inferred } = embedded ? { profile: embedded.profile, inferred: [] } : await completeByInference(s, s.draft!, deadline, out, interrupt);
    const fixtures = await prepareTarget(new TargetClient({ baseUrl, profile, timeoutMs: s.timeoutMs, secrets: secretsOf(profile), deadline }));
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
      discardUnrestorableWebhooks: s.discardUnrestorableWebhooks,
      reportDir: s.reportDir,
      ...(s.only ? { only: s.only } : {}),
      ...(s.baseline ? { baseline: s.baseline } : {}),
      ...(s.writeBaseline ? { writeBaseline: s.writeBaseline } : {}),
      ...(interrupt ? { interrupt } : {}),
      out,
    };
    // Loaded here, not at the top: vitest's start-up takes seconds, and usage or target errors need none of it.
    const { runAgainst } = await import('./run-suites.ts');
    return await runAgainst(options);
  } finally {
    await embedded?.close();
  }
}

export async function runCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const settings = await parseRunArgs(argv);
  if (settings === 'help') {
    for (const line of RUN_USAGE) out(line);
    return 0;
  }
  const interrupt = new Interrupt('run', out);
  try {
    const outcome = await executeRun(settings, out, interrupt);
    const exitCode = interrupt.which ? interrupt.exitCode : outcome.exitCode;
    // A worker stopped mid-check (a signal, or the deadline's hard stop) can leave vitest's message ports open:
    // once the output has drained, leave anyway, so the run stays bounded.
    if (interrupt.which || outcome.workerStopped) setTimeout(() => process.exit(exitCode), 1_000).unref();
    return exitCode;
  } catch (error) {
    // Stopped before the checks began (discovery, start-up): nothing was changed, no report written.
    if (error instanceof InterruptedBeforeChecks) return interrupt.exitCode;
    throw error;
  } finally {
    interrupt.dispose();
  }
}
