import { describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../models/index.ts';
import { specCoverage, specCoverageTotals } from '../../reports/spec-coverage.ts';
import { rule as ruleResult } from './fixtures.ts';

// The spec coverage view: each statement's verdict follows its rules' verdicts in the run.

const of = (coverage: ReturnType<typeof specCoverage>, id: string) => coverage.find((s) => s.id === id)!;

describe('specCoverage', () => {
  it('has every statement of the spec, in order', () => {
    expect(specCoverage([]).map((s) => s.id)).toEqual(STATEMENTS.map((s) => s.id));
  });

  it('fails a statement when one of its rules failed, passes it when one passed and none failed', () => {
    const coverage = specCoverage([
      ruleResult({ id: 'status/home/304', verdict: 'pass' }),
      ruleResult({ id: 'home/etag-304', level: 'profile', verdict: 'fail' }),
      ruleResult({ id: 'home/etag-present', verdict: 'pass' }),
    ]);
    expect(of(coverage, 'errors/304').verdict).toBe('fail');
    expect(of(coverage, 'errors/304').rules).toEqual(
      expect.arrayContaining([
        { id: 'status/home/304', level: 'profile', verdict: 'pass' },
        { id: 'home/etag-304', level: 'profile', verdict: 'fail' },
      ]),
    );
    expect(of(coverage, 'endpoints/home/etag').verdict).toBe('pass');
  });

  it('says not-run, skip, observed, restated and unchecked where they apply', () => {
    const coverage = specCoverage([
      ruleResult({ id: 'consultas/list/per-pagina-100', level: 'profile', verdict: 'skip' }),
      ruleResult({ id: 'observe/unauthenticated', level: 'observe', verdict: 'observed' }),
    ]);
    expect(of(coverage, 'endpoints/agencias-get/404').verdict).toBe('not-run');
    expect(of(coverage, 'limits/per-pagina').verdict).toBe('skip');
    expect(of(coverage, 'auth/identity-not-shown').verdict).toBe('observed');
    expect(of(coverage, 'service/invite')).toMatchObject({ verdict: 'restated', restatedBy: ['endpoints/agencias-invite/202'] });
    expect(of(coverage, 'states/invitation-email')).toMatchObject({ verdict: 'unchecked', rules: [] });
    const totals = specCoverageTotals(coverage);
    expect(Object.values(totals).reduce((a, b) => a + b, 0)).toBe(STATEMENTS.length);
  });
});
