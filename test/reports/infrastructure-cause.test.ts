import { describe, expect, it } from 'vitest';
import { consoleReport } from '../../reports/console.ts';
import { htmlReport } from '../../reports/html.ts';
import { infrastructureOf, judgedNothing, suggestedRate } from '../../reports/infrastructure-cause.ts';
import { junitXml } from '../../reports/junit.ts';
import { markdownSummary } from '../../reports/markdown.ts';
import { TARGET_EXIT_CODE, verdictOf } from '../../reports/summary.ts';
import { emptyTraffic, notJudged, type Traffic } from '../../sut/infrastructure.ts';
import { rule, runResult } from './fixtures.ts';

// The one infrastructure cause (issue 27 item 5): what the network did, said once, first, with the fix, in the
// console, summary.md, report.html and results.json; the rules it cost read "not judged", never failed.

const throttledRun = (): Traffic => ({
  ...emptyTraffic(),
  attempts: 2_123,
  throttled: 1_441,
  retries: { '429': 900, reset: 3 },
  lost: { throttled: 541 },
  first: { throttled: '429 after 4 retries' },
});

describe('the infrastructure cause', () => {
  it('a throttled run leads with the 429s and a rate to try; the rules it cost are counted', () => {
    const rules = [
      rule({ id: 'a/b', verdict: 'skip', skipReason: notJudged(throttledRun())! }),
      rule({ id: 'a/c', verdict: 'skip', skipReason: 'read-only run: this check changes the target' }),
      rule({ id: 'a/d', verdict: 'pass' }),
    ];
    const i = infrastructureOf(throttledRun(), rules, 30_000)!;
    expect(rules[0]!.skipReason).toBe('not judged: the target throttled (1441×429)');
    expect(i.rulesNotJudged).toBe(1);
    expect(i.cause).toBe('the target answered 429 to 1,441 of 2,123 requests; try --rate-limit 20/s');
    expect(i.note).toBe('903 requests were sent again (900 after a 429, 3 after a reset): each was judged on the answer it finally got');
    const result = runResult(rules, { infrastructure: i });
    const line = `Infrastructure: ${i.cause} (1 rule not judged).`;
    const out = consoleReport(result, 'vmp-report');
    // Right after the table, before any failure.
    expect(out.indexOf(line)).toBeGreaterThan(out.findIndex((l) => /^\s+total\s/.test(l)));
    // summary.md escapes every punctuation mark of a line (reports/markdown-text.ts): read without the escapes.
    const summary = markdownSummary(result).replace(/\\(?=[!-/:-@[-`{-~])/g, '');
    expect(summary.indexOf(line)).toBeGreaterThan(0);
    expect(summary.indexOf(line)).toBeLessThan(summary.indexOf('| area |'));
    expect(htmlReport(result)).toContain('the target answered 429 to 1,441 of 2,123 requests; try --rate-limit 20/s');
  });

  it('with --rate-limit already at or under the rate it would suggest, it says to lower it', () => {
    expect(infrastructureOf(throttledRun(), [], 30_000, 10)?.cause).toMatch(/; try a lower --rate-limit$/);
  });

  it('resets that outlived their retries, and a 503 burst, are causes of their own; retries that answered are a note', () => {
    const transport = { ...emptyTraffic(), attempts: 100, lost: { transport: 2 }, first: { transport: 'transport: the connection was reset (ECONNRESET)' } };
    expect(infrastructureOf(transport, [], 10_000)?.cause).toBe(
      '2 requests of 100 got no response, even when sent again (the connection was reset (ECONNRESET)); check the network between this machine and the target',
    );
    expect(notJudged(transport)).toBe('not judged: transport (the connection was reset (ECONNRESET))');
    const burst = { ...emptyTraffic(), attempts: 50, unavailable: 9, lost: { unavailable: 1 }, first: { unavailable: '503 with Retry-After: 1' } };
    expect(infrastructureOf(burst, [], 10_000)?.cause).toMatch(/^the target answered 503 with Retry-After to 9 of 50 requests/);
    const retried = { ...emptyTraffic(), attempts: 10, retries: { closed: 1 } };
    const i = infrastructureOf(retried, [], 10_000)!;
    expect(i.cause).toBeUndefined();
    expect(i.note).toBe('1 request was sent again (1 after a closed connection): each was judged on the answer it finally got');
    expect(infrastructureOf(emptyTraffic(), [], 10_000)).toBeUndefined();
  });

  it('the suggested rate is what the target let through, rounded down to a figure a user types', () => {
    expect(suggestedRate({ ...emptyTraffic(), attempts: 1_000, throttled: 0 }, 10_000)).toBe(100);
    expect(suggestedRate({ ...emptyTraffic(), attempts: 370, throttled: 0 }, 10_000)).toBe(35);
    expect(suggestedRate({ ...emptyTraffic(), attempts: 5, throttled: 4 }, 10_000)).toBe(1);
  });

  it('a run the network took every judgment of is no pass: exit 3 and ERROR, as a target that cannot be reached', () => {
    const lost = rule({ id: 'a/b', verdict: 'skip', skipReason: notJudged(throttledRun())! });
    const readOnly = rule({ id: 'a/c', verdict: 'skip', skipReason: 'read-only run: this check changes the target' });
    const seen = rule({ id: 'a/e', level: 'observe', verdict: 'observed' });
    const of = (rules: ReturnType<typeof rule>[]) => judgedNothing(infrastructureOf(throttledRun(), rules, 30_000), rules);
    expect(of([lost, readOnly, seen])).toBe(true);
    expect(of([lost, rule({ id: 'a/d', verdict: 'pass' })])).toBe(false);
    expect(of([lost, rule({ id: 'a/f', verdict: 'fail' })])).toBe(false);
    // Skips of other causes alone are no infrastructure's doing.
    expect(judgedNothing(infrastructureOf(emptyTraffic(), [readOnly], 30_000), [readOnly])).toBe(false);
    expect(verdictOf({ exitCode: TARGET_EXIT_CODE })).toBe('ERROR');
    // junit.xml fails the job with the cause, not only skipped testcases.
    const i = infrastructureOf(throttledRun(), [lost], 30_000);
    const xml = junitXml(runResult([lost], { infrastructure: i, exitCode: TARGET_EXIT_CODE }));
    expect(xml).toMatch(/<error message="Infrastructure: the target answered 429 to 1,441 of 2,123 requests[^"]*" type="VMP_ERR_INFRASTRUCTURE">/);
    expect(junitXml(runResult([lost], { infrastructure: i }))).not.toContain('VMP_ERR_INFRASTRUCTURE');
  });
});
