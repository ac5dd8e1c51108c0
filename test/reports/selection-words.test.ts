import { describe, expect, it } from 'vitest';
import { headerLine } from '../../reports/console.ts';
import { htmlReport } from '../../reports/html.ts';
import { junitXml } from '../../reports/junit.ts';
import { markdownSummary } from '../../reports/markdown.ts';
import { rule, runResult } from './fixtures.ts';

// Issue 29 item 8: what the rules were chosen by (rule globs, --endpoint, --method) is said by every report, not
// only results.json and the console: a summary.md or report.html read alone must not pass for the whole suite.

const chosen = () => {
  const r = runResult([rule({ id: 'home/a', verdict: 'pass' })]);
  return { ...r, options: { ...r.options, only: 'home/*', exclude: 'home/b', endpoint: 'home', method: 'get' } };
};

describe('the selection in every report', () => {
  it('console, summary.md and report.html each name the globs, the endpoints and the methods, in one order', () => {
    const r = chosen();
    expect(headerLine(r)).toContain(', only home/*, excluding home/b, endpoints home, methods get');
    expect(markdownSummary(r)).toContain(', only `home/*`, excluding `home/b`, endpoints `home`, methods `get`, ');
    expect(htmlReport(r)).toContain(', only <code>home/*</code>, excluding <code>home/b</code>, endpoints <code>home</code>, methods <code>get</code>');
    const properties = [...junitXml(r).matchAll(/<property name="(only|exclude|endpoint|method)" value="([^"]*)"\/>/g)].map((m) => `${m[1]}=${m[2]}`);
    expect(properties.slice(0, 4)).toEqual(['only=home/*', 'exclude=home/b', 'endpoint=home', 'method=get']);
  });

  it('a run of every rule names no selection', () => {
    const r = runResult([rule({ id: 'home/a', verdict: 'pass' })]);
    expect(markdownSummary(r)).not.toMatch(/, (only|excluding|endpoints|methods) /);
    expect(htmlReport(r)).not.toMatch(/, (only|excluding|endpoints|methods) <code>/);
  });
});
