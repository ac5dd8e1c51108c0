import { describe, expect, it } from 'vitest';
import { RULES } from '../../models/index.ts';
import { causeGroups } from '../../reports/cause-groups.ts';
import { ResultCollector } from '../../reports/collector.ts';
import { consoleReport } from '../../reports/console.ts';
import { failureCause } from '../../reports/failure-cause.ts';
import { htmlReport } from '../../reports/html.ts';
import { markdownSummary } from '../../reports/markdown.ts';
import { AreaProgress } from '../../reports/progress.ts';
import { buildRunResult } from '../../reports/run-result.ts';
import { exchange, rule, runResult } from './fixtures.ts';
import { markdownText } from '../../reports/markdown-text.ts';

// Failures read by cause (issue 23 §2) and every report in catalog order (§1).

const TYPE_FAULT = 'Status: Invalid input: expected number, received string';
const problemFailure = (id: string, request: string, status: number) =>
  rule({
    id,
    verdict: 'fail',
    failureId: id.slice(-7),
    message: `[${request}: ${status} — expected a validation problem body, but ${TYPE_FAULT} (${id})`,
    exchanges: [exchange({ url: `http://127.0.0.1:9${request.split('] ')[1]}`, status, failed: true })],
  });
const ONE_FAULT = [
  problemFailure('status/agencias-list/400', 'GET] /v3/agencias?operador=r1a2b3c4d5-not-an-email', 400),
  problemFailure('status/agencias-invite/409', 'POST] /v3/agencias', 409),
  problemFailure('status/ciudades-list/400', 'GET] /v3/ciudades', 400),
];
const OTHER = rule({ id: 'home/etag-304', verdict: 'fail', message: '[GET] /v3: 400 — expected 304 (home/etag-304)' });

describe('a failure cause', () => {
  it('is the finding after "but", apart from the request and the rule', () => {
    expect(failureCause(ONE_FAULT[0]!.message!)).toEqual({ text: TYPE_FAULT, key: TYPE_FAULT });
    expect(failureCause('[GET] /v3: 400 — expected 304 (home/etag-304)')).toEqual({ text: '400 — expected 304', key: '400 — expected 304' });
  });

  it('has a key without what varies between runs: run ids, e-mails, URLs, quoted values, counts', () => {
    const a = failureCause('[GET] /v3/x: 500 — expected 200 or 404 (accepted: adminMail "rmwyb1nui6gg2-a@example.test"), 7 of 3014 in 312 ms (a/b)');
    const b = failureCause('[GET] /v3/y: 500 — expected 200 or 404 (accepted: adminMail "k2j3h4g5f6d7s-b@example.test"), 9 of 2988 in 95 ms (a/b)');
    expect(a.key).toBe(b.key);
    expect(a.key).toContain('500 — expected 200 or 404');
    expect(failureCause('[GET] /v3: 404 — expected 200 (a/b)').key).not.toBe(failureCause('[GET] /v3: 500 — expected 200 (a/b)').key);
  });
});

describe('failures grouped by cause', () => {
  it('one cause → three rules, with the exchange where it was first seen', () => {
    const groups = causeGroups([...ONE_FAULT, OTHER]);
    expect(groups.map((g) => [g.text, g.rules.map((r) => r.id)])).toEqual([
      [TYPE_FAULT, ONE_FAULT.map((r) => r.id)],
      ['400 — expected 304', ['home/etag-304']],
    ]);
    expect(groups[0]!.exchange?.url).toBe('http://127.0.0.1:9/v3/agencias?operador=r1a2b3c4d5-not-an-email');
  });

  it('console, summary.md and report.html lead with the causes, then list the rules', () => {
    const result = runResult([...ONE_FAULT, OTHER]);
    const text = consoleReport(result, '/tmp/r').join('\n');
    expect(text).toContain('Failures by cause (2 causes → 4 rules):');
    expect(text).toContain(`  3 rules — ${TYPE_FAULT}`);
    expect(text).toContain('      first seen: [GET] http://127.0.0.1:9/v3/agencias?operador=r1a2b3c4d5-not-an-email → 400');
    expect(text.indexOf('Failures by cause')).toBeLessThan(text.indexOf('Failed rules (4):'));
    const md = markdownSummary(result);
    expect(md).toContain('### Failures by cause (2 causes → 4 rules)');
    // summary.md shows the target's words as inert Markdown (issue 22): punctuation escaped.
    expect(md).toContain(`1. **3 rules**: ${markdownText(TYPE_FAULT)}`);
    expect(md.indexOf('Failures by cause')).toBeLessThan(md.indexOf('### Failed rules'));
    const page = htmlReport(result);
    expect(page).toContain('<h3 id="causes">Failures by cause (2 causes → 4 rules)</h3>');
    expect(page).toMatch(/<li data-rules="3"><b>3 rules<\/b>: <span class="message cause">Status: Invalid input/);
  });
});

describe('catalog order', () => {
  const ids = ['home/etag-present', 'limits/pagina-max-99/at-limit-accepted', 'status/home/200', 'consultas/list/filter-desde'].filter((id) =>
    RULES.some((r) => r.id === id),
  );

  it('results.json lists rules by area and catalog place, whatever order they completed in', () => {
    const collector = new ResultCollector();
    collector.results.push(...ids.map((id) => rule({ id, verdict: 'pass' })));
    const result = buildRunResult(collector, {
      startedAt: Date.now(),
      seed: 1,
      baseUrl: 'http://127.0.0.1:9',
      embedded: false,
      profile: { apps: { primary: { headers: {}, query: {} }, other: { headers: {}, query: {} } } } as never,
      secrets: [],
      runs: 1,
      readOnly: false,
      timeoutMs: 1000,
      selected: RULES.filter((r) => ids.includes(r.id)),
    });
    const catalog = RULES.map((r) => r.id).filter((id) => ids.includes(id));
    const areaFirst = (id: string) => RULES.findIndex((r) => r.id.split('/')[0] === id.split('/')[0]);
    expect(result.rules.map((r) => r.id)).toEqual([...catalog].sort((a, b) => areaFirst(a) - areaFirst(b) || catalog.indexOf(a) - catalog.indexOf(b)));
  });

  it('the console prints each area once it and every area before it are complete', () => {
    const lines: string[] = [];
    const progress = new AreaProgress(['home/etag-present', 'status/home/200'], (l) => lines.push(l));
    progress.add(rule({ id: 'home/etag-present', verdict: 'pass' }));
    expect(lines).toEqual([]);
    progress.add(rule({ id: 'status/home/200', verdict: 'pass' }));
    expect(lines.map((l) => l.trim().split(/\s+/)[1])).toEqual(['status', 'home']);
  });
});
