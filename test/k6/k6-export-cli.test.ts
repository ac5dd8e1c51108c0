import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../support/main-in-process.ts';
import { parseLoadArgs } from '../../cli/load-command.ts';
import { REFERENCE_PROFILE, tempDir } from '../support/sim-target.ts';

// `vmp-conformance load --export k6 DIR`: flags checked before anything starts (exit 2 naming them), and an export
// against the embedded reference server that says how to run it and shows no credential.

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { code, out, err } = await runMain(argv);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('load --export k6', () => {
  it('writes the script and its data file, and says how to run them', async () => {
    const dir = path.join(await tempDir('vmp-k6-cli-'), 'k6');
    const r = await run(['load', '--export', 'k6', dir, '--rate', '50', '--arrival', 'poisson', '--duration', '20', '--threshold', 'p99<250ms', '--seed', '5']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['vmp-load-data.json', 'vmp-load.js']);
    expect(r.out).toContain('ramping-arrival-rate');
    expect(r.out).toContain('threshold p99<250ms → k6 http_req_duration: p(99)<250');
    expect(r.out).toContain(`k6 run -e VMP_PRIMARY_AUTHORIZATION=… ${path.join(dir, 'vmp-load.js')}`);
    expect(r.out).toMatch(/npx vmp-conformance serve --today \d{4}-\d{2}-\d{2}/);
    expect(r.out).not.toContain('vmp-primary-7f3a2c');
  }, 60_000);

  it('refuses what it cannot write (exit 2 naming it)', async () => {
    const file = path.join(await tempDir('vmp-k6-cli-'), 'a-file');
    await writeFile(file, '');
    for (const [argv, message] of [
      [['--export', 'csv', 'out'], /--export must be k6/],
      [['--export', 'k6'], /--export k6 takes one directory/],
      [['--export', 'k6', 'a', 'b'], /--export k6 takes one directory.*2 arguments/],
      [['--export', 'k6', file], /it is a file, not a directory/],
      [['out'], /unexpected argument 'out'/],
    ] as const) {
      const r = await run(['load', ...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toMatch(message);
    }
  });

  it('needs no --allow-remote for a remote target: nothing is load-tested from here', async () => {
    const dir = await tempDir('vmp-k6-cli-');
    const s = await parseLoadArgs(['--export', 'k6', dir, '--base-url', 'https://api.example.com', '--profile', REFERENCE_PROFILE]);
    expect(s).toMatchObject({ baseUrl: 'https://api.example.com', exportDir: dir });
  });

  it('is in load --help', async () => {
    const r = await run(['load', '--help']);
    expect(r.out).toContain('--export k6 DIR');
  });
});
