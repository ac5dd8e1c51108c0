import { describe, expect, it } from 'vitest';
import { consoleReport, summaryTable } from '../../reports/console.ts';
import { htmlReport } from '../../reports/html.ts';
import { markdownSummary } from '../../reports/markdown.ts';
import { observationRows, profileChoice } from '../../reports/observations.ts';
import { secretsOf } from '../../sut/secrets.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import { blockingFailures, exitCodeOf, unreportedRules } from '../../reports/summary.ts';
import { ruleById } from '../../models/index.ts';
import { rule, runResult, SAMPLE_RULES } from './fixtures.ts';

describe('summary figures', () => {
  it('fails the run on a must/profile failure unless the baseline expects it', () => {
    const result = runResult(SAMPLE_RULES);
    expect(exitCodeOf(result)).toBe(1);
    const known = { file: 'b.json', stillFailing: ['home/etag-304'], nowPassing: [], newFailures: [], newCauses: [], notRun: [] };
    expect(exitCodeOf({ ...result, baseline: known })).toBe(0);
    expect(blockingFailures({ ...result, baseline: known })).toEqual([]);
  });

  it('fails the run on errors outside any check', () => {
    expect(exitCodeOf(runResult([rule({ id: 'home/etag-present', verdict: 'pass' })], { unhandledErrors: ['suites/x.suite.ts: boom'] }))).toBe(1);
  });

  it('reports selected rules no check covered as skipped, so every rule has a result', () => {
    const missing = unreportedRules([ruleById('home/etag-present'), ruleById('home/etag-304')], [rule({ id: 'home/etag-present', verdict: 'pass' })]);
    expect(missing.map((r) => [r.id, r.verdict])).toEqual([['home/etag-304', 'skip']]);
  });
});

describe('console report', () => {
  it('prints a per-area table, the failed rules with statements and messages, and the verdict', () => {
    const lines = consoleReport(runResult(SAMPLE_RULES), '/tmp/r');
    const text = lines.join('\n');
    expect(summaryTable(SAMPLE_RULES)[0]).toMatch(/area\s+passed\s+failed\s+skipped\s+observed/);
    expect(text).toMatch(/home\s+1\s+1\s+1\s+0/);
    expect(text).toMatch(/observe\s+0\s+0\s+0\s+1/);
    expect(text).toContain('Failed rules (1):');
    expect(text).toContain('home/etag-304 [profile, Endpoints > Home] (replay: npx vmp-conformance replay abc1234)');
    expect(text).toContain('statement of home/etag-304');
    expect(text).toContain('[GET] /v3: 400 — expected 304');
    expect(text).toContain('FAIL: 1 passed, 1 failed, 1 skipped, 1 observed');
  });

  it('splits baseline failures into new, still failing and now passing', () => {
    const rules = [rule({ id: 'home/etag-304', verdict: 'fail', failureId: 'x' }), rule({ id: 'home/etag-present', verdict: 'pass' })];
    const baseline = { file: 'b.json', stillFailing: ['home/etag-304'], nowPassing: ['home/etag-present'], newFailures: [], newCauses: [], notRun: [] };
    const text = consoleReport(runResult(rules, { baseline, exitCode: 0 }), '/tmp/r').join('\n');
    expect(text).toContain('Still failing, expected by the baseline b.json (1):');
    expect(text).toContain('Now passing — remove from the baseline b.json (1):');
    expect(text).not.toContain('New failures');
    expect(text).toContain('PASS:');
  });
});

describe('summary.md', () => {
  it('keeps table cells intact when a message carries pipes', () => {
    const md = markdownSummary(runResult(SAMPLE_RULES));
    const row = md.split('\n').find((l) => l.startsWith('| `home/etag-304`'))!;
    expect(row).toContain('\\|');
    expect(row.split(/(?<!\\)\|/).length).toBe(7);
    expect(md).toContain('| home | 1 | 1 | 1 | 0 |');
  });
});

describe('report.html', () => {
  const page = htmlReport(runResult(SAMPLE_RULES));

  it('escapes what the target sent', () => {
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('is self-contained: no script, no external asset, a CSP that forbids fetching', () => {
    expect(page).not.toMatch(/<script|<link|<img|@import|url\(/i);
    expect(page).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
  });

  it('shows every rule with its evidence, the property replay data and the coverage matrix', () => {
    for (const r of SAMPLE_RULES) expect(page).toContain(`data-rule="${r.id}"`);
    expect(page).toContain('<pre class="curl"');
    expect(page).toContain('seed <code>77</code>, path <code>3:1</code>');
    expect(page).toContain('data-endpoint="home"');
    expect(page).toContain('data-cell="400" data-state="failed"');
  });

  it('joins the spec gaps with what observe rules recorded', () => {
    const row = observationRows(SAMPLE_RULES).find((r) => r.gap.observedBy === 'observe/not-found-body')!;
    expect(row.observation).toBe('empty body with 404');
    expect(page).toContain('empty body with 404');
  });
});

describe('observed-behaviour helpers', () => {
  it("shows the target's declared choice for single profile keys only", () => {
    const profile = { conditionalRequestHeader: 'If-None-Match', mediaTypeSelection: { header: 'Accept' } };
    expect(profileChoice(profile, 'conditionalRequestHeader')).toBe('"If-None-Match"');
    expect(profileChoice(profile, 'mediaTypeSelection')).toBe('{\n  "header": "Accept"\n}');
    expect(profileChoice(profile, 'apps.*.headers')).toBeUndefined();
    expect(profileChoice(profile, 'templates, catalogKeys')).toBeUndefined();
    expect(profileChoice(profile, 'missing.key')).toBeUndefined();
  });
});

describe('report secrets', () => {
  it('include the webhook signing secret besides the header values', () => {
    const profile = parseProfile({
      apps: { primary: { headers: { Authorization: 'Bearer p' } }, other: { headers: { Authorization: 'Bearer o' } } },
      topics: { inquiry: 'a', registration: 'b', unavailable: 'c' },
      templates: { webhookUpsert: {}, agenciaCreate: {}, agenciaEdit: {} },
      invitationDomain: 'example.test',
      webhooks: { signature: { scheme: 'standard-webhooks', secret: 'whsec_abc' } },
    });
    expect(secretsOf(profile)).toEqual(['Bearer p', 'Bearer o', 'whsec_abc']);
  });
});
