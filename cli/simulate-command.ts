import { CAPTURE_OPTIONS, CAPTURE_USAGE, captureFlags, checkListenable } from './capture-flags.ts';
import { DISCARD_OPTIONS, DISCARD_USAGE } from './discard-flag.ts';
import { HAR_OPTIONS, HAR_USAGE, harFlag } from './har-flag.ts';
import { integerFlag, parseFlags, reportDirFlag } from './flags.ts';
import { Interrupt } from './interrupt.ts';
import { baseUrlFlag, profileFlag } from './run-command.ts';
import { DEFAULT_REPORT_DIR, DEFAULT_TIMEOUT_MS, randomSeed } from '../api/run.ts';
import { TRANSPORT_OPTIONS, TRANSPORT_USAGE, transportOf } from './transport-flags.ts';
import { arrivalSpec, rateFlag } from '../api/load.ts';
import { DEFAULT_RESEND_SAMPLE, DEFAULT_SIMULATE_RATE as DEFAULT_RATE, executeSimulation, type SimulateSettings } from '../api/simulate.ts';
import { checkTargetHasProfile, RANGES } from '../api/option-checks.ts';
import { TARGET_PROFILE } from '../api/options.ts';

// `vmp-conformance simulate`: flags are validated before anything starts (exit 2 naming the flag), then the
// simulation runs against --base-url (with --profile) or the embedded reference server. Ctrl-C, SIGTERM or SIGHUP
// stops sending and restores the webhook configurations before exiting (130 / 143 / 129).

export const SIMULATE_USAGE = [
  'Usage: vmp-conformance simulate [--base-url URL --profile FILE] [--inquiries N] [--rate R] [--arrival constant|poisson|diurnal|burst]',
  '                                [--seed N] [--deadline-ms N] [--resend N|all] [--report-dir DIR] [--timeout-ms N]',
  'Injects N generated inquiries through the simulation hooks at R per second (the mean rate for --arrival), then checks',
  'each webhook delivery (exactly once, to the primary app, within --deadline-ms, carrying the inquiry), the inquiry list,',
  'GET by sid and resendwebhook (on --resend inquiries, default 100, evenly spread). Without hooks (simulationHooks: null)',
  'it resends up to N existing recent inquiries instead. Writes simulation.json, deliveries.jsonl and simulation.html (root cause,',
  'counts per step, deliveries over time, delivery latency by percentile) into --report-dir.',
  'Exit codes: 0 pass, 1 a delivery lost/duplicated/misrouted/mismatched, a read/resend check failed or no agency of the',
  'primary app is known, 2 bad usage or invalid profile, 3 no connection to the target or credentials rejected, 130/143/129',
  'interrupted (configurations restored).',
  ...CAPTURE_USAGE,
  ...DISCARD_USAGE,
  ...TRANSPORT_USAGE,
  ...HAR_USAGE,
];

const OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  inquiries: { type: 'string', default: '200' },
  rate: { type: 'string' },
  arrival: { type: 'string', default: 'constant' },
  seed: { type: 'string' },
  'deadline-ms': { type: 'string', default: '10000' },
  resend: { type: 'string', default: String(DEFAULT_RESEND_SAMPLE) },
  'report-dir': { type: 'string', default: DEFAULT_REPORT_DIR },
  'timeout-ms': { type: 'string', default: String(DEFAULT_TIMEOUT_MS) },
  ...CAPTURE_OPTIONS,
  ...DISCARD_OPTIONS,
  ...TRANSPORT_OPTIONS,
  ...HAR_OPTIONS,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export async function parseSimulateArgs(argv: string[]): Promise<SimulateSettings | 'help'> {
  const { values: v } = parseFlags({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  if (v.help) return 'help';
  const inquiries = integerFlag('inquiries', v.inquiries, ...RANGES.inquiries);
  const rate = v.rate === undefined ? DEFAULT_RATE : rateFlag('--rate', v.rate);
  const resend = v.resend === 'all' ? 'all' : integerFlag('resend', v.resend, ...RANGES.resend);
  const capture = captureFlags(v);
  await checkListenable(capture);
  const settings: SimulateSettings = {
    inquiries,
    arrival: arrivalSpec(v.arrival, rate, (inquiries / rate) * 1000),
    seed: v.seed === undefined ? randomSeed() : integerFlag('seed', v.seed, ...RANGES.seed),
    deadlineMs: integerFlag('deadline-ms', v['deadline-ms'], ...RANGES.deadlineMs),
    resend,
    reportDir: await reportDirFlag('report-dir', v['report-dir']),
    timeoutMs: integerFlag('timeout-ms', v['timeout-ms'], ...RANGES.timeoutMs),
    capture,
    discardUnrestorableWebhooks: v['discard-unrestorable-webhooks'],
    ...(await harFlag(v)),
  };
  if (v['base-url'] !== undefined) settings.baseUrl = baseUrlFlag(v['base-url']);
  const transport = transportOf(v, settings.baseUrl);
  if (transport) settings.transport = transport;
  if (v.profile !== undefined) {
    const { profile, json } = await profileFlag(v.profile);
    settings.profile = profile;
    settings.profileJson = json;
  }
  checkTargetHasProfile({ baseUrl: '--base-url', profile: '--profile' }, settings, TARGET_PROFILE.simulate);
  return settings;
}

export async function simulateCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const s = await parseSimulateArgs(argv);
  if (s === 'help') {
    for (const line of SIMULATE_USAGE) out(line);
    return 0;
  }
  const stop = new Interrupt('simulate', out);
  try {
    const { exitCode } = await executeSimulation(s, { signal: stop.signal, track: (outstanding) => stop.track(outstanding) }, out);
    return stop.which ? stop.exitCode : exitCode;
  } finally {
    stop.dispose();
  }
}
