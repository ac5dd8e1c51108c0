import path from 'node:path';
import { parseDraftProfile, parseProfile, ProfileError, readProfileJson, type DraftProfile, type Profile } from '../api/profile.ts';
import { checkSelection } from '../api/rules.ts';
import { readBaseline } from '../api/baseline.ts';
import { DEFAULT_REPORT_DIR, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, executeRun, randomSeed, reportUsageError, type RunSettings } from '../api/run.ts';
import { InterruptedBeforeChecks } from '../api/interrupt.ts';
import { checkBaseUrl, checkTargetHasProfile, RANGES } from '../api/option-checks.ts';
import { checkEmbeddedProfile, checkTodayOfEmbedded, TARGET_PROFILE } from '../api/options.ts';
import { Interrupt } from './interrupt.ts';
import { UsageError } from '../support/errors.ts';
import { CAPTURE_OPTIONS, CAPTURE_USAGE, captureFlags, checkListenable } from './capture-flags.ts';
import { DISCARD_OPTIONS, DISCARD_USAGE } from './discard-flag.ts';
import { TRANSPORT_OPTIONS, TRANSPORT_USAGE, transportOf } from './transport-flags.ts';
import { HAR_OPTIONS, HAR_USAGE, harFlag } from './har-flag.ts';
import { SELECTION_OPTIONS, SELECTION_USAGE, selectionFlags } from './selection-flags.ts';
import { hooksFlag, integerFlag, outputFileFlag, parseFlags, reportDirFlag } from './flags.ts';
import type { ConsoleExtras } from './console-extras.ts';
import { liveProgress } from './terminal.ts';

// `vmp-conformance run`: parses and validates every flag before touching a target (exit 2 for bad usage or
// an invalid profile) and hands the settings to the API's executeRun (exit 3 no connection/credentials
// rejected, 1 a rule failed, 0 otherwise).

