import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { ReferenceServer } from '../../reference/server.ts';
import { decodeHistogram, mergeHistograms, percentilesMs } from '../../simulator/histogram.ts';
import { renderLoadSection } from '../../simulator/load-html.ts';
import { mergeLoadFiles } from '../../simulator/load-merge.ts';
import type { Operation } from '../../simulator/load-mix.ts';
import { runOpen } from '../../simulator/load-open.ts';
import { LoadRecorder } from '../../simulator/load-recorder.ts';
import { LOAD_FILE } from '../../simulator/load-result.ts';
import { runLoad } from '../../simulator/load.ts';
import type { Profile } from '../../sut/profile.ts';
import { REFERENCE_PROFILE, referenceTarget, tempDir } from '../support/sim-target.ts';

// `load` against the reference server: bounded by its duration, percentiles reported, thresholds gate the exit
// code, the open model measures from intended send times and counts dropped sends, and --merge adds histograms.

let server: ReferenceServer;
let profile: Profile;
/** Report dirs of the closed-model runs above, whose load.json files the --merge test combines (tests run in order). */
const dirs: string[] = [];

beforeAll(async () => {
  ({ server, profile } = await referenceTarget());
});
afterAll(() => server.close());

describe('load, closed model', () => {
  it('honours its duration and reports percentiles overall and per operation', async () => {
    const reportDir = await tempDir('vmp-load-');
    dirs.push(reportDir);
    const started = performance.now();
    const { exitCode, result } = await runLoad({
      baseUrl: server.url,
      profile,
      durationSec: 2,
      model: { kind: 'closed', connections: 4 },
      thresholds: [],
      validateEvery: 10,
      seed: 1,
      reportDir,
      timeoutMs: 5_000,
      tty: false,
    });
    const wallMs = performance.now() - started;
    expect(wallMs).toBeGreaterThanOrEqual(2_000);
    // Discovery and the catalog samples come before the clock starts; the run itself keeps close to 2 s.
    expect(wallMs).toBeLessThan(5_000);
    expect(result.durationMs).toBeGreaterThanOrEqual(2_000);
    expect(result.durationMs).toBeLessThan(3_000);
    expect(exitCode).toBe(0);
    expect(result.model).toBe('closed');
    expect(result.modelNote).toMatch(/coordinated omission/);
    const p = result.latency.percentiles;
    expect(p.count).toBe(result.requests.total);
    expect(p.p50).toBeLessThanOrEqual(p.p90);
    expect(p.p90).toBeLessThanOrEqual(p.p99);
    expect(p.p99).toBeLessThanOrEqual(p.p99_9);
    expect(Object.keys(result.operations).length).toBeGreaterThan(10);
    expect(result.requests.non2xx + result.requests.transportErrors).toBe(0);
    expect(result.validation.sampled).toBeGreaterThan(0);
    expect(result.validation.invalid).toBe(0);
    expect(existsSync(path.join(reportDir, LOAD_FILE))).toBe(true);
    expect(renderLoadSection(result)).toContain('<svg');
  });

  it('exits 1 and names a broken threshold', async () => {
    const reportDir = await tempDir('vmp-load-cli-');
    dirs.push(reportDir);
    const lines: string[] = [];
    const args = ['load', '--base-url', server.url, '--profile', REFERENCE_PROFILE, '--duration', '1', '--connections', '2'];
    const code = await main([...args, '--threshold', 'rps>10000000', '--threshold', 'p99<3600s', '--report-dir', reportDir], (l) => lines.push(l));
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/BROKEN rps>10000000/);
    expect(lines.join('\n')).toMatch(/ok {5}p99<3600s/);
  });
});

