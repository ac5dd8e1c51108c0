import type { RuleResult, RunResult } from '../../reports/results.ts';
import { coverageMatrix } from '../../reports/coverage-matrix.ts';
import { specCoverage } from '../../reports/spec-coverage.ts';
import type { Exchange } from '../../sut/evidence.ts';

// Hand-made run results for the renderers' unit tests: small, with the awkward characters a real target
// can put in a body.

export const exchange = (over: Partial<Exchange> = {}): Exchange => ({
  method: 'GET',
  url: 'http://127.0.0.1:9/v3',
  curl: "curl -sS -i -H 'Authorization: <redacted>' 'http://127.0.0.1:9/v3'",
  requestHeaders: { Authorization: '<redacted>' },
  status: 400,
  responseHeaders: { 'content-type': 'application/json' },
  bodyExcerpt: '{"title":"<script>alert(1)</script> & | pipes"}',
  durationMs: 3,
  ...over,
});

export const rule = (over: Partial<RuleResult> & Pick<RuleResult, 'id' | 'verdict'>): RuleResult => ({
  level: 'must',
  section: 'Endpoints > Home',
  area: over.id.split('/')[0]!,
  statement: `statement of ${over.id}`,
  durationMs: 5,
  exchanges: [],
  ...over,
});

export function runResult(rules: RuleResult[], over: Partial<RunResult> = {}): RunResult {
  const coverage = [
    { endpoint: 'home', cell: '200', outcome: 'exercised' as const, count: 2 },
    { endpoint: 'home', cell: 'media:json', outcome: 'exercised' as const, count: 1 },
    { endpoint: 'home', cell: '400', outcome: 'failed' as const, count: 1 },
    { endpoint: 'agencias-get', cell: '404', outcome: 'failed' as const, count: 1 },
  ];
  const count = (v: RuleResult['verdict']) => rules.filter((r) => r.verdict === v).length;
  return {
    tool: { name: 'vmp-conformance', version: '9.9.9' },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1234,
    seed: 42,
    target: { baseUrl: 'http://127.0.0.1:9', embedded: false },
    profile: { apps: { primary: { headers: { Authorization: '<redacted>' } } } },
    options: { runs: 25, readOnly: false },
    summary: { passed: count('pass'), failed: count('fail'), skipped: count('skip'), observed: count('observed') },
    rules,
    coverage,
    coverageMatrix: coverageMatrix(coverage),
    specCoverage: specCoverage(rules),
    unhandledErrors: [],
    exitCode: rules.some((r) => r.verdict === 'fail') ? 1 : 0,
    ...over,
  };
}

export const SAMPLE_RULES: RuleResult[] = [
  rule({ id: 'home/etag-present', verdict: 'pass' }),
  rule({
    id: 'home/etag-304',
    verdict: 'fail',
    level: 'profile',
    failureId: 'abc1234',
    message: '[GET] /v3: 400 — expected 304 | with a pipe',
    exchanges: [exchange({ status: 200, bodyExcerpt: '{}' }), exchange()],
    property: { seed: 77, path: '3:1', counterexample: '["x@y"]', numRuns: 25 },
  }),
  rule({ id: 'home/304-no-body', verdict: 'skip', skipReason: 'no 304' }),
  rule({ id: 'observe/not-found-body', verdict: 'observed', level: 'observe', section: 'Errors', observation: 'empty body with 404' }),
];
