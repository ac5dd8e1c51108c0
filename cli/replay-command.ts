import path from 'node:path';
import { startEmbedded } from '../api/embedded.ts';
import { completeProfile, parseDraftProfile, ProfileError, redact, secretsOf, type Profile } from '../api/profile.ts';
import { findFailures, readResults, recordedFailures, recordedTransport, replayFailures, type ReplayTarget } from '../api/replay.ts';
import { checkTransport, transportFacts, transportLines } from '../api/transport.ts';
import { DEFAULT_REPORT_DIR, DEFAULT_TIMEOUT_MS } from '../api/run.ts';
import type { RunResult } from '../reports/results.ts';
import { UsageError } from '../support/errors.ts';
import { integerFlag, parseFlags } from './flags.ts';
import { baseUrlFlag, draftProfileFlag } from './run-command.ts';
import { RANGES } from '../api/option-checks.ts';
import { givesTransport, TRANSPORT_OPTIONS, TRANSPORT_USAGE, transportFlags, transportOf, type TransportValues } from './transport-flags.ts';

// `vmp-conformance replay <id>…` (or `--failed`: every failure of a results.json): re-sends each recorded failure's request — or, for a stateful failure, its whole
// recorded command sequence — against the same target or another one and shows how it answers now; then it
// judges by re-running the rule's own check (`run --only <rule> --seed <recorded seed>`), since a status code
// alone cannot say whether a rule about a body, a header or a later read now holds. Exit 0: the rule passes
// now; 1: it still fails (or its check could not run there, so nothing is shown to be fixed).

const OPTIONS = {
  from: { type: 'string' },
  failed: { type: 'boolean', default: false },
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  'timeout-ms': { type: 'string', default: String(DEFAULT_TIMEOUT_MS) },
  ...TRANSPORT_OPTIONS,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const USAGE = 'usage: vmp-conformance replay <failure-id>… [--from results.json] | --failed [results.json] [--base-url URL] [--profile FILE] [--timeout-ms N]';

const DEFAULT_RESULTS = path.join(DEFAULT_REPORT_DIR, 'results.json');

export const REPLAY_USAGE = [
  USAGE.replace(/^usage/, 'Usage'),
  'Re-sends failures recorded in results.json (the ids `run` prints, or rule ids; --failed: every failure it records) and',
  "shows how the target answers now (status, headers, body), then judges by re-running the rules' own checks with the",
  `recorded seed. --from (or the file after --failed) names the results.json (default ${DEFAULT_RESULTS}). Without --base-url: the recorded target (an`,
  'embedded one is started afresh). Credentials, which results.json keeps redacted, come from the profile file the run read',
  "(results.json records its path), or from --profile. The TLS and proxy settings are the run's (results.json records",
  'them) unless one of their flags is given:',
  ...TRANSPORT_USAGE,
  'Exit codes: 0 every replayed rule passes now, 1 one still fails (or its check skipped there), 2 bad usage, 3 target unreachable.',
];

/**
 * The profile file as `run` read it, completed as the run completed it: a file with only credentials is enough,
 * since results.json keeps the values the run inferred (its credentials redacted; the file's own values win).
 */
async function replayProfile(file: string, result: RunResult): Promise<{ profile: Profile; json: unknown }> {
  const { draft, json } = await draftProfileFlag(file);
  try {
    return { profile: completeProfile(draft, parseDraftProfile(result.profile)), json };
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(`--profile ${file}: ${error.message}`);
    throw error;
  }
}

/**
 * Where to replay: --base-url, else the recorded target. Credentials come from --profile, else from the profile
 * file the run read (results.json records its path, never a secret; its ${ENV} references are resolved again).
 */
async function targetFor(result: RunResult, v: TransportValues & { 'base-url'?: string | undefined; profile?: string | undefined }): Promise<ReplayTarget> {
  const file = v.profile ?? result.target.profileFile;
  const given = file ? await replayProfile(file, result) : undefined;
  if (v['base-url']) {
    if (!given) throw new UsageError('--base-url needs --profile: results.json keeps credentials redacted');
    const baseUrl = baseUrlFlag(v['base-url']);
    return { baseUrl, profile: given.profile, transport: transportFlags(v) };
  }
  if (result.target.embedded) {
    transportOf(v, undefined);
    // The recorded embedded server is gone with its run: replay against a fresh one, with the same choices and date.
    const today = typeof result.profile.today === 'string' ? result.profile.today : undefined;
    const embedded = await startEmbedded({ ...(given ? { profileJson: given.json } : {}), ...(today ? { today } : {}) });
    return { baseUrl: embedded.baseUrl, profile: embedded.profile, embedded };
  }
  if (!given) throw new UsageError(`--profile is needed to re-apply credentials to ${result.target.baseUrl} (results.json keeps them redacted)`);
  // As the run reached its target, unless told otherwise: files it read must still be there (exit 2 naming them).
  const recorded = (field: string) => `--${field} (as results.json records the run's)`;
  const transport = givesTransport(v) ? transportFlags(v) : checkTransport(recordedTransport(result.target.transport), recorded);
  return { baseUrl: result.target.baseUrl, profile: given.profile, transport };
}

/**
 * The results.json and the failures to replay: the ids given, or with --failed every failure (undefined), its file
 * given after the flag as `replay --failed results.json` reads, or by --from.
 */
function whatToReplay(v: { from?: string | undefined; failed: boolean }, positionals: string[]): { from: string; ids?: string[] } {
  if (!v.failed) {
    if (positionals.length === 0) throw new UsageError(`replay takes the failure ids to replay, or --failed; ${USAGE}`);
    return { from: v.from ?? DEFAULT_RESULTS, ids: positionals };
  }
  if (positionals.length > 1 || (positionals.length === 1 && v.from !== undefined)) {
    throw new UsageError(`replay --failed replays every failure of one results.json (given after it, or by --from), not ids; ${USAGE}`);
  }
  return { from: positionals[0] ?? v.from ?? DEFAULT_RESULTS };
}

export async function replayCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values: v, positionals } = parseFlags({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  if (v.help) {
    for (const line of REPLAY_USAGE) out(line);
    return 0;
  }
  const timeoutMs = integerFlag('timeout-ms', v['timeout-ms'], ...RANGES.timeoutMs);
  const { from, ids } = whatToReplay(v, positionals);
  const result = await readResults(from);
  const failures = ids ? findFailures(result, ids, from) : recordedFailures(result);
  if (failures.length === 0) {
    out(`${from} records no failure: nothing to replay`);
    return 0;
  }

  const target = await targetFor(result, v);
  const secrets = secretsOf(target.profile);
  const say = (line: string) => out(redact(line, secrets));
  try {
    for (const line of transportLines(transportFacts(target.transport, target.baseUrl))) say(`replay: ${line}`);
    say(`replaying against ${target.baseUrl}${target.embedded ? ' (embedded reference server)' : ''}:`);
    return await replayFailures(result, failures, target, timeoutMs, say);
  } finally {
    await target.embedded?.close();
  }
}
