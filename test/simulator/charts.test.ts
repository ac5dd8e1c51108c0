import { describe, expect, it } from 'vitest';
import { niceStep, rangeTicks, valueTicks } from '../../simulator/chart-ticks.ts';
import { k6Thresholds } from '../../simulator/k6-options.ts';
import { LatencyTimeline } from '../../simulator/latency-timeline.ts';
import { lineChart, rateSeries } from '../../simulator/svg-charts.ts';
import { judgeAll, parseThreshold, type Measured } from '../../simulator/thresholds.ts';

// Issue 29 §9: charts a load tester reads at a glance (round ticks, the last partial second as partial, a line per
// threshold), and thresholds as k6 writes them: p95, and on one operation (`consultas-get:p99<100ms`).

/** One series through these points. */
const one = (...points: [number, number][]) => [{ name: 'series', color: '#000', points }];

describe('axis ticks', () => {
  it('step by 1, 2 or 5 times a power of ten, from 0 to a tick at or above the data', () => {
    expect(valueTicks(78.8).ticks).toEqual([0, 20, 40, 60, 80]);
    expect(valueTicks(105).ticks).toEqual([0, 50, 100, 150]);
    expect(valueTicks(0.93).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(valueTicks(3000).ticks).toEqual([0, 1000, 2000, 3000]);
    expect(rangeTicks(0, 7.3).ticks).toEqual([0, 2, 4, 6]);
    expect(rangeTicks(0, 3).ticks).toEqual([0, 1, 2, 3]);
    for (const span of [0.7, 3, 13, 47, 260, 999, 12_345]) expect(String(niceStep(span) / 10 ** Math.floor(Math.log10(niceStep(span))))).toMatch(/^(1|2|5)$/);
  });

  it('label the chart with those values, not 26.3, 52.5, 78.8', () => {
    const svg = lineChart(one([0, 10], [1, 78.8], [2, 40]), { title: 't', xLabel: 'x', yLabel: 'y' });
    expect([...svg.matchAll(/<text class="tick y"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['0', '20', '40', '60', '80']);
    expect([...svg.matchAll(/<text class="tick x"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['0', '0.5', '1', '1.5', '2']);
    expect(svg).toContain('width="100%"');
  });
});

describe('per-second rates', () => {
  it('the last partial second is divided by what it covers and drawn dashed, not a drop to 0', () => {
    // 2.3 s: 100, 100, then 30 in the last 0.3 s (100/s), and 2 answered after the end (folded into it).
    const [full, partial] = rateSeries('responses/s', '#000', [100, 100, 30, 2], 2.3);
    expect(full!.points).toEqual([
      [0.5, 100],
      [1.5, 100],
    ]);
    expect(partial).toMatchObject({ dashed: true, name: 'responses/s, last 0.3 s (partial)' });
    expect(partial!.points[1]![0]).toBeCloseTo(2.15);
    expect(partial!.points[1]![1]).toBeCloseTo(32 / 0.3);
    expect(rateSeries('r', '#000', [5, 5], 2)).toHaveLength(1);
  });
});

describe('latency over time', () => {
  it("each second's p50 and p99, of the latencies recorded in it", () => {
    const t = new LatencyTimeline();
    for (let i = 1; i <= 100; i++) t.record(0, i);
    t.record(2, 7);
    for (let i = 1; i <= 100; i++) t.record(3, 1000 + i);
    const seconds = t.seconds();
    expect(seconds[0]).toEqual({ p50: expect.closeTo(50, 0), p99: expect.closeTo(99, 0) });
    expect(seconds[1]).toBeUndefined();
    expect(seconds[2]).toEqual({ p50: expect.closeTo(7, 1), p99: expect.closeTo(7, 1) });
    expect(seconds[3]!.p99).toBeCloseTo(1099, -1);
  });
});

describe('threshold lines', () => {
  it('one per threshold, kept green and broken red, the one far above the data named at the top', () => {
    const svg = lineChart(one([0, 10], [1, 30]), {
      title: 't',
      xLabel: 'x',
      yLabel: 'ms',
      lines: [
        { y: 25, label: 'p99<25ms', ok: false },
        { y: 50, label: 'p95<50ms', ok: true },
        { y: 5000, label: 'p99.9<5s', ok: true },
      ],
    });
    expect(svg.match(/<g class="threshold broken">/g)).toHaveLength(1);
    expect(svg.match(/<g class="threshold ok">/g)).toHaveLength(2);
    expect(svg).toContain('ok p99.9&lt;5s (above the chart)');
    expect([...svg.matchAll(/<text class="tick y"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['0', '10', '20', '30', '40', '50']);
  });
});

describe('thresholds: p95 and per operation', () => {
  const m = (p: number, errorRate = 0, rps = 10): Measured => ({ latencyMs: { count: 10, p50: p, p90: p, p95: p, p99: p, p99_9: p }, errorRate, rps });

  it('parse p95 and an operation of the mix, and refuse one that is not', () => {
    expect(parseThreshold('p95<100ms')).toMatchObject({ metric: 'p95', limit: 100 });
    expect(parseThreshold('consultas-get:p99<0.1s')).toMatchObject({ operation: 'consultas-get', metric: 'p99', limit: 100 });
    expect(parseThreshold('consultas-list:pagina:errors<1%')).toMatchObject({ operation: 'consultas-list:pagina', metric: 'errors', limit: 0.01 });
    for (const bad of ['nosuch:p99<1ms', 'agencias-invite:p99<1ms', 'consultas-get:pagina:p99<1ms', ':p99<1ms']) {
      expect(() => parseThreshold(bad), bad).toThrow(/--threshold/);
    }
  });

  it('judge each on what it names; an operation that never ran is no pass', () => {
    const thresholds = ['p95<50ms', 'consultas-get:p99<20ms', 'home:p99<20ms', 'colores-list:rps>1'].map(parseThreshold);
    const verdicts = judgeAll(thresholds, m(40), { 'consultas-get': m(30), home: m(5) });
    expect(verdicts.map((v) => [v.expression, v.ok, v.operation, v.limit])).toEqual([
      ['p95<50ms', true, undefined, 50],
      ['consultas-get:p99<20ms', false, 'consultas-get', 20],
      ['home:p99<20ms', true, 'home', 20],
      ['colores-list:rps>1', false, 'colores-list', 1],
    ]);
    expect(verdicts[3]!.actual).toBeNaN();
  });

  it('export to k6 on the sub-metric of the operation’s tagged requests', () => {
    const k6 = k6Thresholds(['p95<100ms', 'consultas-get:p99<250ms', 'consultas-list:pagina:errors<1%'].map(parseThreshold));
    expect(k6.slice(0, 3).map((t) => [t.metric, t.k6])).toEqual([
      ['http_req_duration', 'p(95)<100'],
      ['http_req_duration{name:consultas-get}', 'p(99)<250'],
      ['http_req_failed{name:consultas-list:pagina}', 'rate<0.01'],
    ]);
  });
});
