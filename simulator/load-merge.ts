import { readFile } from 'node:fs/promises';
import { UsageError } from '../support/errors.ts';
import {
  encodeHistogram,
  HistogramError,
  mergeHistograms,
  percentilesMs,
  type EncodedHistogram,
  type LatencyHistogram,
  type Percentiles,
} from './histogram.ts';
import type { LoadResult } from './load-result.ts';
import { percentilesMsLine } from './load-summary.ts';
import { formatVerdict, judgeAll, type Threshold, type ThresholdVerdict } from './thresholds.ts';

/** A --merge input that is not a readable load.json (a UsageError: the CLI exits 2). */
export class MergeInputError extends UsageError {
  constructor(message: string) {
    super(message, 'VMP_ERR_MERGE');
  }
}

// `vmp-conformance load --merge a.json b.json …`: one latency distribution from several runs (machines, CI jobs),
// by adding their HDR histograms — percentiles of the union, never averages of percentiles.

/** What `load --merge` writes into its report directory, named apart from a load run's load.json and load.html. */
export const MERGED_FILE = 'load-merged.json';
export const MERGED_HTML = 'load-merged.html';

export interface Merged {
  files: string[];
  /** Every input's arrival model: one model, or the merge is refused (their latencies measure different things). */
  model: LoadResult['model'];
  total: number;
  failed: number;
  /** Sum of the runs' rates: meaningful when the runs were concurrent (several generators on one target). */
  rps: number;
  latency: Percentiles;
  /** The merged distribution itself, for the merged page's chart. */
  histogram: EncodedHistogram;
  operations: Record<string, Percentiles>;
  thresholds: ThresholdVerdict[];
  /** Each run as its load.json tells it, for the page's per-run series and table. */
  runs: MergedRun[];
}

export interface MergedRun {
  file: string;
  startedAt?: string;
  total: number;
  failed: number;
  rps: number;
  durationMs?: number;
  latency: Percentiles;
  histogram: EncodedHistogram;
  timeline: LoadResult['timeline'];
}

type Part = Pick<LoadResult, 'requests' | 'latency' | 'operations' | 'model'> & Partial<Pick<LoadResult, 'timeline' | 'startedAt' | 'durationMs'>>;

async function readPart(file: string): Promise<Part> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new MergeInputError(`--merge ${file}: cannot read a load.json (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const part = json as Partial<Part>;
  if (!part.latency?.histogram?.base64 || !part.requests || typeof part.operations !== 'object' || (part.model !== 'open' && part.model !== 'closed')) {
    throw new MergeInputError(`--merge ${file}: not a load.json (no latency.histogram, requests, operations or model)`);
  }
  return part as Part;
}

/**
 * One arrival model for all: a closed-model latency hides coordinated omission, an open-model one counts from the
 * intended send time, so a distribution of both would describe neither (issue 23 §4).
 */
function oneModel(files: readonly string[], parts: readonly Part[]): LoadResult['model'] {
  const closed = files.filter((_, i) => parts[i]!.model === 'closed');
  const open = files.filter((_, i) => parts[i]!.model === 'open');
  if (closed.length > 0 && open.length > 0) {
    throw new MergeInputError(
      `--merge: ${closed.join(', ')} ${closed.length === 1 ? 'is a closed-model run' : 'are closed-model runs'} and ${open.join(', ')} ${open.length === 1 ? 'an open-model one' : 'open-model ones'}: ` +
        'closed-model latencies hide coordinated omission and open-model ones count from the intended send time, so their distributions cannot be added; merge runs of one model',
    );
  }
  return closed.length > 0 ? 'closed' : 'open';
}

function merge(file: string, histograms: EncodedHistogram[]): LatencyHistogram {
  try {
    return mergeHistograms(histograms);
  } catch (error) {
    if (error instanceof HistogramError) throw new MergeInputError(`--merge ${file}: ${error.message}`);
    throw error;
  }
}

export async function mergeLoadFiles(files: readonly string[], thresholds: readonly Threshold[]): Promise<Merged> {
  if (files.length === 0) throw new MergeInputError('--merge needs load.json files to merge, e.g. load --merge a.json b.json');
  const parts = await Promise.all(files.map(readPart));
  const model = oneModel(files, parts);
  const total = parts.reduce((s, p) => s + p.requests.total, 0);
  const failed = parts.reduce((s, p) => s + p.requests.non2xx + p.requests.transportErrors, 0);
  const rps = parts.reduce((s, p) => s + p.requests.rps, 0);
  const all = merge(
    files.join(', '),
    parts.map((p) => p.latency.histogram),
  );
  const latency = percentilesMs(all);
  const ids = [...new Set(parts.flatMap((p) => Object.keys(p.operations)))].sort();
  const operations = Object.fromEntries(
    ids.map((id) => [
      id,
      percentilesMs(
        merge(
          id,
          parts.flatMap((p) => (p.operations[id] ? [p.operations[id].histogram] : [])),
        ),
      ),
    ]),
  );
  const errorRate = total === 0 ? 0 : failed / total;
  // An operation's rate is summed over the runs as the total's is (load.json keeps its requests, failed ones
  // included, not its answers); its error rate is of all its requests.
  const measured = Object.fromEntries(
    ids.map((id) => {
      const own = parts.flatMap((p) => (p.operations[id] ? [{ op: p.operations[id], seconds: Math.max((p.durationMs ?? 0) / 1000, 1e-3) }] : []));
      const requests = own.reduce((s, o) => s + o.op.requests, 0);
      const errors = own.reduce((s, o) => s + o.op.errors, 0);
      const opRps = own.reduce((s, o) => s + o.op.requests / o.seconds, 0);
      return [id, { latencyMs: operations[id]!, errorRate: requests === 0 ? 0 : errors / requests, rps: opRps }];
    }),
  );
  return {
    files: [...files],
    model,
    total,
    failed,
    rps,
    latency,
    histogram: encodeHistogram(all),
    operations,
    thresholds: judgeAll(thresholds, { latencyMs: latency, errorRate, rps }, measured),
    runs: parts.map((p, i) => ({
      file: files[i]!,
      ...(p.startedAt ? { startedAt: p.startedAt } : {}),
      total: p.requests.total,
      failed: p.requests.non2xx + p.requests.transportErrors,
      rps: p.requests.rps,
      ...(p.durationMs !== undefined ? { durationMs: p.durationMs } : {}),
      latency: p.latency.percentiles ?? percentilesMs(merge(files[i]!, [p.latency.histogram])),
      histogram: p.latency.histogram,
      timeline: p.timeline ?? [],
    })),
  };
}

export function mergedLines(m: Merged): string[] {
  return [
    `load --merge: ${m.files.length} runs, ${m.total} requests, ${m.failed} errors (${m.total === 0 ? 0 : ((m.failed / m.total) * 100).toFixed(3)}%), ${m.rps.toFixed(1)} req/s summed (meaningful for concurrent runs)`,
    `load --merge: latency ${percentilesMsLine(m.latency)}`,
    ...Object.entries(m.operations).map(([id, p]) => `  ${id.padEnd(28)} ${percentilesMsLine(p)}`),
    ...m.thresholds.map((t) => `load --merge: threshold ${formatVerdict(t)}`),
  ];
}
