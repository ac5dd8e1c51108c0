import { describe, expect, it } from 'vitest';
import { junitXml } from '../../reports/junit.ts';
import { exchange, rule, runResult } from './fixtures.ts';

// junit.xml says what the exit code says (issue 23 §1): CI tools read failures and errors from it, so a failure a
// baseline accepts is no <failure>, a run cut by its deadline or one that never reached the target has an
// <error>, and suites are the spec's areas, not this project's files.

/** testsuites' and each testsuite's counts, and every testcase with what it holds. */
function parse(xml: string) {
  const attrs = (tag: string): Record<string, string> => Object.fromEntries([...tag.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const root = attrs(/<testsuites [^>]*>/.exec(xml)![0]);
  const suites = [...xml.matchAll(/<testsuite [^>]*>/g)].map((m) => attrs(m[0]));
  const cases = [...xml.matchAll(/<testcase ([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)].map((m) => ({ name: attrs(m[1]!).name ?? '', inner: m[2] ?? '' }));
  return { root, suites, cases };
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
    const { root, cases } = parse(junitXml(runResult([pass, skipped], { exitCode: 0 })));
    expect(root).toMatchObject({ tests: '2', failures: '0', errors: '0', skipped: '1' });
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
    const { root, cases } = parse(junitXml(runResult([pass, known], { baseline, exitCode: 0 })));
    expect(root).toMatchObject({ failures: '0', errors: '0', skipped: '1' });
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
    const { root, cases } = parse(junitXml(runResult([notRun], { error, exitCode: 3 })));
    expect(root).toMatchObject({ tests: '2', errors: '1', failures: '0', skipped: '1' });
    expect(cases.at(-1)!.inner).toContain('<error message="cannot connect to http://127.0.0.1:1 (ECONNREFUSED)" type="VMP_ERR_TARGET">');
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
