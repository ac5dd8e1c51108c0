import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultProfileJson, startEmbedded, type Embedded } from '../api/embedded.ts';
import { UsageError } from '../support/errors.ts';
import { integerFlag, parseFlags, reportDirFlag } from './flags.ts';
import { baseUrlFlag, profileFlag } from './run-command.ts';
import { DEFAULT_REPORT_DIR, MAX_SEED, randomSeed } from '../api/run.ts';
import { DEFAULT_PORT as SERVE_DEFAULT_PORT } from './serve-command.ts';
import { ENDPOINTS, todayIn } from '../models/index.ts';
import { redact } from '../sut/redact.ts';
import { secretsOf } from '../sut/secrets.ts';
import { exportK6 } from '../simulator/k6-export.ts';
import type { Profile } from '../sut/profile.ts';
import { mergedLines, mergeLoadFiles } from '../simulator/load-merge.ts';
import { isLoopback } from '../sut/loopback.ts';
import { runLoad, type LoadModel } from '../simulator/load.ts';
import { arrivalSpec, rateFlag } from '../simulator/arrival-flags.ts';
import { parseThreshold, type Threshold } from '../simulator/thresholds.ts';

// `vmp-conformance load`: every flag is checked before anything starts (exit 2 naming it), a non-loopback
// target needs --allow-remote, the run is always bounded by --duration, and --merge combines earlier load.json
// files instead of running.

export const LOAD_USAGE = [
  'Usage: vmp-conformance load [--base-url URL --profile FILE] [--duration S] [--connections C | --rate R [--arrival KIND]]',
  '                            [--mix FILE] [--threshold EXPR]... [--validate-every N] [--allow-remote] [--report-dir DIR]',
  '       vmp-conformance load --merge a.json b.json [...] [--threshold EXPR]...',
  '       vmp-conformance load --export k6 DIR [the flags of a run]: writes DIR/vmp-load.js and its data file for k6 instead of running',
  '--connections alone: closed model (autocannon at full speed; its latencies hide coordinated omission).',
  '--rate / --arrival constant|poisson|diurnal|burst: open model (requests at precomputed times, latency from the',
  'intended send time, sends without a free connection counted as dropped); --connections then caps requests in flight.',
  '--mix FILE: JSON {"endpoint-id": weight, ...} replacing the default weights. --threshold: "p50|p90|p99|p99.9<250ms",',
  '"errors<0.1%", "rps>500". Default 30 s, 10 connections, every 100th response validated (0: none).',
  '--export k6: the same mix, arrival model, sampled validation (as k6 checks) and thresholds (k6 exits 99 when one breaks);',
  'the credentials of the profile become k6 environment variables, never written. Nothing is load-tested, so no --allow-remote.',
  'Exit codes: 0 pass, 1 a threshold broken (or no agency of the primary app is known), 2 bad usage or invalid profile, 3 no connection to the target or credentials rejected.',
];

const OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  duration: { type: 'string', default: '30' },
  connections: { type: 'string' },
  rate: { type: 'string' },
  arrival: { type: 'string' },
  mix: { type: 'string' },
  threshold: { type: 'string', multiple: true },
  'validate-every': { type: 'string', default: '100' },
  'allow-remote': { type: 'boolean', default: false },
  'report-dir': { type: 'string', default: DEFAULT_REPORT_DIR },
  seed: { type: 'string' },
  'timeout-ms': { type: 'string', default: '10000' },
  merge: { type: 'boolean', default: false },
  export: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const DEFAULT_CONNECTIONS = 10;
export const DEFAULT_OPEN_RATE = 100;
export const DEFAULT_MAX_IN_FLIGHT = 100;
const VARIANTS = ['pagina', 'operador', 'externalid', 'desde'];
const GET_IDS = new Set(ENDPOINTS.filter((e) => e.method === 'GET').map((e) => e.id));

export interface LoadSettings {
  baseUrl?: string;
  profile?: Profile;
  profileJson?: unknown;
  durationSec: number;
  model: LoadModel;
  mixWeights?: Record<string, number>;
  thresholds: Threshold[];
  validateEvery: number;
  seed: number;
  reportDir: string;
  timeoutMs: number;
  /** --export k6 DIR: write a k6 script there instead of running. */
  exportDir?: string;
}

export async function readMix(file: string): Promise<Record<string, number>> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--mix ${file}: cannot read a JSON object (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new UsageError(`--mix ${file}: expected a JSON object {"endpoint-id": weight}`);
  for (const [key, weight] of Object.entries(json)) {
    const [id, variant, ...rest] = key.split(':');
    if (!GET_IDS.has(id!) || rest.length > 0 || (variant !== undefined && (id !== 'consultas-list' || !VARIANTS.includes(variant)))) {
      throw new UsageError(`--mix ${file}: '${key}' is not a GET endpoint id of the catalog (see vmp-conformance rules) nor consultas-list:${VARIANTS.join('|')}`);
    }
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) throw new UsageError(`--mix ${file}: the weight of '${key}' must be a non-negative number`);
  }
  return json as Record<string, number>;
}