export const RUN_OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  'report-dir': { type: 'string', default: DEFAULT_REPORT_DIR },
  seed: { type: 'string' },
  runs: { type: 'string', default: String(DEFAULT_RUNS) },
  'read-only': { type: 'boolean', default: false },
  only: { type: 'string' },
  exclude: { type: 'string' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  'timeout-ms': { type: 'string', default: String(DEFAULT_TIMEOUT_MS) },
  'max-duration': { type: 'string' },
  today: { type: 'string' },
  hooks: { type: 'string' },
  ...CAPTURE_OPTIONS,
  ...DISCARD_OPTIONS,
  ...TRANSPORT_OPTIONS,
  ...SELECTION_OPTIONS,
  ...HAR_OPTIONS,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const RUN_USAGE = [
  'Usage: vmp-conformance run [--base-url URL --profile FILE] [--report-dir DIR] [--seed N] [--runs N] [--read-only]',
  '                           [--only RULE-GLOB[,RULE-GLOB…]] [--exclude RULE-GLOB[,RULE-GLOB…]] [--baseline FILE] [--write-baseline FILE]',
  '                           [--endpoint PATTERN] [--method METHOD] [--bail | --max-failures N] [--har FILE]',
  '                           [--timeout-ms N] [--max-duration S] [--today YYYY-MM-DD] [--hooks PATH]',
  '--only runs the rules whose ids match (`*` any characters, `?` one); --exclude leaves out those that match, whatever --only says.',
  ...SELECTION_USAGE,
  'Without --base-url it runs against the embedded reference server (--today fixes its date).',
  "--hooks is the base of the target's simulation hooks (profile key simulationHooks, which it overrides): a path such as",
  '  /_sim, or an absolute URL. Without hooks, the checks that need them skip, saying so.',
  '--timeout-ms bounds each request (default 5000); an endpoint whose answers take over half of it 3 times in a row is not',
  'asked again. --max-duration bounds the whole run in seconds (default 60 + 2 per selected check, scaled by --runs/25):',
  'checks not done by then are reported as not run, what the run changed is restored, and the run exits 1.',
  ...CAPTURE_USAGE,
  ...DISCARD_USAGE,
  ...TRANSPORT_USAGE,
  ...HAR_USAGE,
  'Ctrl-C, SIGTERM or SIGHUP stops the checks, restores what the run changed on the target and writes partial reports (exit 130 /',
  '  143 / 129);',
  '  a second one exits at once, listing what could not be restored.',
  'Exit codes: 0 pass (or only baseline failures), 1 a rule failed, 2 bad usage or invalid profile, 3 no connection to the target or credentials rejected.',
];

/** --base-url, checked as the API checks its baseUrl (api/option-checks.ts). */
export const baseUrlFlag = (value: string): string => checkBaseUrl('--base-url', value);

/** Loads --profile as a file may hold it (keys `run` infers may be missing); an invalid one is exit 2 naming the field. */
export async function draftProfileFlag(file: string): Promise<{ draft: DraftProfile; json: unknown }> {
  try {
    const json = await readProfileJson(file);
    return { draft: parseDraftProfile(json), json };
  } catch (error) {
    if (error instanceof ProfileError) throw error.in(`--profile ${file}`);
    throw error;
  }
}

/** Loads --profile; an invalid one is exit 2 with one line naming the field. */
export async function profileFlag(file: string): Promise<{ profile: Profile; json: unknown }> {
  try {
    const json = await readProfileJson(file);
    return { profile: parseProfile(json), json };
  } catch (error) {
    // simulate, load and replay take a complete profile; only run infers what one leaves out.
    const missing =
      error instanceof ProfileError && /received undefined/.test(error.message)
        ? ' (a profile with only some keys works with run, which infers the rest; vmp-conformance init writes a complete one)'
        : '';
    if (error instanceof ProfileError) throw error.in(`--profile ${file}`, missing);
    throw error;
  }
}

const FLAG_NAMES = { baseUrl: '--base-url', profile: '--profile' };

export async function parseRunArgs(argv: string[]): Promise<RunSettings | 'help'> {
  const { values: v } = parseFlags({ args: argv, options: RUN_OPTIONS, strict: true, allowPositionals: false });
  if (v.help) return 'help';
  const settings: RunSettings = {
    reportDir: await reportDirFlag('report-dir', v['report-dir']),
    seed: v.seed === undefined ? randomSeed() : integerFlag('seed', v.seed, ...RANGES.seed),
    numRuns: integerFlag('runs', v.runs, ...RANGES.runs),
    timeoutMs: integerFlag('timeout-ms', v['timeout-ms'], ...RANGES.timeoutMs),
    ...(v['max-duration'] !== undefined ? { maxDurationSec: integerFlag('max-duration', v['max-duration'], ...RANGES.maxDurationSec) } : {}),
    readOnly: v['read-only'],
    // --max-duration bounds the whole process, its start-up included.
    startedAt: Math.floor(performance.timeOrigin),
    capture: captureFlags(v),
    discardUnrestorableWebhooks: v['discard-unrestorable-webhooks'],
  };
  await checkListenable(settings.capture);
  if (v['base-url'] !== undefined) settings.baseUrl = baseUrlFlag(v['base-url']);
  const transport = transportOf(v, settings.baseUrl);
  if (transport) settings.transport = transport;
  if (v.today !== undefined) settings.today = checkTodayOfEmbedded({ today: '--today', baseUrl: '--base-url' }, v.today, settings.baseUrl);
  const chosen = { ...(v.only !== undefined ? { only: v.only } : {}), ...(v.exclude !== undefined ? { exclude: v.exclude } : {}), ...selectionFlags(v) };
  checkSelection(chosen, (name) => `--${name}`);
  Object.assign(settings, chosen, await harFlag(v));
  if (v.profile !== undefined) {
    const { draft, json } = await draftProfileFlag(v.profile);
    settings.draft = draft;
    settings.profileJson = json;
    settings.profileFile = path.resolve(v.profile);
  }
  if (!settings.baseUrl && settings.draft && v.profile !== undefined) checkEmbeddedProfile(`--profile ${v.profile}`, settings.draft, '--base-url');
  if (v.hooks !== undefined) {
    const hooks = hooksFlag(v.hooks);
    if (!settings.baseUrl || !settings.draft) throw new UsageError('--hooks names the simulation hooks of a target given by --base-url (with its --profile)');
    settings.draft = { ...settings.draft, simulationHooks: hooks };
  }
  checkTargetHasProfile(FLAG_NAMES, { ...settings, profile: settings.draft }, TARGET_PROFILE.run);
  if (v.baseline !== undefined) settings.baseline = { file: v.baseline, baseline: await readBaseline(v.baseline) };
  if (v['write-baseline'] !== undefined) {
    await outputFileFlag('write-baseline', v['write-baseline']);
    settings.writeBaseline = v['write-baseline'];
  }
  return settings;
}

/**
 * The report directory of a command line refused for its usage: --report-dir as given (the last one, as parseArgs
 * takes it), or the default. Undefined when --report-dir is itself what is wrong, or cannot be read out: the
 * reports then go nowhere rather than where nobody asked (docs/reports.md, "Exit 2").
 */
async function refusedReportDir(argv: readonly string[]): Promise<string | undefined> {
  const flags = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  let value: string | undefined = DEFAULT_REPORT_DIR;
  flags.forEach((arg, i) => {
    if (arg === '--report-dir') value = flags[i + 1]?.startsWith('-') ? undefined : flags[i + 1];
    else if (arg.startsWith('--report-dir=')) value = arg.slice('--report-dir='.length);
  });
  return value === undefined ? undefined : reportDirFlag('report-dir', value).catch(() => undefined);
}

/** Parses the flags; a refusal (exit 2) writes its report set first (api/run.ts reportUsageError). */
async function parseOrReport(argv: string[]): Promise<RunSettings | 'help'> {
  try {
    return await parseRunArgs(argv);
  } catch (error) {
    const reportDir = error instanceof UsageError ? await refusedReportDir(argv) : undefined;
    if (reportDir !== undefined) await reportUsageError({ reportDir }, error as UsageError);
    throw error;
  }
}

export async function runCommand(argv: string[], out: (line: string) => void, extras: ConsoleExtras = {}): Promise<number> {
  const settings = await parseOrReport(argv);
  if (settings === 'help') {
    for (const line of RUN_USAGE) out(line);
    return 0;
  }
  if (extras.status) settings.onRule = liveProgress(extras.status);
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