describe('load --merge', () => {
  it('equals recording both runs into one histogram', async () => {
    const [a, b] = dirs.map((d) => path.join(d, LOAD_FILE));
    const merged = await mergeLoadFiles([a!, b!], []);
    const parts = await Promise.all([a!, b!].map(async (f) => JSON.parse(await readFile(f, 'utf8'))));
    const counts = parts.map((x) => x.latency.percentiles.count as number);
    expect(merged.latency.count).toBe(counts[0]! + counts[1]!);
    const both = mergeHistograms(parts.map((x) => decodeHistogram(x.latency.histogram)));
    expect(merged.latency).toEqual(percentilesMs(both));
    const lines: string[] = [];
    const reportDir = await tempDir('vmp-merged-');
    expect(await main(['load', '--merge', a!, b!, '--report-dir', reportDir], (l) => lines.push(l))).toBe(0);
    expect(lines[1]).toMatch(/p50 .* p90 .* p99 .* p99\.9 /);
    // Honours --report-dir (issue 23 §4): the merged report is written there, named apart from a load run's (issue 29 §3).
    expect(lines.at(-1)).toBe(`load --merge: PASS — ${path.join(reportDir, 'load-merged.html')}`);
    expect((await readdir(reportDir)).sort()).toEqual(['load-merged.html', 'load-merged.json']);
  });

  it('refuses a closed-model and an open-model run together: exit 2, saying why, nothing written', async () => {
    const closed = path.join(dirs[0]!, LOAD_FILE);
    const open = path.join(await tempDir('vmp-open-'), LOAD_FILE);
    await writeFile(open, JSON.stringify({ ...JSON.parse(await readFile(closed, 'utf8')), model: 'open' }));
    const reportDir = path.join(await tempDir('vmp-mixed-'), 'report');
    const err: string[] = [];
    const code = await main(
      ['load', '--merge', closed, open, '--report-dir', reportDir],
      () => undefined,
      (l) => err.push(l),
    );
    expect(code).toBe(2);
    expect(err).toEqual([
      `vmp-conformance: --merge: ${closed} is a closed-model run and ${open} an open-model one: closed-model latencies hide coordinated omission and open-model ones count from the intended send time, so their distributions cannot be added; merge runs of one model`,
    ]);
    expect(existsSync(reportDir)).toBe(false);
  });
});

describe('load, open model', () => {
  it('measures from the intended send time and counts sends that found no free connection', async () => {
    const slow = createServer((_req, res) => setTimeout(() => res.end('{}'), 120));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const op: Operation = { id: 'home', endpointId: 'home', path: '/v3', headers: {}, weight: 1 };
    const recorder = new LoadRecorder(performance.now(), 0);
    try {
      const outcome = await runOpen({
        baseUrl: url,
        sequence: [op],
        arrival: { kind: 'constant', ratePerSec: 100 },
        seed: 1,
        durationMs: 1_000,
        maxInFlight: 4,
        timeoutMs: 2_000,
        recorder,
      });
      expect(outcome.scheduled).toBe(100);
      expect(outcome.sent + outcome.dropped).toBe(100);
      // 4 connections × 1 s / 120 ms ≈ 33 sends can leave; the rest find every connection busy.
      expect(outcome.dropped).toBeGreaterThan(40);
      expect(recorder.total).toBe(outcome.sent - outcome.unfinished);
      expect(percentilesMs(recorder.overall).min).toBeGreaterThanOrEqual(115);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });

  it('runs against the reference server and reports dropped sends', async () => {
    const { result } = await runLoad({
      baseUrl: server.url,
      profile,
      durationSec: 1,
      model: { kind: 'open', rate: 200, arrival: { kind: 'poisson', ratePerSec: 200 }, maxInFlight: 50 },
      thresholds: [],
      validateEvery: 0,
      seed: 5,
      reportDir: await tempDir('vmp-load-open-'),
      timeoutMs: 5_000,
      tty: false,
    });
    expect(result.model).toBe('open');
    expect(result.modelNote).toMatch(/intended send time/);
    expect(result.open!.scheduled).toBeGreaterThan(100);
    expect(result.open!.sent + result.open!.dropped).toBe(result.open!.scheduled);
    expect(result.latency.percentiles.count).toBe(result.requests.total - result.requests.transportErrors);
  });
});
