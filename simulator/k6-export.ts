import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { VmpError } from '../support/errors.ts';
import { writeFilesAtomic } from '../support/atomic-write.ts';
import { toolVersion } from '../support/version.ts';
import { redact } from '../sut/redact.ts';
import { TargetClient } from '../sut/client.ts';
import { secretsOf } from '../sut/secrets.ts';
import { k6Scenario, k6Thresholds, thresholdsOption, type K6Scenario, type K6Threshold } from './k6-options.ts';
import { buildK6Plan, type K6Plan } from './k6-plan.ts';
import type { LoadModel } from './load.ts';
import { targetMix, type TargetMixOptions } from './load-target-mix.ts';
import { mixProblemLine, probeMix, type MixProblem } from './mix-problems.ts';
import type { Threshold } from './thresholds.ts';

// `vmp-conformance load --export k6 DIR`: the load `load` would send to this target, as a k6 script (vmp-load.js)
// and its data file (vmp-load-data.json) — the same mix and sequence, arrival model, sampled validation and
// thresholds — for running on k6, on several machines or with k6-operator. The target is asked only what `load`
// asks before it starts (discovery and a few reads); nothing is load-tested here.

export const K6_SCRIPT_FILE = 'vmp-load.js';
export const K6_DATA_FILE = 'vmp-load-data.json';

/** The percentiles k6's end-of-test summary shows, the ones `load` reports (med is p(50)). */
export const SUMMARY_TREND_STATS = ['avg', 'min', 'med', 'p(90)', 'p(99)', 'p(99.9)', 'max'];

export interface K6ExportOptions extends TargetMixOptions {
  dir: string;
  /** The profile file's JSON as written, for the `${NAME}` references of its credentials. */
  profileJson: unknown;
  /** The URL the script targets unless BASE_URL is given; default the one exported against. */
  scriptBaseUrl?: string;
  /** How to start that target, when the export was made against the embedded reference server. */
  serveHint?: string;
  durationSec: number;
  model: LoadModel;
  thresholds: readonly Threshold[];
  validateEvery: number;
  seed: number;
  out?: (line: string) => void;
}

export interface K6Export {
  files: string[];
  plan: K6Plan;
  scenario: K6Scenario;
  thresholds: K6Threshold[];
  /** Operations the target answered with a non-2xx when the export asked each once (mix-problems.ts). */
  problems: MixProblem[];
}

/** The export would carry a credential of the profile: nothing is written. */
export class SecretInExportError extends VmpError {
  constructor(file: string) {
    super(`load --export: ${file} would contain a credential of the profile (a fixture value equal to a secret?); nothing was written`, 'VMP_ERR_K6_SECRET');
  }
}

const RUNTIME_FILES = ['k6/script.js', 'k6/schema-check.js'] as const;

