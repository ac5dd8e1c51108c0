import { esc } from '../support/html-escape.ts';
import type { LatencyHistogram } from './histogram.ts';

// Inline SVG line charts for report.html sections: no script, no external asset (the report's CSP forbids
// both). Two charts are drawn: a latency distribution over percentiles, as HdrHistogram plots it, and a
// throughput timeline.

export interface Series {
  name: string;
  color: string;
  points: readonly (readonly [number, number])[];
}

export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Tick positions on the x axis with their labels; default five evenly spaced values. */
  xTicks?: readonly { at: number; label: string }[];
  width?: number;
  height?: number;
}

const M = { left: 56, right: 36, top: 28, bottom: 40 };
const fmt = (v: number) => (Math.abs(v) >= 100 ? String(Math.round(v)) : Number(v.toPrecision(3)).toString());

export function lineChart(series: readonly Series[], o: ChartOptions): string {
  const width = o.width ?? 640;
  const height = o.height ?? 260;
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return `<p class="muted">${esc(o.title)}: no data</p>`;
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs, Math.min(...xs) + 1e-9)];
  const y1 = Math.max(...ys, 1e-9) * 1.05;
  const pw = width - M.left - M.right;
  const ph = height - M.top - M.bottom;
  const sx = (x: number) => M.left + ((x - x0) / (x1 - x0 || 1)) * pw;
  const sy = (y: number) => M.top + ph - (y / y1) * ph;
  const xTicks = o.xTicks ?? Array.from({ length: 5 }, (_, i) => ({ at: x0 + ((x1 - x0) * i) / 4, label: fmt(x0 + ((x1 - x0) * i) / 4) }));
  const yTicks = Array.from({ length: 5 }, (_, i) => (y1 * i) / 4);
  const grid = [
    ...yTicks.map(
      (y) =>
        `<line x1="${M.left}" x2="${width - M.right}" y1="${sy(y).toFixed(1)}" y2="${sy(y).toFixed(1)}" stroke="#e3e6ee"/><text x="${M.left - 6}" y="${(sy(y) + 4).toFixed(1)}" text-anchor="end">${fmt(y)}</text>`,
    ),
    ...xTicks.map(
      (t) =>
        `<line x1="${sx(t.at).toFixed(1)}" x2="${sx(t.at).toFixed(1)}" y1="${M.top}" y2="${M.top + ph}" stroke="#eef0f5"/><text x="${sx(t.at).toFixed(1)}" y="${M.top + ph + 16}" text-anchor="middle">${esc(t.label)}</text>`,
    ),
  ];
  const paths = series.map((s) => {
    const d = s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`).join('');
    return `<path d="${d}" fill="none" stroke="${esc(s.color)}" stroke-width="2"><title>${esc(s.name)}</title></path>`;
  });
  const legend = series.map((s, i) => `<text x="${M.left + 8 + i * 150}" y="${M.top - 8}" fill="${esc(s.color)}">■ ${esc(s.name)}</text>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-size="11" font-family="system-ui,sans-serif" role="img" aria-label="${esc(o.title)}">`,
    `<title>${esc(o.title)}</title>`,
    ...grid,
    `<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + ph}" stroke="#778"/><line x1="${M.left}" x2="${width - M.right}" y1="${M.top + ph}" y2="${M.top + ph}" stroke="#778"/>`,
    ...paths,
    ...legend,
    `<text x="${M.left + pw / 2}" y="${height - 6}" text-anchor="middle" fill="#556">${esc(o.xLabel)}</text>`,
    `<text x="12" y="${M.top + ph / 2}" text-anchor="middle" fill="#556" transform="rotate(-90 12 ${M.top + ph / 2})">${esc(o.yLabel)}</text>`,
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
