import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineOf, compareWithBaseline, readBaseline } from '../../api/baseline.ts';
import { rule } from '../reports/fixtures.ts';
import { tempDir } from './run-support.ts';

// Baselines as data: what --write-baseline records and how --baseline classifies a run.

describe('baselines', () => {
  it('record the failing rules with their causes, sorted and unique, with the tool version', () => {
    const rules = [
      rule({ id: 'b/x', verdict: 'fail', cause: '404 — expected 200' }),
      rule({ id: 'a/y', verdict: 'fail', cause: 'Status: expected number' }),
      rule({ id: 'c/z', verdict: 'pass' }),
    ];
    expect(baselineOf(rules, '1.2.3')).toEqual({
      tool: 'vmp-conformance',
      version: '1.2.3',
      failing: [
        { rule: 'a/y', cause: 'Status: expected number' },
        { rule: 'b/x', cause: '404 — expected 200' },
      ],
    });
  });

  it('report a known-failing rule that fails in a new way as a new failure (issue 23 §1)', () => {
    const rules = [rule({ id: 'a/known', verdict: 'fail', cause: '500 — expected 200' }), rule({ id: 'a/same', verdict: 'fail', cause: 'N deliveries' })];
    const baseline = {
      tool: 'vmp-conformance' as const,
      version: '0.1.0',
      failing: [
        { rule: 'a/known', cause: '404 — expected 200' },
        { rule: 'a/same', cause: 'N deliveries' },
      ],
    };
    const comparison = compareWithBaseline(rules, baseline, 'b.json');
    expect(comparison).toMatchObject({ stillFailing: ['a/same'], newFailures: ['a/known'], newCauses: ['a/known'] });
    expect(rules.map((r) => r.baseline)).toEqual(['new-failure', 'still-failing']);
  });

  it('classify failures as still failing or new, and passes as now passing; skipped rules were not run (a bare rule id: any cause)', () => {
    const rules = [
      rule({ id: 'a/known', verdict: 'fail' }),
      rule({ id: 'a/new', verdict: 'fail' }),
      rule({ id: 'a/fixed', verdict: 'pass' }),
      rule({ id: 'a/skipped', verdict: 'skip' }),
      rule({ id: 'a/fine', verdict: 'pass' }),
    ];
    const baseline = { tool: 'vmp-conformance' as const, version: '0.1.0', failing: ['a/fixed', 'a/known', 'a/skipped', 'z/filtered-out'] };
    const comparison = compareWithBaseline(rules, baseline, 'b.json');
    expect(comparison).toEqual({
      file: 'b.json',
      stillFailing: ['a/known'],
      nowPassing: ['a/fixed'],
      newFailures: ['a/new'],
      newCauses: [],
      notRun: ['a/skipped', 'z/filtered-out'],
    });
    expect(rules.map((r) => r.baseline)).toEqual(['still-failing', 'new-failure', 'now-passing', undefined, undefined]);
  });

  it('refuse a file that is not a baseline, naming the field', async () => {
    const file = path.join(await tempDir('baseline'), 'b.json');
    await writeFile(file, JSON.stringify({ tool: 'vmp-conformance', version: '0.1.0', failing: [1] }));
    await expect(readBaseline(file)).rejects.toThrow(/--baseline .*b\.json: failing\.0: /);
  });
});
