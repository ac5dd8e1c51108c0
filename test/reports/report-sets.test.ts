import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, mergeLoadFiles, runConformance, simulate } from '../../api/index.ts';

// Issue 29 §3: run, simulate, load and load --merge share the default report directory, and each writes its own
// files, named for it: none replaces another's, so the run's junit.xml, results.json and summary.md stay beside
// the report.html that describes them.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-sets-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('one report directory, every command', () => {
  it('run, then simulate, load and load --merge into it: each set whole, the run’s untouched', async () => {
    const run = await runConformance({ only: 'home/*', seed: 1, reportDir: dir });
    expect(run.exitCode).toBe(0);
    const runFiles = ['junit.xml', 'report.html', 'results.json', 'summary.md', 'vitest.json'];
    const before = await Promise.all(runFiles.map((f) => readFile(path.join(dir, f), 'utf8')));
    expect((await simulate({ inquiries: 20, rate: 100, seed: 2, resend: 2, reportDir: dir })).exitCode).toBe(0);
    expect((await load({ durationSec: 1, connections: 1, seed: 3, reportDir: dir })).exitCode).toBe(0);
    const merged = await mergeLoadFiles([path.join(dir, 'load.json'), path.join(dir, 'load.json')], [], dir);
    expect(merged.report).toBe(path.join(dir, 'load-merged.html'));
    expect((await readdir(dir)).sort()).toEqual(
      [...runFiles, 'deliveries.jsonl', 'simulation.json', 'simulation.html', 'load.json', 'load.html', 'load-merged.json', 'load-merged.html'].sort(),
    );
    expect(await Promise.all(runFiles.map((f) => readFile(path.join(dir, f), 'utf8')))).toEqual(before);
    expect(await readFile(path.join(dir, 'simulation.html'), 'utf8')).toContain('id="simulation-verdict"');
    expect(await readFile(path.join(dir, 'load.html'), 'utf8')).toContain('<section id="load">');
    expect(await readFile(path.join(dir, 'load-merged.html'), 'utf8')).toContain('<section id="load-merged">');
  }, 90_000);
});
