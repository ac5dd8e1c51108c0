import { decodeHistogram } from './histogram.ts';
import type { Merged } from './load-merge.ts';
import type { LoadResult } from './load-result.ts';
import { lineChart, PERCENTILE_TICKS, percentileSeries, rateSeries, type LimitLine, type Series } from './svg-charts.ts';
import { formatVerdict, type ThresholdVerdict } from './thresholds.ts';

// The charts of load's page and of load --merge's (issue 29 §9): latency by percentile, latency over time (p50 and
// p99 of each second), throughput, the error rate when it matters, and per run in a merge. Each --threshold is a
// line on the chart that plots what it measures: a latency on the latency charts (one on an operation on the
// percentile chart, beside that operation's series), rps on throughput, errors on the error rate. A rate or error
// threshold on one operation is only listed: no chart plots one operation over time.

export const COLORS = ['#2f5fb3', '#c2571a', '#1b7f3b', '#8e3ab5', '#b00020', '#0f7c8c', '#7a6a00', '#a0306a'];
const LATENCY = new Set(['p50', 'p90', 'p95', 'p99', 'p99.9']);

const lineOf = (t: ThresholdVerdict): LimitLine => ({ y: t.limit!, ok: t.ok, label: formatVerdict(t).replace(/^(ok|BROKEN)\s+/, '') });

/** The thresholds a chart draws: those on `metrics`, every request's unless `perOperation`. */
function limitLines(thresholds: readonly ThresholdVerdict[], metrics: (metric: string) => boolean, perOperation = false): LimitLine[] {
  return thresholds.filter((t) => t.metric && t.limit !== undefined && metrics(t.metric) && (perOperation || !t.operation)).map(lineOf);
}

type Histograms = Readonly<Record<string, { histogram: LoadResult['latency']['histogram'] }>>;

/** All requests and the busiest operations, with every operation a latency threshold names. */
function distribution(
  title: string,
  all: LoadResult['latency']['histogram'],
  operations: Histograms,
  busiest: readonly string[],
  thresholds: readonly ThresholdVerdict[],
): string {
  const named = thresholds.filter((t) => t.operation && LATENCY.has(t.metric ?? '') && operations[t.operation]).map((t) => t.operation!);
  const shown = [...new Set([...busiest, ...named])].slice(0, COLORS.length - 1);
  return lineChart(
    [
      percentileSeries('all requests', COLORS[0]!, decodeHistogram(all)),
      ...shown.map((id, i) => percentileSeries(id, COLORS[i + 1]!, decodeHistogram(operations[id]!.histogram))),
    ],
    { title, xLabel: 'percentile', yLabel: 'ms', xTicks: PERCENTILE_TICKS, lines: limitLines(thresholds, (m) => LATENCY.has(m), true) },
  );
}

/** p50 and p99 of each second, at the middle of the time it covers. */
function latencyOverTime(r: LoadResult): string {
  const seconds = r.durationMs / 1000;
  // Each second at the middle of the time it covers; responses that completed after the end are the last second's.
  const at = (t: LoadResult['timeline'][number]) => (t.second + Math.min(t.second + 1, seconds)) / 2;
  const during = r.timeline.filter((t) => t.second < seconds);
  const of = (key: 'p50' | 'p99') => during.flatMap((t) => (t[key] === undefined ? [] : [[at(t), t[key]!] as const]));
  return lineChart(
    [
      { name: 'p50 of the second', color: COLORS[0]!, points: of('p50') },
      { name: 'p99 of the second', color: COLORS[1]!, points: of('p99') },
    ],
    { title: 'Latency over time', xLabel: 'seconds since start', yLabel: 'ms', xDomain: [0, seconds], lines: limitLines(r.thresholds, (m) => LATENCY.has(m)) },
  );
}

function throughput(r: LoadResult): string {
  const seconds = r.durationMs / 1000;
  return lineChart(
    [
      ...rateSeries(
        'responses/s',
        COLORS[0]!,
        r.timeline.map((t) => t.requests),
        seconds,
      ),
      ...rateSeries(
        'errors/s',
        '#b00020',
        r.timeline.map((t) => t.errors),
        seconds,
      ),
    ],
    {
      title: 'Throughput over time',
      xLabel: 'seconds since start',
      yLabel: 'per second',
      xDomain: [0, seconds],
      lines: limitLines(r.thresholds, (m) => m === 'rps'),
    },
  );
}

/** The share of errors each second: drawn when a run had errors or an errors threshold. */
function errorRate(r: LoadResult): string {
  const lines = limitLines(r.thresholds, (m) => m === 'errors');
  if (lines.length === 0 && r.timeline.every((t) => t.errors === 0)) return '';
  const points = r.timeline.filter((t) => t.requests > 0).map((t) => [t.second + 0.5, (t.errors / t.requests) * 100] as const);
  return lineChart([{ name: 'errors, % of the second’s requests', color: '#b00020', points }], {
    title: 'Error rate over time',
    xLabel: 'seconds since start',
    yLabel: '%',
    xDomain: [0, r.durationMs / 1000],
    lines,
  });
}

/** load's charts, in the order the page shows them. */
export function loadCharts(r: LoadResult): string[] {
  const busiest = Object.entries(r.operations)
    .sort(([, a], [, b]) => b.requests - a.requests)
    .slice(0, 4)
    .map(([id]) => id);
  const title = `Latency by percentile${r.model === 'open' ? ' (from intended send time)' : ''}`;
  return [distribution(title, r.latency.histogram, r.operations, busiest, r.thresholds), latencyOverTime(r), throughput(r), errorRate(r)].filter(
    (c) => c !== '',
  );
}

/** load --merge's charts: the merged distribution beside each run's, and each run's throughput. */
export function mergedCharts(m: Merged): string[] {
  const runs: Series[] = m.runs.map((run, i) => ({
    ...percentileSeries(`run ${i + 1}`, COLORS[(i + 1) % COLORS.length]!, decodeHistogram(run.histogram)),
    dashed: true,
  }));
  const latency = lineChart([percentileSeries('all runs, merged', COLORS[0]!, decodeHistogram(m.histogram)), ...runs], {
    title: `Latency by percentile, ${m.files.length} runs merged${m.model === 'open' ? ' (from intended send time)' : ''}`,
    xLabel: 'percentile',
    yLabel: 'ms',
    xTicks: PERCENTILE_TICKS,
    lines: limitLines(m.thresholds, (x) => LATENCY.has(x)),
  });
  const longest = Math.max(...m.runs.map((run) => (run.durationMs === undefined ? run.timeline.length : run.durationMs / 1000)), 0);
  const perRun = m.runs.flatMap((run, i) =>
    rateSeries(
      `run ${i + 1} responses/s`,
      COLORS[(i + 1) % COLORS.length]!,
      run.timeline.map((t) => t.requests),
      run.durationMs === undefined ? run.timeline.length : run.durationMs / 1000,
    ),
  );
  const throughputChart =
    longest === 0
      ? ''
      : lineChart(perRun, { title: 'Throughput over time, each run', xLabel: 'seconds since its start', yLabel: 'per second', xDomain: [0, longest] });
  return [latency, throughputChart].filter((c) => c !== '');
}
