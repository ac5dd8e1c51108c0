import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaRank } from '../../reports/catalog-order.ts';
import { runResultSchema, type RunResult } from '../../reports/results.ts';
import { startBrokenServer, type BrokenServer } from '../support/broken-server.ts';
import { noXmllint, validateJunit } from '../support/junit-schema.ts';
import { cli, E2E_TIMEOUT, HOME_RULES, SECRET_VALUES, tempDir, writeSecretProfile } from './run-support.ts';

// The artifacts CI uploads agree with the exit code (issue 23 §1), through the real binary in the four cases
// a pipeline meets: a pass, failures a baseline accepts, a run cut by --max-duration, and a target that cannot be
// reached (exit 3, which still writes junit.xml, summary.md and results.json).

interface Artifacts {
  result: RunResult;
  junit: { failures: number; errors: number; skipped: number; tests: number; suites: string[]; text: string };
  summary: string;
}

async function artifacts(reportDir: string): Promise<Artifacts> {
  const text = await readFile(path.join(reportDir, 'junit.xml'), 'utf8');
  const root = /<testsuites ([^>]*)>/.exec(text)![1]!;
  const count = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(root)![1]);
  // Every junit.xml a pipeline meets is valid for a strict consumer too (test/reports/junit-strict.xsd).
  if (!noXmllint) {
    const schema = await validateJunit(text);
    expect(schema.valid, schema.errors).toBe(true);
  }
  return {
    result: runResultSchema.parse(JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8'))),
    junit: {
      failures: count('failures'),
      errors: count('errors'),
      // The strict schema has no skipped on <testsuites>: the suites' add up.
      skipped: [...text.matchAll(/<testsuite [^>]*\bskipped="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0),
      tests: count('tests'),
      suites: [...text.matchAll(/<testsuite name="([^"]*)"/g)].map((m) => m[1]!),
      text,
    },
    summary: await readFile(path.join(reportDir, 'summary.md'), 'utf8'),
  };
}

let server: BrokenServer;
let dir: string;
let profile: string;
beforeAll(async () => {
  server = await startBrokenServer(SECRET_VALUES);
  dir = await tempDir('junit');
  profile = await writeSecretProfile(dir);
});
afterAll(() => server?.close());

/** The home rules against the broken server, seed 5, reports in `reportDir`; `extra` flags after. */
const againstBroken = (reportDir: string, ...extra: string[]) =>
  cli(['run', '--base-url', server.url, '--profile', profile, '--only', HOME_RULES, '--seed', '5', '--report-dir', reportDir, ...extra]);

describe('junit.xml, summary.md and results.json agree with the exit code', () => {
  it(
    'a pass: exit 0, no failure and no error; suites are the spec areas in catalog order',
    async () => {
      const reportDir = path.join(dir, 'pass');
      const run = await cli(['run', '--only', HOME_RULES, '--seed', '1', '--report-dir', reportDir]);
      expect(run.code, run.stdout).toBe(0);
      const a = await artifacts(reportDir);
      expect(a.junit).toMatchObject({ failures: 0, errors: 0, tests: a.result.rules.length });
      expect(a.junit.suites).toEqual(['status', 'home']);
      expect([...a.junit.suites].sort((x, y) => areaRank(x) - areaRank(y))).toEqual(a.junit.suites);
      expect(a.summary).toContain('## vmp-conformance: PASS');
    },
    E2E_TIMEOUT,
  );

  it(
    'failures the baseline expects: exit 0, each a <skipped> "expected by the baseline", not a <failure>',
    async () => {
      const baseline = path.join(dir, 'baseline.json');
      const first = await againstBroken(path.join(dir, 'b1'), '--write-baseline', baseline);
      expect(first.code).toBe(1);
      const reportDir = path.join(dir, 'b2');
      const run = await againstBroken(reportDir, '--baseline', baseline);
      expect(run.code, run.stdout).toBe(0);
      const a = await artifacts(reportDir);
      const known = a.result.rules.filter((r) => r.verdict === 'fail');
      expect(known.length).toBeGreaterThan(0);
      expect(a.junit.failures).toBe(0);
      expect(a.junit.errors).toBe(0);
      expect(a.junit.text.match(/<skipped message="expected by the baseline /g)).toHaveLength(known.length);
      // The baseline holds each rule with its cause.
      expect(JSON.parse(await readFile(baseline, 'utf8')).failing).toEqual(
        known.map((r) => ({ rule: r.id, cause: r.cause })).sort((x, y) => (x.rule < y.rule ? -1 : 1)),
      );
    },
    E2E_TIMEOUT,
  );

  it(
    'a run cut by --max-duration: exit 1 and an <error> testcase saying so',
    async () => {
      const reportDir = path.join(dir, 'deadline');
      const run = await cli(['run', '--max-duration', '1', '--seed', '1', '--report-dir', reportDir]);
      expect(run.code).toBe(1);
      const a = await artifacts(reportDir);
      expect(a.result.deadline).toEqual({ seconds: 1, reached: true });
      expect(a.junit.errors).toBe(1);
      expect(a.junit.text).toMatch(
        /<error message="The run reached its --max-duration of 1 s; \d+ rules? (were|was) not run \(skipped\), which fails the run\." type="VMP_ERR_DEADLINE">/,
      );
      expect(a.summary).toContain('## vmp-conformance: FAIL');
    },
    E2E_TIMEOUT,
  );

  it(
    'exit 3 (no connection): junit.xml, summary.md and results.json still written, with that error',
    async () => {
      const reportDir = path.join(dir, 'unreachable');
      const run = await cli(['run', '--base-url', 'http://127.0.0.1:1', '--profile', profile, '--only', HOME_RULES, '--report-dir', reportDir]);
      expect(run.code).toBe(3);
      const a = await artifacts(reportDir);
      expect(a.result.exitCode).toBe(3);
      expect(a.result.error).toMatchObject({ code: 'VMP_ERR_TARGET', message: expect.stringMatching(/127\.0\.0\.1:1 is unreachable/) });
      expect(a.result.rules.every((r) => r.verdict === 'skip' && r.skipReason?.startsWith('not run: '))).toBe(true);
      expect(a.junit).toMatchObject({ errors: 1, failures: 0 });
      expect(a.junit.text).toMatch(/<error message="[^"]*127\.0\.0\.1:1 is unreachable[^"]*" type="VMP_ERR_TARGET">/);
      expect(a.summary).toMatch(/## vmp-conformance: ERROR\n\n\*\*No check ran: .*unreachable/);
      expect(run.stdout).toContain(`reports: ${reportDir} (no check ran:`);
      for (const secret of SECRET_VALUES) expect(a.junit.text + a.summary + JSON.stringify(a.result)).not.toContain(secret);
    },
    E2E_TIMEOUT,
  );
});