export async function parseLoadArgs(argv: string[]): Promise<LoadSettings | 'help' | { merge: string[]; thresholds: Threshold[] }> {
  const { values: v, positionals } = parseFlags({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  if (v.help) return 'help';
  const thresholds = (v.threshold ?? []).map(parseThreshold);
  if (v.merge) return { merge: positionals, thresholds };
  const exportDir = v.export === undefined ? undefined : await exportDirArgs(v.export, positionals);
  if (positionals.length > 0 && exportDir === undefined) throw new UsageError(`unexpected argument '${positionals[0]}' (files are only taken with --merge, a directory with --export k6)`);
  const open = v.rate !== undefined || v.arrival !== undefined;
  const connections = v.connections === undefined ? undefined : integerFlag('connections', v.connections, 1, 10_000);
  const durationSec = integerFlag('duration', v.duration, 1, 3_600);
  let model: LoadModel;
  if (open) {
    const rate = v.rate === undefined ? DEFAULT_OPEN_RATE : rateFlag('rate', v.rate);
    model = { kind: 'open', rate, arrival: arrivalSpec(v.arrival ?? 'constant', rate, durationSec * 1000), maxInFlight: connections ?? DEFAULT_MAX_IN_FLIGHT };
  } else {
    model = { kind: 'closed', connections: connections ?? DEFAULT_CONNECTIONS };
  }
  const settings: LoadSettings = {
    durationSec,
    model,
    thresholds,
    validateEvery: integerFlag('validate-every', v['validate-every'], 0, 1_000_000),
    seed: v.seed === undefined ? randomSeed() : integerFlag('seed', v.seed, 0, MAX_SEED),
    // An export writes no report: the directory is not created.
    reportDir: exportDir === undefined ? await reportDirFlag('report-dir', v['report-dir']) : path.resolve(v['report-dir']),
    timeoutMs: integerFlag('timeout-ms', v['timeout-ms'], 100, 600_000),
    ...(exportDir === undefined ? {} : { exportDir }),
  };
  if (v['base-url'] !== undefined) {
    settings.baseUrl = baseUrlFlag(v['base-url']);
    // An export sends no load from here (k6 does, when someone runs it): the guard is for running load.
    if (!isLoopback(settings.baseUrl) && !v['allow-remote'] && exportDir === undefined) {
      throw new UsageError(`refusing to load-test ${new URL(settings.baseUrl).host}, which is not a loopback address: add --allow-remote if you mean it`);
    }
  }
  if (v.profile !== undefined) {
    const { profile, json } = await profileFlag(v.profile);
    settings.profile = profile;
    settings.profileJson = json;
  }
  if (settings.baseUrl && !settings.profile) throw new UsageError('--base-url needs --profile (the target profile: credentials and media-type selection)');
  if (v.mix !== undefined) settings.mixWeights = await readMix(v.mix);
  return settings;
}

/** --export FORMAT DIR: k6 is the one format; DIR is where the script and its data file go. */
async function exportDirArgs(format: string, positionals: readonly string[]): Promise<string> {
  if (format !== 'k6') throw new UsageError(`--export must be k6 (the one format there is), got '${format}'`);
  if (positionals.length !== 1) throw new UsageError(`--export k6 takes one directory to write the script into${positionals.length > 1 ? `, got ${positionals.length} arguments` : ''}`);
  return reportDirFlag('export k6 DIR', positionals[0]!);
}

/** --export k6; without --base-url against the embedded server, and the script aims at `serve` (the same data, on its port). */
async function exportK6Command(s: LoadSettings & { exportDir: string }, out: (line: string) => void): Promise<number> {
  const embedded = s.baseUrl ? undefined : await startEmbedded(s.profileJson !== undefined ? { profileJson: s.profileJson } : {});
  try {
    const profile = embedded ? embedded.profile : s.profile!;
    const today = profile.today ?? todayIn(profile.timeZone);
    await exportK6({
      dir: s.exportDir,
      baseUrl: s.baseUrl ?? embedded!.baseUrl,
      profile,
      profileJson: s.profileJson ?? (await defaultProfileJson()),
      ...(embedded
        ? {
            scriptBaseUrl: `http://127.0.0.1:${SERVE_DEFAULT_PORT}`,
            serveHint: `Exported against the embedded reference server: start it first with \`npx vmp-conformance serve --today ${today}${s.profileJson !== undefined ? ' --profile FILE' : ''}\` (the same data, on port ${SERVE_DEFAULT_PORT}).`,
          }
        : {}),
      timeoutMs: s.timeoutMs,
      ...(s.mixWeights ? { mixWeights: s.mixWeights } : {}),
      durationSec: s.durationSec,
      model: s.model,
      thresholds: s.thresholds,
      validateEvery: s.validateEvery,
      seed: s.seed,
      out: (line) => out(redact(line, secretsOf(profile))),
    });
    return 0;
  } finally {
    await embedded?.close();
  }
}

export async function loadCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const s = await parseLoadArgs(argv);
  if (s === 'help') {
    for (const line of LOAD_USAGE) out(line);
    return 0;
  }
  if ('merge' in s) {
    const merged = await mergeLoadFiles(s.merge, s.thresholds);
    for (const line of mergedLines(merged)) out(line);
    return merged.thresholds.some((t) => !t.ok) ? 1 : 0;
  }
  if (s.exportDir !== undefined) return exportK6Command({ ...s, exportDir: s.exportDir }, out);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let embedded: Embedded | undefined;
  try {
    if (!s.baseUrl) embedded = await startEmbedded(s.profileJson !== undefined ? { profileJson: s.profileJson } : {});
    const { exitCode } = await runLoad({
      baseUrl: s.baseUrl ?? embedded!.baseUrl,
      profile: embedded ? embedded.profile : s.profile!,
      embedded: embedded !== undefined,
      durationSec: s.durationSec,
      model: s.model,
      ...(s.mixWeights ? { mixWeights: s.mixWeights } : {}),
      thresholds: s.thresholds,
      validateEvery: s.validateEvery,
      seed: s.seed,
      reportDir: s.reportDir,
      timeoutMs: s.timeoutMs,
      signal: controller.signal,
      out,
    });
    return controller.signal.aborted ? 130 : exitCode;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await embedded?.close();
  }
}
