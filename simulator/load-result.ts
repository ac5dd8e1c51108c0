import type { TransportFacts } from '../sut/transport-notes.ts';
import { mkdir } from 'node:fs/promises';
import { writeFilesAtomic } from '../support/atomic-write.ts';
import path from 'node:path';
import type { ArrivalSpec } from '../generators/arrivals.ts';
import { redact, redactDeep } from '../sut/redact.ts';
import type { GeneratorHealth } from './generator-watch.ts';
import { encodeHistogram, percentilesMs, type EncodedHistogram, type Percentiles } from './histogram.ts';
import type { LoadRecorder, ValidationError } from './load-recorder.ts';
import type { Mix } from './load-mix.ts';
import type { MixProblem } from './mix-problems.ts';
import type { Measured, ThresholdVerdict } from './thresholds.ts';

// load.json: the whole run — which model, every latency as an HDR histogram (base64, mergeable across machines
// with `load --merge`), counts, the per-second timeline, conformance under load, generator health, thresholds.

export const LOAD_FILE = 'load.json';
/** load's page: named for the command, so that it never replaces a run's report.html in the same directory (issue 29 §3). */
export const LOAD_HTML = 'load.html';

export const MODEL_NOTES = {
  closed:
    'closed model: autocannon with a fixed number of connections at full speed; each connection waits for an answer before sending again, so these latencies hide coordinated omission',
  open: 'open model: requests sent at precomputed times regardless of answers; latency measured from each intended send time (as wrk2 does); sends that found no free connection are counted as dropped',
} as const;

export interface LatencyBlock {
  percentiles: Percentiles;
  histogram: EncodedHistogram;
}

export interface LoadResult {
  tool: { name: 'vmp-conformance'; version: string };
  startedAt: string;
  target: { baseUrl: string; embedded: boolean; transport?: TransportFacts };
  model: 'closed' | 'open';
  modelNote: string;
  settings: { durationSec: number; connections: number; rate?: number; arrival?: ArrivalSpec; validateEvery: number; seed: number };
  /** problems: operations answered only with non-2xx, most likely a value this target does not have (mix-problems.ts). */
  mix: { operations: { id: string; path: string; weight: number }[]; skipped: Mix['skipped']; problems?: MixProblem[] };
  durationMs: number;
  requests: {
    total: number;
    ok: number;
    non2xx: number;
    transportErrors: number;
    /** Transport failures by what went wrong (timed out, reset, refused). */
    failureReasons: Record<string, number>;
    errorRate: number;
    rps: number;
    statusCodes: Record<string, number>;
  };
  open?: { scheduled: number; sent: number; dropped: number; unfinished: number; sendLagMs: Percentiles };
  latency: LatencyBlock;
  operations: Record<string, LatencyBlock & { requests: number; errors: number }>;
  /** Per whole second since the start: completed requests, errors, and the p50 and p99 (ms) of those answered. */
  timeline: { second: number; requests: number; errors: number; p50?: number; p99?: number }[];
  validation: { every: number; sampled: number; valid: number; invalid: number; errors: ValidationError[] };
  generator: GeneratorHealth;
  reliable: boolean;
  thresholds: ThresholdVerdict[];
  /** Why the run measured nothing, when no request completed: the run fails. */
  nothingCompleted?: string;
  exitCode: number;
}

export function measuredFrom(recorder: LoadRecorder, durationMs: number): { errorRate: number; rps: number } {
  const failed = recorder.non2xx + recorder.transportErrors;
  return {
    errorRate: recorder.total === 0 ? 0 : failed / recorder.total,
    rps: (recorder.total - recorder.transportErrors) / Math.max(durationMs / 1000, 1e-3),
  };
}

/** Each operation's numbers, as a threshold on it (`consultas-get:p99<100ms`) is judged. */
export function operationsMeasured(recorder: LoadRecorder, durationMs: number): Record<string, Measured> {
  const seconds = Math.max(durationMs / 1000, 1e-3);
  return Object.fromEntries(
    [...recorder.perOperation].map(([id, s]) => [
      id,
      { latencyMs: percentilesMs(s.histogram), errorRate: s.requests === 0 ? 0 : s.errors / s.requests, rps: s.answers / seconds },
    ]),
  );
}

export function latencyBlocks(recorder: LoadRecorder): Pick<LoadResult, 'latency' | 'operations' | 'timeline'> {
  const operations: LoadResult['operations'] = {};
  for (const [id, s] of [...recorder.perOperation].sort(([a], [b]) => a.localeCompare(b))) {
    operations[id] = { requests: s.requests, errors: s.errors, percentiles: percentilesMs(s.histogram), histogram: encodeHistogram(s.histogram) };
  }
  const latency = recorder.latencyTimeline.seconds();
  return {
    latency: { percentiles: percentilesMs(recorder.overall), histogram: encodeHistogram(recorder.overall) },
    operations,
    timeline: recorder.timeline.map((t, second) => ({ second, ...t, ...latency[second] })),
  };
}

/** load.json and load.html beside it (its page, load-html.ts), written as a set; secrets redacted from both. */
export async function writeLoad(result: LoadResult, dir: string, secrets: readonly string[], page: (r: LoadResult) => string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, LOAD_FILE);
  const clean = redactDeep(result, secrets);
  await writeFilesAtomic([
    { file, data: redact(`${JSON.stringify(clean, null, 2)}\n`, secrets) },
    { file: path.join(dir, LOAD_HTML), data: redact(page(clean), secrets) },
  ]);
  return file;
}
