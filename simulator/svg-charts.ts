import { esc } from '../support/html-escape.ts';
import { rangeTicks, tickLabel, valueTicks } from './chart-ticks.ts';
import type { LatencyHistogram } from './histogram.ts';

// Inline SVG line charts for the report pages: no script, no external asset (the pages' CSP forbids both). Drawn
// as wide as the page (a 1,100-unit viewBox at width 100%), with round ticks (chart-ticks.ts), a dashed line for
// each --threshold on what it measures (green kept, red broken), vertical markers for events (the resends of a
// simulation) and a dashed segment where a series' last point covers part of a second (issue 29 §9).

export interface Series {
  name: string;
  color: string;
  points: readonly (readonly [number, number])[];
  /** Drawn dashed: a partial second, a series of another kind. */
  dashed?: boolean;
}

/** A horizontal line at a limit: a threshold, kept or broken. */
export interface LimitLine {
  y: number;
  label: string;
  ok: boolean;
}

/** A vertical line at an x value, with what happened there. */
export interface Marker {
  at: number;
  label: string;
}

export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Tick positions on the x axis with their labels; default: round values across the data. */
  xTicks?: readonly { at: number; label: string }[];
  /** The x range (default: the data's). */
  xDomain?: readonly [number, number];
  lines?: readonly LimitLine[];
  markers?: readonly Marker[];
  height?: number;
}

/** The viewBox width: the page's content width, so text is drawn at its own size. */
export const CHART_WIDTH = 1100;
const M = { left: 64, right: 24, top: 36, bottom: 44 };
/** The rows a limit's label needs apart from the next, in viewBox units. */
const LABEL_ROW = 14;
const LEGEND_ROW = 18;
const LEGEND_ENTRY = 210;
/** A limit further above the data than this (a ratio) is named at the top instead of flattening the series. */
const LIMIT_HEADROOM = 2;

const num = (v: number) => v.toFixed(1);

export function lineChart(series: readonly Series[], o: ChartOptions): string {
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return `<p class="muted">${esc(o.title)}: no data</p>`;
  const width = CHART_WIDTH;
  const perRow = Math.floor((width - M.left - M.right) / LEGEND_ENTRY);
  const legendRows = Math.ceil(series.length / perRow);
  const top = M.top + legendRows * LEGEND_ROW + 8;
  const height = (o.height ?? 300) + legendRows * LEGEND_ROW;
  const xs = all.map((p) => p[0]);
  const [x0, x1] = o.xDomain ?? [Math.min(...xs), Math.max(...xs, Math.min(...xs) + 1e-9)];
  const dataMax = Math.max(...all.map((p) => p[1]), 0);
  const lines = o.lines ?? [];
  const shownLimits = lines.filter((l) => dataMax === 0 || l.y <= dataMax * LIMIT_HEADROOM).map((l) => l.y);
  const y = valueTicks(Math.max(dataMax, ...shownLimits, 1e-9));
  const y1 = y.ticks.at(-1)!;
  const pw = width - M.left - M.right;
  const ph = height - top - M.bottom;
  const sx = (x: number) => M.left + ((x - x0) / (x1 - x0 || 1)) * pw;
  const sy = (v: number) => top + ph - (Math.min(v, y1) / y1) * ph;
  const xTicks = o.xTicks ?? ((t) => t.ticks.map((at) => ({ at, label: tickLabel(at, t.step) })))(rangeTicks(x0, x1));
  const grid = [
    ...y.ticks.map(
      (v) =>
        `<line x1="${M.left}" x2="${width - M.right}" y1="${num(sy(v))}" y2="${num(sy(v))}" stroke="#e3e6ee"/><text class="tick y" x="${M.left - 6}" y="${num(sy(v) + 4)}" text-anchor="end">${tickLabel(v, y.step)}</text>`,
    ),
    ...xTicks.map(
      (t) =>
        `<line x1="${num(sx(t.at))}" x2="${num(sx(t.at))}" y1="${top}" y2="${top + ph}" stroke="#eef0f5"/><text class="tick x" x="${num(sx(t.at))}" y="${top + ph + 16}" text-anchor="middle">${esc(t.label)}</text>`,
    ),
  ];
  // A marker's label reads from its line into the plot: to the left of a line in the right half.
  const markers = (o.markers ?? []).map((m) => {
    const x = sx(m.at);
    const left = x > M.left + pw / 2;
    return `<g class="marker"><line x1="${num(x)}" x2="${num(x)}" y1="${top}" y2="${top + ph}" stroke="#8e3ab5" stroke-dasharray="2 3"/><text x="${num(left ? x - 4 : x + 4)}" y="${top + 12}" text-anchor="${left ? 'end' : 'start'}" fill="#8e3ab5">${esc(m.label)}</text></g>`;
  });
  // Labels of lines close together are stacked upwards, one row each, so none is drawn over another.
  let previous = Number.POSITIVE_INFINITY;
  const limits = [...lines]
    .map((l) => ({ l, at: l.y > y1 ? top : sy(l.y) }))
    .sort((a, b) => b.at - a.at)
    .map(({ l, at }) => {
      const color = l.ok ? '#1b7f3b' : '#b00020';
      const text = `${l.ok ? 'ok' : 'BROKEN'} ${l.label}${l.y > y1 ? ' (above the chart)' : ''}`;
      const labelAt = Math.min(at - 4, previous - LABEL_ROW);
      previous = labelAt;
      return `<g class="threshold ${l.ok ? 'ok' : 'broken'}"><line x1="${M.left}" x2="${width - M.right}" y1="${num(at)}" y2="${num(at)}" stroke="${color}" stroke-width="1.5" stroke-dasharray="6 4"/><text x="${width - M.right - 4}" y="${num(labelAt)}" text-anchor="end" fill="${color}">${esc(text)}</text></g>`;
    });
  // A series of one point has no line to draw: it is a dot.
  const paths = series.map((s) => {
    const d = s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(sx(p[0]))},${num(sy(p[1]))}`).join('');
    const dot = s.points.length === 1 ? `<circle cx="${num(sx(s.points[0]![0]))}" cy="${num(sy(s.points[0]![1]))}" r="3.5" fill="${esc(s.color)}"/>` : '';
    return `<path d="${d}" fill="none" stroke="${esc(s.color)}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 4"' : ''} data-series="${esc(s.name)}"><title>${esc(s.name)}</title></path>${dot}`;
  });
  const legend = series.map(
    (s, i) =>
      `<text class="legend" x="${M.left + (i % perRow) * LEGEND_ENTRY}" y="${M.top + Math.floor(i / perRow) * LEGEND_ROW + 10}" fill="${esc(s.color)}">${s.dashed ? '┅' : '■'} ${esc(s.name)}</text>`,
  );
  return [
    `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 ${width} ${height}" font-size="12" font-family="system-ui,sans-serif" role="img" aria-label="${esc(o.title)}">`,
    `<title>${esc(o.title)}</title>`,
    `<text class="chart-title" x="${M.left}" y="16" font-size="14" font-weight="600" fill="#1d2430">${esc(o.title)}</text>`,
    ...grid,
    `<line x1="${M.left}" x2="${M.left}" y1="${top}" y2="${top + ph}" stroke="#778"/><line x1="${M.left}" x2="${width - M.right}" y1="${top + ph}" y2="${top + ph}" stroke="#778"/>`,
    ...markers,
    ...paths,
    ...limits,
    ...legend,
    `<text x="${M.left + pw / 2}" y="${height - 6}" text-anchor="middle" fill="#556">${esc(o.xLabel)}</text>`,
    `<text x="14" y="${top + ph / 2}" text-anchor="middle" fill="#556" transform="rotate(-90 14 ${top + ph / 2})">${esc(o.yLabel)}</text>`,
    '</svg>',
  ].join('\n');
}