/** JSON as a reader wants it in the script: an object or array of plain values (a stage, a list of stats) on one line. */
export function compactJson(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  const plainMembers = (v: object) => Object.values(v).every((m) => m === null || typeof m !== 'object');
  if (Array.isArray(value)) {
    if (plainMembers(value)) return `[${value.map((m) => JSON.stringify(m)).join(', ')}]`;
    return `[\n${value.map((m) => inner + compactJson(m, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (plainMembers(value)) return `{ ${entries.map(([k, m]) => `${JSON.stringify(k)}: ${JSON.stringify(m)}`).join(', ')} }`;
    return `{\n${entries.map(([k, m]) => `${inner}${JSON.stringify(k)}: ${compactJson(m, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

async function runtimeSource(file: string): Promise<string> {
  const text = await readFile(new URL(`./${file}`, import.meta.url), 'utf8');
  // Inlined into one script: its helpers are the script's own, not exports k6 would take for scenario functions.
  return text.replace(/^export (const|function) /gm, '$1 ');
}

function modelLine(model: LoadModel, scenario: K6Scenario): string {
  if (model.kind === 'closed') return `closed model: ${model.connections} VUs (constant-vus), as load's ${model.connections} connections`;
  return `open model: ${model.rate} req/s, ${model.arrival.kind} arrivals (${scenario.executor}), at most ${model.maxInFlight} in flight (VUs); sends without a free VU are k6's dropped_iterations`;
}

const sampling = (every: number): string =>
  every === 0 ? 'no response validated' : every === 1 ? 'every response validated' : `one response in ${every} validated`;

function credentialVariables(plan: K6Plan): string[] {
  return [...new Set(Object.values(plan.credentialHeaders).flatMap((t) => [...t.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!)))];
}

function header(o: K6ExportOptions, plan: K6Plan, scenario: K6Scenario, thresholds: readonly K6Threshold[], problems: readonly MixProblem[]): string[] {
  const variables = credentialVariables(plan);
  return [
    '// @ts-check',
    `// ${K6_SCRIPT_FILE}: the load of \`vmp-conformance load\` as a k6 script, written by ${plan.generatedBy} (load --export k6).`,
    `// Its data file ${K6_DATA_FILE} goes with it; export again rather than edit either.`,
    '//',
    `//   k6 run ${variables.map((v) => `-e ${v}=… `).join('')}${K6_SCRIPT_FILE}`,
    '//',
    `// Target: ${plan.baseUrl} (-e BASE_URL=… overrides it).${o.serveHint ? ` ${o.serveHint}` : ''}`,
    `// Credentials, never written here: ${
      Object.entries(plan.credentialHeaders)
        .map(([name, t]) => `${name} from ${t}`)
        .join(', ') || 'none'
    }.`,
    `// ${modelLine(o.model, scenario)}; ${o.durationSec} s; seed ${o.seed}.`,
    `// ${plan.operations.length} operations in load's sequence of ${plan.sequence.length}; ${sampling(plan.validation.every)} (a k6 check).`,
    '// Thresholds (k6 exits 99 when one is broken, where load exits 1):',
    ...thresholds.map((t) => `//   ${t.expression} → ${t.metric}: ${t.k6}`),
    ...(problems.length > 0 ? ['// Asked once each when this was exported:', ...problems.map((p) => `//   ${mixProblemLine(p)}`)] : []),
    '',
  ];
}

export async function exportK6(o: K6ExportOptions): Promise<K6Export> {
  const out = o.out ?? (() => undefined);
  const mix = await targetMix(o);
  const secrets = secretsOf(o.profile);
  const client = new TargetClient({ baseUrl: o.baseUrl, profile: o.profile, timeoutMs: o.timeoutMs, secrets, transport: o.transport });
  let problems: MixProblem[];
  try {
    problems = await probeMix(client, mix.operations);
  } finally {
    await client.close();
  }
  const plan = buildK6Plan({
    operations: mix.operations,
    profile: o.profile,
    profileJson: o.profileJson,
    baseUrl: o.scriptBaseUrl ?? o.baseUrl,
    timeoutMs: o.timeoutMs,
    validateEvery: o.validateEvery,
    generatedBy: `vmp-conformance ${toolVersion()}`,
  });
  const scenario = k6Scenario(o.model, o.durationSec, o.seed, o.timeoutMs);
  const thresholds = k6Thresholds(o.thresholds);
  const options = { scenarios: { load: scenario }, thresholds: thresholdsOption(thresholds), maxRedirects: 0, summaryTrendStats: SUMMARY_TREND_STATS };
  const runtime = await Promise.all(RUNTIME_FILES.map(runtimeSource));
  const script = [
    ...header(o, plan, scenario, thresholds, problems),
    ...runtime,
    "/** @type {import('k6/options').Options} */",
    `export const options = ${compactJson(options)};`,
    '',
  ].join('\n');
  const files = [
    { file: path.join(o.dir, K6_SCRIPT_FILE), data: script },
    { file: path.join(o.dir, K6_DATA_FILE), data: `${JSON.stringify(plan, null, 2)}\n` },
  ];
  // Principle 4: a value equal to a credential (in any encoding redact knows) stops the export before any write.
  for (const f of files) if (redact(f.data, secrets) !== f.data) throw new SecretInExportError(path.basename(f.file));
  await mkdir(o.dir, { recursive: true });
  await writeFilesAtomic(files);
  out(`load: exported for k6 to ${o.dir}: ${K6_SCRIPT_FILE}, ${K6_DATA_FILE} (${plan.operations.length} operations; ${modelLine(o.model, scenario)})`);
  for (const s of mix.skipped) out(`load: not in the mix: ${s.endpointId} (${s.reason})`);
  for (const p of problems) out(`load: ${mixProblemLine(p)}`);
  for (const t of thresholds) out(`load: threshold ${t.expression} → k6 ${t.metric}: ${t.k6}`);
  out(
    `load: run it with: k6 run ${credentialVariables(plan)
      .map((v) => `-e ${v}=… `)
      .join('')}${path.join(o.dir, K6_SCRIPT_FILE)}`,
  );
  if (o.serveHint) out(`load: ${o.serveHint}`);
  return { files: files.map((f) => f.file), plan, scenario, thresholds, problems };
}
