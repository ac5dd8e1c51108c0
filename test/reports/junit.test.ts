import { describe, expect, it } from 'vitest';
import { junitXml, wallTimeMs } from '../../reports/junit.ts';
import { noXmllint, validateJunit, xmllintTitle } from '../support/junit-schema.ts';
import { exchange, rule, runResult, SAMPLE_RULES } from './fixtures.ts';

// junit.xml says what the exit code says (issue 23 §1): CI tools read failures and errors from it, so a failure a
// baseline accepts is no <failure>, a run cut by its deadline or one that never reached the target has an
// <error>, and suites are the spec's areas, not this project's files.

/** testsuites' and each testsuite's counts, and every testcase with what it holds. */
function parse(xml: string) {
  const attrs = (tag: string): Record<string, string> => Object.fromEntries([...tag.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const root = attrs(/<testsuites [^>]*>/.exec(xml)![0]);
  const suites = [...xml.matchAll(/<testsuite [^>]*>/g)].map((m) => attrs(m[0]));
  const cases = [...xml.matchAll(/<testcase ([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)].map((m) => ({ name: attrs(m[1]!).name ?? '', inner: m[2] ?? '' }));
  const skipped = String(suites.reduce((n, s) => n + Number(s.skipped), 0));
  return { root, suites, cases, skipped };
}

const pass = rule({ id: 'home/etag-present', verdict: 'pass' });
const failure = rule({
  id: 'home/etag-304',
  verdict: 'fail',
  level: 'profile',
  failureId: 'abc1234',
  message: '[GET] /v3: 400 — expected 304 (home/etag-304)',
  exchanges: [exchange({ status: 200, bodyExcerpt: '{}' }), exchange({ failed: true })],
});
const skipped = rule({ id: 'home/304-no-body', verdict: 'skip', skipReason: 'no 304 was provoked' });

describe('junit.xml agrees with the exit code', () => {
  it('a passing run: no failure, no error; every skipped testcase carries its reason', () => {
    const { root, cases, skipped: n } = parse(junitXml(runResult([pass, skipped], { exitCode: 0 })));
    expect(root).toMatchObject({ tests: '2', failures: '0', errors: '0' });
    expect(n).toBe('1');
    expect(cases.find((c) => c.name.includes('304-no-body'))!.inner).toContain('<skipped message="no 304 was provoked"/>');
  });

  it('a failing run: the failure with its message, the exchange and the curl line, no stack trace', () => {
    const xml = junitXml(runResult([pass, failure]));
    const { root, cases } = parse(xml);
    expect(root).toMatchObject({ failures: '1', errors: '0' });
    const inner = cases.find((c) => c.name.startsWith('[home/etag-304]'))!.inner;
    expect(inner).toContain('<failure message="[GET] /v3: 400 — expected 304 (home/etag-304)" type="profile">');
    expect(inner).toContain('curl -sS -i -H &apos;Authorization: &lt;redacted&gt;&apos;');
    expect(inner).toContain('replay: npx vmp-conformance replay abc1234');
    expect(xml).not.toMatch(/\bat [\w.]+ \(|node_modules|\.ts:\d+/);
  });

  it('a failure the baseline expects is skipped "expected by the baseline", and the run passes', () => {
    const known = { ...failure, baseline: 'still-failing' as const };
    const baseline = { file: 'b.json', stillFailing: ['home/etag-304'], nowPassing: [], newFailures: [], newCauses: [], notRun: [] };
    const { root, cases, skipped: n } = parse(junitXml(runResult([pass, known], { baseline, exitCode: 0 })));
    expect(root).toMatchObject({ failures: '0', errors: '0' });
    expect(n).toBe('1');
    expect(cases.find((c) => c.name.startsWith('[home/etag-304]'))!.inner).toMatch(/<skipped message="expected by the baseline b\.json: \[GET\] \/v3: 400/);
  });

  it('a run cut by --max-duration carries an <error> testcase saying so', () => {
    const cut = rule({ id: 'home/etag-304', verdict: 'skip', skipReason: "not run: the run's deadline passed (--max-duration 1 s)" });
    const { root, suites, cases } = parse(junitXml(runResult([pass, cut], { deadline: { seconds: 1, reached: true }, exitCode: 1 })));
    expect(root).toMatchObject({ errors: '1', failures: '0' });
    expect(suites.map((s) => s.name)).toEqual(['home', 'run']);
    expect(cases.at(-1)!.inner).toMatch(
      /<error message="The run reached its --max-duration of 1 s; 1 rule was not run \(skipped\), which fails the run\." type="VMP_ERR_DEADLINE">/,
    );
  });

  it('a run that could not reach its target (exit 3) has one <error> naming why', () => {
    const notRun = rule({ id: 'home/etag-304', verdict: 'skip', skipReason: 'not run: cannot connect' });
    const error = { code: 'VMP_ERR_TARGET', message: 'cannot connect to http://127.0.0.1:1 (ECONNREFUSED)' };
    const { root, cases, skipped: n } = parse(junitXml(runResult([notRun], { error, exitCode: 3 })));
    expect(root).toMatchObject({ tests: '2', errors: '1', failures: '0' });
    expect(n).toBe('1');
    expect(cases.at(-1)!.name).toBe('the target answers (before any check)');
    expect(cases.at(-1)!.inner).toContain('<error message="cannot connect to http://127.0.0.1:1 (ECONNREFUSED)" type="VMP_ERR_TARGET">');
  });

  it('a run refused for its usage (exit 2) has one <error> naming the usage problem, and no rule', () => {
    const error = { code: 'VMP_ERR_USAGE', message: "--runs must be a whole number from 1 to 100000, got 'x'" };
    const { root, cases } = parse(junitXml(runResult([], { error, exitCode: 2 })));
    expect(root).toMatchObject({ tests: '1', errors: '1', failures: '0' });
    expect(cases).toEqual([
      {
        name: 'the command line and the profile are valid (before any check)',
        inner: expect.stringContaining(`<error message="--runs must be a whole number from 1 to 100000, got &apos;x&apos;" type="VMP_ERR_USAGE">`),
      },
    ]);
  });

  it('names suites by spec area in the order given (catalog order) and escapes what XML cannot carry', () => {
    const odd = rule({ id: 'status/home/200', verdict: 'fail', message: 'body "\u0001<x>" & more' });
    const xml = junitXml(runResult([odd, pass]));
    expect(parse(xml).suites.map((s) => s.name)).toEqual(['status', 'home']);
    expect(xml).toContain('body &quot;\\x01&lt;x&gt;&quot; &amp; more');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test is that none is left
    expect(xml).not.toMatch(/[\u0000-\u0008]/);
  });
});

describe('junit.xml for a strict consumer (issue 29 §6)', () => {
  it("puts the run's facts on each testsuite and a rule's id, level and section in its testcase's name, classname and system-out", () => {
    const xml = junitXml(runResult(SAMPLE_RULES, { seed: 42, options: { runs: 25, readOnly: false, only: 'home/*' } }));
    expect(xml).not.toMatch(/<testcase[^>]*>\s*<properties>/);
    const home = /<testsuite name="home"[^>]*>\s*<properties>([\s\S]*?)<\/properties>/.exec(xml)![1]!;
    expect(home).toContain('<property name="seed" value="42"/>');
    expect(home).toContain('<property name="target" value="http://127.0.0.1:9"/>');
    expect(home).toContain('<property name="only" value="home/*"/>');
    const failing = parse(xml).cases.find((c) => c.name.startsWith('[home/etag-304]'))!;
    expect(failing.inner).toContain('<system-out>rule: home/etag-304\nlevel: profile\nsection: Endpoints &gt; Home</system-out>');
    expect(xml).toContain('classname="vmp-conformance.home"');
  });

  it("times add up: testsuites' is the run's wall time, a testsuite's the time some check of its area was running", () => {
    const at = (startedAtMs: number, durationMs: number, id: string) => rule({ id, verdict: 'pass', startedAtMs, durationMs });
    // Two home checks at once (0–400 and 100–300 ms) and one after (500–600): 500 ms of home, not 700.
    const rules = [at(1000, 400, 'home/a'), at(1100, 200, 'home/b'), at(1500, 100, 'home/c'), at(1600, 300, 'status/a')];
    const { root, suites } = parse(junitXml(runResult(rules, { durationMs: 2500 })));
    expect(root.time).toBe('2.500');
    expect(suites.map((s) => [s.name, s.time])).toEqual([
      ['home', '0.500'],
      ['status', '0.300'],
    ]);
    expect(wallTimeMs([{ timeMs: 5 }, { timeMs: 7 }])).toBe(12);
  });
});

describe.skipIf(noXmllint)(xmllintTitle('junit.xml validates against the strict JUnit schema (xmllint --schema)'), () => {
  const deadline = rule({ id: 'home/etag-304', verdict: 'skip', skipReason: "not run: the run's deadline passed" });
  const odd = rule({ id: 'status/home/200', verdict: 'fail', message: 'body "\u0001<x>" & more ]]>' });
  const cases: [string, string][] = [
    ['a pass, a failure, a skip and an observation', junitXml(runResult(SAMPLE_RULES))],
    [
      'a failure the baseline expects',
      junitXml(
        runResult([{ ...failure, baseline: 'still-failing' }], {
          baseline: { file: 'b.json', stillFailing: ['home/etag-304'], nowPassing: [], newFailures: [], newCauses: [], notRun: [] },
          exitCode: 0,
        }),
      ),
    ],
    ['a run cut by its deadline', junitXml(runResult([pass, deadline], { deadline: { seconds: 1, reached: true }, exitCode: 1 }))],
    ['exit 3', junitXml(runResult([skipped], { error: { code: 'VMP_ERR_TARGET', message: 'unreachable' }, exitCode: 3 }))],
    ['exit 2', junitXml(runResult([], { error: { code: 'VMP_ERR_USAGE', message: 'bad flag' }, exitCode: 2 }))],
    [
      'an interrupted run with errors outside any check',
      junitXml(runResult([odd], { interrupted: { signal: 'SIGINT', restored: [], notRestored: [] }, unhandledErrors: ['boom'], exitCode: 130 })),
    ],
  ];
  it.each(cases)('%s', async (_what, xml) => {
    const verdict = await validateJunit(xml);
    expect(verdict.valid, verdict.errors).toBe(true);
  });

  it('the schema is strict: it refuses what a lenient reader takes (properties in a testcase, testsuites@skipped and @timestamp)', async () => {
    const valid = junitXml(runResult([pass]));
    const inCase = valid.replace('<system-out>', '<properties><property name="rule" value="x"/></properties><system-out>');
    const rootSkipped = valid.replace('<testsuites ', '<testsuites skipped="0" ');
    const rootTimestamp = valid.replace('<testsuites ', '<testsuites timestamp="2026-01-01T00:00:00Z" ');
    for (const xml of [inCase, rootSkipped, rootTimestamp]) expect((await validateJunit(xml)).valid, xml.slice(0, 300)).toBe(false);
    expect((await validateJunit(valid)).valid).toBe(true);
  });
});