/** Percentiles plotted on HdrHistogram's axis: x = log10(1 / (1 − p)), so 90%, 99%, 99.9% are equally spaced. */
const PLOT_PERCENTILES = [0, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99];
const position = (p: number) => Math.log10(1 / (1 - p / 100));
export const PERCENTILE_TICKS = [0, 90, 99, 99.9, 99.99].map((p) => ({ at: position(p), label: `${p}%` }));

/** A latency-by-percentile series (ms) from a histogram, up to 99.99% (or its max when that is reached earlier). */
export function percentileSeries(name: string, color: string, h: LatencyHistogram): Series {
  const toMs = (v: number) => (h.unit === 'us' ? v / 1000 : v);
  const points = h.histogram.totalCount === 0 ? [] : PLOT_PERCENTILES.map((p) => [position(p), toMs(h.histogram.getValueAtPercentile(p))] as const);
  return { name, color, points };
}

/** A last bucket covering less than this much of a second is counted in the one before it (its rate would be noise). */
const MIN_COVERED = 0.25;

/**
 * Per-second counts as rates over time, each drawn at the middle of the time it covers: the last second of a run
 * that ended mid-second covers only its part, so its count is divided by that part (not read as a drop to 0) and
 * drawn dashed, as a partial second (issue 29 §9).
 */
export function rateSeries(name: string, color: string, counts: readonly number[], durationSec: number): Series[] {
  const buckets = counts.map((count, second) => ({ count, from: second, to: Math.min(second + 1, Math.max(durationSec, second)) }));
  while (buckets.length > 1 && buckets.at(-1)!.to - buckets.at(-1)!.from < MIN_COVERED) {
    const last = buckets.pop()!;
    buckets.at(-1)!.count += last.count;
  }
  const points = buckets.map((b) => [(b.from + b.to) / 2, b.count / Math.max(b.to - b.from, MIN_COVERED)] as const);
  const last = buckets.at(-1);
  const partial = last !== undefined && last.to - last.from < 1 - 1e-9 && points.length > 1;
  if (!partial) return [{ name, color, points }];
  return [
    { name, color, points: points.slice(0, -1) },
    { name: `${name}, last ${(last.to - last.from).toFixed(1)} s (partial)`, color, points: points.slice(-2), dashed: true },
  ];
}
