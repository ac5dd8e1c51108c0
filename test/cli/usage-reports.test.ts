import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runResultSchema } from '../../reports/results.ts';
import { noXmllint, validateJunit } from '../support/junit-schema.ts';
import { runMain } from '../support/main-in-process.ts';

// Issue 29 §7: a run refused for its usage (exit 2) writes results.json, junit.xml and summary.md with one error
// naming the problem, so that a CI step publishing junit.xml finds why; still one line on stderr, nothing on
// stdout. When --report-dir itself is what is wrong, nothing is written anywhere.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-usage-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('exit 2 writes its report set', () => {
  it.each([
    ['a bad number', ['--runs', 'x'], /^--runs must be a whole number from 1 to 100000, got 'x'$/],
    ['an unknown flag', ['--profle', 'p.json'], /^unknown option '--profle' — did you mean '--profile'\?/],
    ['a profile that does not exist', ['--profile', '/nonexistent/p.json'], /^--profile \/nonexistent\/p\.json: /],
  ])('%s: results.json and junit.xml with one <error> naming it', async (what, flags, message) => {
    const reportDir = path.join(dir, what.replaceAll(' ', '-'));
    const r = await runMain(['run', ...flags, '--report-dir', reportDir]);
    expect(r.code).toBe(2);
    expect(r.out).toEqual([]);
    expect(r.err).toHaveLength(1);
    const result = runResultSchema.parse(JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')));
    expect(result).toMatchObject({ exitCode: 2, rules: [], error: { code: expect.stringMatching(/^VMP_ERR_/) } });
    expect(result.error!.message).toMatch(message);
    expect(r.err[0]).toBe(`vmp-conformance: ${result.error!.message}`);
    const junit = await readFile(path.join(reportDir, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(1);
    expect(junit).toMatch(/<testsuites name="vmp-conformance" tests="1" failures="0" errors="1" /);
    expect(junit).toContain('name="the command line and the profile are valid (before any check)"');
    if (!noXmllint) expect((await validateJunit(junit)).valid).toBe(true);
    const summary = await readFile(path.join(reportDir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/^## vmp-conformance: ERROR\n\n\*\*Refused, nothing ran \(exit 2, bad usage\): /);
  });

  it('--report-dir the last one given, as the flags take it; --report-dir=DIR too', async () => {
    const reportDir = path.join(dir, 'equals');
    const r = await runMain(['run', '--report-dir', path.join(dir, 'not-this'), `--report-dir=${reportDir}`, '--seed', '-3']);
    expect(r.code).toBe(2);
    expect(JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')).exitCode).toBe(2);
    expect(await readdir(dir)).not.toContain('not-this');
  });

  it('--report-dir itself wrong: the refusal alone, no report anywhere', async () => {
    const file = path.join(dir, 'a-file');
    await writeFile(file, 'not a directory');
    const before = await readdir(dir);
    const r = await runMain(['run', '--report-dir', path.join(file, 'sub'), '--runs', 'x']);
    expect(r.code).toBe(2);
    expect(r.err).toEqual([expect.stringMatching(/^vmp-conformance: --runs must be|--report-dir .*a-file is not a directory$/)]);
    expect(await readdir(dir)).toEqual(before);
  });
});
