import path from 'node:path';
import { UsageError } from '../support/errors.ts';
import { onTerminatingSignal, signalExitCode } from '../support/signals.ts';
import { DEFAULT_REPORT_DIR, randomSeed } from '../api/run.ts';
import {
  executeK6Export,
  executeLoad,
  loadModelOf,
  mergedLines,
  mergeLoadFiles,
  parseThreshold,
  rateFlag,
  readMix,
  type LoadSettings,
  type Threshold,
} from '../api/load.ts';
import { integerFlag, parseFlags, reportDirFlag } from './flags.ts';
import { baseUrlFlag, profileFlag } from './run-command.ts';
import { checkLoadTarget, checkTargetHasProfile, RANGES } from '../api/option-checks.ts';
import { TARGET_PROFILE } from '../api/options.ts';
import { TRANSPORT_OPTIONS, TRANSPORT_USAGE, transportOf } from './transport-flags.ts';

// `vmp-conformance load`: every flag is checked before anything starts (exit 2 naming it), a non-loopback
// target needs --allow-remote, the run is always bounded by --duration, and --merge combines earlier load.json
// files instead of running.

export const LOAD_USAGE = [
  'Usage: vmp-conformance load [--base-url URL --profile FILE] [--duration S] [--connections C | --rate R [--arrival KIND]]',
  '                            [--mix FILE] [--threshold EXPR]... [--validate-every N] [--allow-remote] [--report-dir DIR]',
  '                            [--seed N] [--timeout-ms N]',
  '       vmp-conformance load --merge a.json b.json [...] [--threshold EXPR]... [--report-dir DIR]',
  '       vmp-conformance load --export k6 DIR [the flags of a run]: writes DIR/vmp-load.js and its data file for k6 instead of running',
  '--connections alone: closed model (autocannon at full speed; its latencies hide coordinated omission).',
  '--rate / --arrival constant|poisson|diurnal|burst: open model (requests at precomputed times, latency from the',
  'intended send time, sends without a free connection counted as dropped); --connections then caps requests in flight.',
  '--mix FILE: JSON {"endpoint-id": weight, ...} replacing the default weights. --threshold: "p50|p90|p95|p99|p99.9<250ms",',
  '"errors<0.1%", "rps>500", each also on one operation ("consultas-get:p99<100ms"). Default 30 s, 10 connections,',
  'every 100th response validated (0: none).',
  "--seed fixes what is drawn (the open model's arrival times, the order of the mix); --timeout-ms bounds each request (default 10000).",
  'Writes load.json and load.html (latency by percentile and over time, throughput, per operation, thresholds) into --report-dir.',
  '--merge: one distribution from several load.json files of one arrival model (closed and open together are refused),',
  'judged by --threshold, load-merged.json and load-merged.html written into --report-dir.',
  '--export k6: the same mix, arrival model, sampled validation (as k6 checks) and thresholds (k6 exits 99 when one breaks);',
  'the credentials of the profile become k6 environment variables, never written. Nothing is load-tested, so no --allow-remote.',
  ...TRANSPORT_USAGE,
  '  The closed model (autocannon) takes the CAs and the client certificate but never verifies the certificate, and goes',
  '  through no proxy (refused when one applies); the open model (--rate) takes them all (docs/network.md).',
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
  ...TRANSPORT_OPTIONS,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export async function parseLoadArgs(argv: string[]): Promise<LoadSettings | 'help' | { merge: string[]; thresholds: Threshold[]; reportDir: string }> {
  const { values: v, positionals } = parseFlags({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  if (v.help) return 'help';
  const thresholds = (v.threshold ?? []).map(parseThreshold);
  if (v.merge) return { merge: positionals, thresholds, reportDir: await reportDirFlag('report-dir', v['report-dir']) };
  const exportDir = v.export === undefined ? undefined : await exportDirArgs(v.export, positionals);
  if (positionals.length > 0 && exportDir === undefined)
    throw new UsageError(`unexpected argument '${positionals[0]}' (files are only taken with --merge, a directory with --export k6)`);
  const connections = v.connections === undefined ? undefined : integerFlag('connections', v.connections, ...RANGES.connections);
  const durationSec = integerFlag('duration', v.duration, ...RANGES.durationSec);
  const model = loadModelOf({
    ...(v.rate !== undefined ? { rate: rateFlag('--rate', v.rate) } : {}),
    ...(v.arrival !== undefined ? { arrival: v.arrival } : {}),
    ...(connections !== undefined ? { connections } : {}),
    durationSec,
  });
  const settings: LoadSettings = {
    durationSec,
    model,
    thresholds,
    validateEvery: integerFlag('validate-every', v['validate-every'], ...RANGES.validateEvery),
    seed: v.seed === undefined ? randomSeed() : integerFlag('seed', v.seed, ...RANGES.seed),
    // An export writes no report: the directory is not created.
    reportDir: exportDir === undefined ? await reportDirFlag('report-dir', v['report-dir']) : path.resolve(v['report-dir']),
    timeoutMs: integerFlag('timeout-ms', v['timeout-ms'], ...RANGES.timeoutMs),
    ...(exportDir === undefined ? {} : { exportDir }),
  };
  if (v['base-url'] !== undefined) {
    settings.baseUrl = baseUrlFlag(v['base-url']);
    // An export sends no load from here (k6 does, when someone runs it): the guard is for running load.
    if (exportDir === undefined) checkLoadTarget(settings.baseUrl, v['allow-remote'], '--allow-remote');
  }
  const transport = transportOf(v, settings.baseUrl);
  if (transport) settings.transport = transport;
  if (v.profile !== undefined) {
    const { profile, json } = await profileFlag(v.profile);
    settings.profile = profile;
    settings.profileJson = json;
  }
  checkTargetHasProfile({ baseUrl: '--base-url', profile: '--profile' }, settings, TARGET_PROFILE.load);
  if (v.mix !== undefined) settings.mixWeights = await readMix(v.mix);
  return settings;
}

/** --export FORMAT DIR: k6 is the one format; DIR is where the script and its data file go. */
async function exportDirArgs(format: string, positionals: readonly string[]): Promise<string> {
  if (format !== 'k6') throw new UsageError(`--export must be k6 (the one format there is), got '${format}'`);
  if (positionals.length !== 1)
    throw new UsageError(`--export k6 takes one directory to write the script into${positionals.length > 1 ? `, got ${positionals.length} arguments` : ''}`);
  return reportDirFlag('export k6 DIR', positionals[0]!);
}

export async function loadCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const s = await parseLoadArgs(argv);
  if (s === 'help') {
    for (const line of LOAD_USAGE) out(line);
    return 0;
  }
  if ('merge' in s) {
    const merged = await mergeLoadFiles(s.merge, s.thresholds, s.reportDir);
    for (const line of mergedLines(merged)) out(line);
    out(`load --merge: ${merged.thresholds.every((t) => t.ok) ? 'PASS' : 'FAIL'} — ${merged.report}`);
    return merged.thresholds.some((t) => !t.ok) ? 1 : 0;
  }
  if (s.exportDir !== undefined) return executeK6Export({ ...s, exportDir: s.exportDir }, out);
  const controller = new AbortController();
  const stopListening = onTerminatingSignal((signal) => controller.abort(signal));
  try {
    const { exitCode } = await executeLoad(s, controller.signal, out);
    return controller.signal.aborted ? signalExitCode(String(controller.signal.reason)) : exitCode;
  } finally {
    stopListening();
  }
}
