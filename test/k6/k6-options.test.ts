import { describe, expect, it } from 'vitest';
import { arrivals } from '../../generators/arrivals.ts';
import { arrivalSpec } from '../../simulator/arrival-flags.ts';
import { compactJson } from '../../simulator/k6-export.ts';
import { k6Rate, k6Scenario, k6Thresholds, perSecondCounts, stepStages, thresholdsOption } from '../../simulator/k6-options.ts';
import type { LoadModel } from '../../simulator/load.ts';
import { parseThreshold } from '../../simulator/thresholds.ts';

// The k6 options of an export: load's arrival model as a k6 executor, and --threshold as k6 thresholds.

const open = (kind: string, rate: number, durationSec: number, maxInFlight = 50): Extract<LoadModel, { kind: 'open' }> => ({
  kind: 'open',
  rate,
  arrival: arrivalSpec(kind, rate, durationSec * 1000),
  maxInFlight,
});

describe('k6 thresholds', () => {
  it('map each metric of ours to the k6 metric and aggregation it means, with the same limit', () => {
    const mapped = k6Thresholds(['p50<20ms', 'p90<=0.5s', 'p99<250ms', 'p99.9<1s', 'p99<800us', 'errors<0.1%', 'rps>=500'].map(parseThreshold));
    expect(mapped.map((t) => `${t.expression} → ${t.metric}: ${t.k6}`)).toEqual([
      'p50<20ms → http_req_duration: p(50)<20',
      'p90<=0.5s → http_req_duration: p(90)<=500',
      'p99<250ms → http_req_duration: p(99)<250',
      'p99.9<1s → http_req_duration: p(99.9)<1000',
      'p99<800us → http_req_duration: p(99)<0.8',
      'errors<0.1% → http_req_failed: rate<0.001',
      'rps>=500 → http_reqs: rate>=500',
      // Always: a run in which no request completed fails, as load's does.
      '(a request completed) → vmp_completed: count>0',
    ]);
    expect(thresholdsOption(mapped)).toEqual({
      http_req_duration: ['p(50)<20', 'p(90)<=500', 'p(99)<250', 'p(99.9)<1000', 'p(99)<0.8'],
      http_req_failed: ['rate<0.001'],
      http_reqs: ['rate>=500'],
      vmp_completed: ['count>0'],
    });
  });
});

describe('k6 scenarios', () => {
  it('closed model: constant-vus, one VU per connection', () => {
    expect(k6Scenario({ kind: 'closed', connections: 10 }, 30, 1, 10_000)).toEqual({
      executor: 'constant-vus',
      vus: 10,
      duration: '30s',
      gracefulStop: '2000ms',
    });
  });

  it('open model at a constant rate: constant-arrival-rate, the VUs the requests in flight', () => {
    expect(k6Scenario(open('constant', 100, 30), 30, 1, 500)).toEqual({
      executor: 'constant-arrival-rate',
      rate: 100,
      timeUnit: '1s',
      duration: '30s',
      preAllocatedVUs: 50,
      maxVUs: 50,
      gracefulStop: '500ms',
    });
    // k6 takes whole iterations per time unit.
    expect(k6Rate(2.5)).toEqual({ rate: 5, timeUnit: '2s' });
    expect(k6Rate(0.1)).toEqual({ rate: 1, timeUnit: '10s' });
    expect(k6Rate(33.333)).toEqual({ rate: 33333, timeUnit: '1000s' });
  });

  it('other open arrivals: ramping-arrival-rate through the per-second counts of the same seeded process', () => {
    for (const kind of ['poisson', 'diurnal', 'burst']) {
      const model = open(kind, 40, 12);
      const counts = perSecondCounts(model, 9, 12);
      expect(
        counts.reduce((a, b) => a + b, 0),
        kind,
      ).toBe([...arrivals(model.arrival, { seed: 9, durationMs: 12_000 })].length);
      const scenario = k6Scenario(model, 12, 9, 10_000);
      expect(scenario).toMatchObject({ executor: 'ramping-arrival-rate', timeUnit: '1s', preAllocatedVUs: 50, maxVUs: 50, startRate: counts[0] });
      // The stages hold each second's count: 12 s in all, and what they start equals the process's arrivals.
      const stages = (scenario as Extract<typeof scenario, { executor: 'ramping-arrival-rate' }>).stages;
      expect(stages.reduce((s, st) => s + Number.parseInt(st.duration, 10), 0)).toBe(12);
      expect(stages.filter((st) => st.duration !== '0s').reduce((s, st) => s + st.target * Number.parseInt(st.duration, 10), 0)).toBe(
        counts.reduce((a, b) => a + b, 0),
      );
    }
    // Bursts: nothing in the off seconds.
    expect(perSecondCounts(open('burst', 40, 6), 9, 6).map((c) => c > 0)).toEqual([true, false, false, true, false, false]);
  });

  it('step stages: a 0 s stage jumps to each new count, a stage holds it', () => {
    expect(stepStages([3, 3, 0, 5])).toEqual({
      startRate: 3,
      stages: [
        { duration: '2s', target: 3 },
        { duration: '0s', target: 0 },
        { duration: '1s', target: 0 },
        { duration: '0s', target: 5 },
        { duration: '1s', target: 5 },
      ],
    });
  });
});

describe('the options as written into the script', () => {
  it('keep a stage or a list of plain values on one line', () => {
    expect(compactJson({ a: { stages: [{ duration: '1s', target: 2 }], stats: ['avg', 'p(99)'] }, b: 1 })).toBe(
      '{\n  "a": {\n    "stages": [\n      { "duration": "1s", "target": 2 }\n    ],\n    "stats": ["avg", "p(99)"]\n  },\n  "b": 1\n}',
    );
  });
});
