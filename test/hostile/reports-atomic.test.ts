import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFilesAtomic } from '../../support/atomic-write.ts';
import { REPORT_FILES, writeReports } from '../../reports/write.ts';
import { runResult, SAMPLE_RULES } from '../reports/fixtures.ts';
import { spawnCli } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { startProxy } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { perTest, referenceProfileJson, startWebhookTarget } from './support/webhook-target.ts';

// Issue 13, item 6: reports are written as one set, each file under a temporary name renamed into place, so an
// interrupted run leaves either complete reports marked partial (signals.test.ts) or the previous ones untouched —
// never a 0-byte junit.xml beside stale results.

const tempDir = (name: string) => mkdtemp(path.join(tmpdir(), `vmp-hostile-${name}-`));

/** A previous run's report set, each file with recognisable content. */
async function previousSet(dir: string): Promise<Map<string, string>> {
  await mkdir(dir, { recursive: true });
  const set = new Map(Object.values(REPORT_FILES).map((name) => [name, `previous ${name}\n`]));
  for (const [name, text] of set) await writeFile(path.join(dir, name), text);
  return set;
}

async function contents(dir: string): Promise<Map<string, string>> {
  const names = (await readdir(dir)).sort();
  return new Map(await Promise.all(names.map(async (n) => [n, await readFile(path.join(dir, n), 'utf8')] as const)));
}

const t = perTest();

describe('atomic reports', () => {
  it('a run interrupted before its checks began leaves the previous reports untouched', { timeout: 120_000 }, async () => {
    const json = await referenceProfileJson();
    t.target = await startWebhookTarget(json);
    // Discovery's agency list is held back: the signal comes while the run explores the target.
    let discovering: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (discovering = resolve));
    t.proxy = await startProxy(t.target.server.url, {
      request(req) {
        if (req.path.startsWith('/v3/agencias')) discovering();
        return undefined;
      },
      delayMs: (req) => (req.path.startsWith('/v3/agencias') ? 1_500 : 0),
    });
    const dir = await tempDir('atomic');
    const profile = path.join(dir, 'profile.json');
    await writeFile(profile, JSON.stringify(json));
    const reportDir = path.join(dir, 'report');
    const before = await previousSet(reportDir);
    const child = spawnCli(['run', '--base-url', t.proxy.url, '--profile', profile, '--report-dir', reportDir], { tmpDir: path.join(dir, 'tmp') });
    await reached;
    child.child.kill('SIGINT');
    const exited = await child.exited;
    expect(exited.code, exited.stdout + exited.stderr).toBe(130);
    expect(await contents(reportDir)).toEqual(before);
    await expectNoSecrets({ dirs: [reportDir], runs: [exited] }, credentialsOf(t.target!.profile));
  });

  // Where some of a set could be written (a full disk), those are kept: test/hostile/local-faults.test.ts.
  it('a set none of which can be written leaves every previous file as it was, and no temporary file', async () => {
    const dir = await tempDir('atomic-fail');
    const before = await previousSet(dir);
    const writing = writeFilesAtomic([
      { file: path.join(dir, 'missing-dir', REPORT_FILES.results), data: 'new results' },
      { file: path.join(dir, 'missing-dir', REPORT_FILES.junit), data: 'new junit' },
    ]);
    await expect(writing).rejects.toThrow(/ENOENT/);
    expect(await contents(dir)).toEqual(before);
  });

  it('vitest output that never came is not left stale beside the new results', async () => {
    const dir = await tempDir('atomic-stale');
    await previousSet(dir);
    await writeReports(runResult(SAMPLE_RULES), dir, [], { json: path.join(dir, '.never-written-json') });
    const after = await contents(dir);
    // junit.xml is written from the results (reports/junit.ts), so it is always new; vitest.json came from vitest.
    expect([...after.keys()]).toEqual(['junit.xml', 'report.html', 'results.json', 'summary.md']);
    for (const text of after.values()) expect(text.length).toBeGreaterThan(100);
  });
});
