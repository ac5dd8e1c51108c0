import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { isLoopback } from '../../sut/loopback.ts';
import { judge, parseThreshold } from '../../simulator/thresholds.ts';
import { REFERENCE_PROFILE, tempDir } from '../support/sim-target.ts';

// Flags of `load` and `simulate` are checked before anything starts: exit 2 naming what is wrong.

async function run(argv: string[]): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  const code = await main(
    argv,
    () => undefined,
    (l) => err.push(l),
  );
  return { code, err: err.join('\n') };
}

describe('thresholds', () => {
  it('parse strictly into milliseconds, fractions and rates', () => {
    expect(parseThreshold('p99<250ms')).toMatchObject({ metric: 'p99', comparison: '<', limit: 250 });
    expect(parseThreshold('p99.9 <= 1.5s')).toMatchObject({ metric: 'p99.9', comparison: '<=', limit: 1500 });
    expect(parseThreshold('p50<800us').limit).toBeCloseTo(0.8);
    expect(parseThreshold('errors<0.1%')).toMatchObject({ metric: 'errors', limit: 0.001 });
    expect(parseThreshold('rps>500')).toMatchObject({ metric: 'rps', comparison: '>', limit: 500 });
    expect(parseThreshold('p95<1ms')).toMatchObject({ metric: 'p95', limit: 1 });
    for (const bad of ['p99<250', 'p95<1', 'errors<0.1', 'rps>500ms', 'p99=250ms', 'p99<250ms extra', 'errors<101%', '']) {
      expect(() => parseThreshold(bad), bad).toThrow(/--threshold/);
    }
  });

  it('judge the measured values', () => {
    const m = { latencyMs: { count: 100, p50: 10, p90: 20, p95: 30, p99: 40, p99_9: 90 }, errorRate: 0.002, rps: 600 };
    expect(judge(parseThreshold('p99<250ms'), m).ok).toBe(true);
    expect(judge(parseThreshold('p99.9<50ms'), m).ok).toBe(false);
    expect(judge(parseThreshold('errors<0.1%'), m).ok).toBe(false);
    expect(judge(parseThreshold('rps>500'), m).ok).toBe(true);
    // No answer at all is no evidence of speed.
    expect(judge(parseThreshold('p99<250ms'), { ...m, latencyMs: { ...m.latencyMs, count: 0 } }).ok).toBe(false);
  });
});

describe('load flags', () => {
  it('names a bad threshold expression (exit 2)', async () => {
    const r = await run(['load', '--threshold', 'p99<fast']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--threshold 'p99<fast'");
  });

  it('refuses a non-loopback target without --allow-remote (exit 2)', async () => {
    const r = await run(['load', '--base-url', 'https://api.example.com', '--profile', REFERENCE_PROFILE]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not a loopback address: add --allow-remote/);
    expect(isLoopback('http://127.0.0.2:80')).toBe(true);
    expect(isLoopback('http://localhost:4010')).toBe(true);
    expect(isLoopback('http://[::1]:4010')).toBe(true);
    expect(isLoopback('http://10.0.0.1')).toBe(false);
  });

  it('names an unknown --mix key (exit 2)', async () => {
    const file = path.join(await tempDir('vmp-mix-'), 'mix.json');
    await writeFile(file, JSON.stringify({ 'consultas-get': 3, 'agencias-put': 1 }));
    const r = await run(['load', '--mix', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("'agencias-put' is not a GET endpoint id");
  });

  it('needs --profile with --base-url and rejects a bad duration (exit 2)', async () => {
    expect((await run(['load', '--base-url', 'http://127.0.0.1:1'])).err).toMatch(/--base-url needs --profile/);
    expect((await run(['load', '--duration', '0'])).err).toMatch(/--duration must be a whole number from 1/);
  });

  it('exits 3 when the target is unreachable', async () => {
    const r = await run(['load', '--base-url', 'http://127.0.0.1:1', '--profile', REFERENCE_PROFILE, '--duration', '1']);
    expect(r.code).toBe(3);
  });
});

describe('simulate flags', () => {
  it('name the flag (exit 2) and exit 3 on an unreachable target', async () => {
    expect((await run(['simulate', '--arrival', 'tidal'])).err).toMatch(/--arrival must be one of constant, poisson, diurnal, burst/);
    expect((await run(['simulate', '--inquiries', '0'])).code).toBe(2);
    expect((await run(['simulate', '--rate', 'fast'])).err).toMatch(/--rate must be a number/);
    expect((await run(['simulate', '--base-url', 'http://127.0.0.1:1'])).err).toMatch(/--base-url needs --profile/);
    const r = await run(['simulate', '--base-url', 'http://127.0.0.1:1', '--profile', REFERENCE_PROFILE, '--report-dir', await tempDir('vmp-sim-3-')]);
    expect(r.code).toBe(3);
  });
});
