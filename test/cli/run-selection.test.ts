import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RULES } from '../../models/index.ts';
import { runResultSchema } from '../../reports/results.ts';
import { isSelected } from '../../reports/rule-glob.ts';
import { rulesAbout } from '../../reports/rule-endpoints.ts';
import { MAX_FAILURES_REASON } from '../../suites/harness/max-failures.ts';
import { runMain } from '../support/main-in-process.ts';
import { startBrokenServer, type BrokenServer } from '../support/broken-server.ts';
import { cli, E2E_TIMEOUT, SECRET_VALUES, SECRETS, tempDir, writeSecretProfile } from './run-support.ts';

// Issue 29 §8: rules chosen by the endpoints and methods they are about (`--endpoint`, `--method`, as Schemathesis'
// -E/-M) alongside the rule-id globs, and a run that stops at its first failures (`--bail`, `--max-failures N`, as
// pytest's -x/--maxfail), the rest reported not run.

let dir: string;
beforeAll(async () => {
  for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
  dir = await tempDir('selection');
});

describe('--endpoint and --method choose rules', () => {
  it('by endpoint id or path glob, by method in any case; comma lists and repeats are alternatives', () => {
    expect(rulesAbout({ endpoint: 'consultas-get' })).toContain('status/consultas-get/200');
    expect(rulesAbout({ endpoint: '/v3/consultas/{adminMail}/{sid}' })).toEqual(rulesAbout({ endpoint: 'consultas-get' }));
    const deletes = rulesAbout({ method: 'delete' })!;
    expect(deletes.length).toBeGreaterThan(0);
    expect(deletes.every((id) => id.includes('delete'))).toBe(true);
    expect(rulesAbout({ endpoint: 'home,consultas-get' })).toEqual(
      [...rulesAbout({ endpoint: 'home' })!, ...rulesAbout({ endpoint: 'consultas-get' })!].sort(byCatalog),
    );
    expect(rulesAbout({})).toBeUndefined();
  });

  it('intersect with each other and with --only/--exclude', () => {
    const chosen = RULES.filter((r) => isSelected({ endpoint: 'agencias-*', method: 'PUT', only: 'status/*', exclude: '*/documented-only' }, r.id)).map(
      (r) => r.id,
    );
    expect(chosen).toContain('status/agencias-put/200');
    expect(chosen.every((id) => id.startsWith('status/agencias-put/') && !id.endsWith('documented-only'))).toBe(true);
    // A rule about no single endpoint is chosen by neither.
    expect(RULES.some((r) => !r.endpoint && isSelected({ method: 'GET' }, r.id))).toBe(false);
  });

  it.each([
    [['--endpoint', 'nosuch-*'], /^vmp-conformance: --endpoint 'nosuch-\*' matches no endpoint id or path a rule is about/],
    [['--endpoint', 'home', '--endpoint', 'bogus,/v3/nothing'], /--endpoint 'bogus', '\/v3\/nothing' matches no endpoint/],
    [['--method', 'HEAD'], /--method 'HEAD' matches no rule \(the rules' methods: GET, /],
    [['--endpoint', 'home', '--method', 'DELETE'], /--endpoint 'home' with --method 'DELETE' leaves no rule to run/],
    [['--only', 'media/*', '--endpoint', 'appnotificaciones-delete'], /--only 'media\/\*' with --endpoint 'appnotificaciones-delete' leaves no rule/],
    [['--bail', '--max-failures', '2'], /--bail is --max-failures 1: give one of them/],
    [['--max-failures', '0'], /--max-failures must be a whole number from 1 to 100000, got '0'/],
  ])('run %j → exit 2 naming it', async (args, message) => {
    const r = await runMain(['run', ...args, '--report-dir', path.join(dir, 'refused')]);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
  });
});

const order = new Map(RULES.map((r, i) => [r.id, i]));
function byCatalog(a: string, b: string): number {
  return order.get(a)! - order.get(b)!;
}

describe('--bail against a failing target', () => {
  let server: BrokenServer;
  afterAll(() => server?.close());

  it(
    'stops at the first failures: the checks not started are skipped "not run: --max-failures reached", exit 1',
    async () => {
      server = await startBrokenServer(SECRET_VALUES);
      const profile = await writeSecretProfile(dir);
      const reportDir = path.join(dir, 'bail');
      const r = await cli([
        'run',
        '--base-url',
        server.url,
        '--profile',
        profile,
        '--endpoint',
        'home',
        '--method',
        'get',
        '--bail',
        '--report-dir',
        reportDir,
      ]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(1);
      const result = runResultSchema.parse(JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')));
      expect(result.options).toMatchObject({ endpoint: 'home', method: 'get' });
      // Only the rules about GET /v3, and (for fixture discovery's faults) none other.
      expect(result.rules.map((x) => x.id).sort(byCatalog)).toEqual(rulesAbout({ endpoint: 'home' }));
      const failed = result.rules.filter((x) => x.verdict === 'fail');
      const notRun = result.rules.filter((x) => x.skipReason === MAX_FAILURES_REASON);
      // The read-only checks beside the first failure finish (a few run at a time); every later one is not run.
      expect(failed.length).toBeGreaterThanOrEqual(1);
      expect(failed.length).toBeLessThanOrEqual(5);
      expect(notRun.length).toBeGreaterThan(0);
      expect(r.stdout).toMatch(
        new RegExp(`^run: --max-failures 1 reached \\(${failed.length} failed, with the checks under way\\): ${notRun.length} rules not run$`, 'm'),
      );
      expect(r.stdout).toContain(', endpoints home, methods get');
      for (const secret of SECRET_VALUES) expect(r.stdout).not.toContain(secret);
    },
    E2E_TIMEOUT,
  );
});
