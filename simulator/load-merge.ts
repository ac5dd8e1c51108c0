import { readFile } from 'node:fs/promises';
import { UsageError } from '../support/errors.ts';
import { HistogramError, mergeHistograms, percentilesMs, type EncodedHistogram, type Percentiles } from './histogram.ts';
import type { LoadResult } from './load-result.ts';
import { percentilesMsLine } from './load-summary.ts';
import { formatVerdict, judge, type Threshold, type ThresholdVerdict } from './thresholds.ts';

/** A --merge input that is not a readable load.json (a UsageError: the CLI exits 2). */
export class MergeInputError extends UsageError {
  constructor(message: string) {
    super(message, 'VMP_ERR_MERGE');
  }
}

// `vmp-conformance load --merge a.json b.json …`: one latency distribution from several runs (machines, CI jobs),
// by adding their HDR histograms — percentiles of the union, never averages of percentiles.

export interface Merged {
  files: string[];
  total: number;
  failed: number;
  /** Sum of the runs' rates: meaningful when the runs were concurrent (several generators on one target). */
  rps: number;
  latency: Percentiles;
  operations: Record<string, Percentiles>;
  thresholds: ThresholdVerdict[];
}

type Part = Pick<LoadResult, 'requests' | 'latency' | 'operations'>;

async function readPart(file: string): Promise<Part> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new MergeInputError(`--merge ${file}: cannot read a load.json (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const part = json as Partial<Part>;
  if (!part.latency?.histogram?.base64 || !part.requests || typeof part.operations !== 'object') {
    throw new MergeInputError(`--merge ${file}: not a load.json (no latency.histogram, requests or operations)`);
  }
  return part as Part;
}

function merge(file: string, histograms: EncodedHistogram[]): Percentiles {
  try {
    return percentilesMs(mergeHistograms(histograms));
  } catch (error) {
    if (error instanceof HistogramError) throw new MergeInputError(`--merge ${file}: ${error.message}`);
    throw error;
  }
}

export async function mergeLoadFiles(files: readonly string[], thresholds: readonly Threshold[]): Promise<Merged> {
  if (files.length === 0) throw new MergeInputError('--merge needs load.json files to merge, e.g. load --merge a.json b.json');
  const parts = await Promise.all(files.map(readPart));
  const total = parts.reduce((s, p) => s + p.requests.total, 0);
  const failed = parts.reduce((s, p) => s + p.requests.non2xx + p.requests.transportErrors, 0);
  const rps = parts.reduce((s, p) => s + p.requests.rps, 0);
  const latency = merge(
    files.join(', '),
    parts.map((p) => p.latency.histogram),
  );
  const ids = [...new Set(parts.flatMap((p) => Object.keys(p.operations)))].sort();
  const operations = Object.fromEntries(
    ids.map((id) => [
      id,
      merge(
        id,
        parts.flatMap((p) => (p.operations[id] ? [p.operations[id].histogram] : [])),
      ),
    ]),
  );
  const errorRate = total === 0 ? 0 : failed / total;
  return { files: [...files], total, failed, rps, latency, operations, thresholds: thresholds.map((t) => judge(t, { latencyMs: latency, errorRate, rps })) };
}

export function mergedLines(m: Merged): string[] {
  return [
    `load --merge: ${m.files.length} runs, ${m.total} requests, ${m.failed} errors (${m.total === 0 ? 0 : ((m.failed / m.total) * 100).toFixed(3)}%), ${m.rps.toFixed(1)} req/s summed (meaningful for concurrent runs)`,
    `load --merge: latency ${percentilesMsLine(m.latency)}`,
    ...Object.entries(m.operations).map(([id, p]) => `  ${id.padEnd(28)} ${percentilesMsLine(p)}`),
    ...m.thresholds.map((t) => `load --merge: threshold ${formatVerdict(t)}`),
  ];
}
