import { describe, expect, it } from 'vitest';
import { compareWithBaseline } from '../../api/baseline.ts';
import { causeGroups, causesHeadline } from '../../reports/cause-groups.ts';
import { consoleReport } from '../../reports/console.ts';
import { causeOf, failureCause } from '../../reports/failure-cause.ts';
import { htmlReport } from '../../reports/html.ts';
import { markdownSummary } from '../../reports/markdown.ts';
import type { RuleResult } from '../../reports/results.ts';
import { departureKey, departureOfIssue, memberPath, statusDeparture } from '../../sut/departure.ts';
import { endpoint } from '../../models/index.ts';
import { problemJudge } from '../../suites/harness/problem-judges.ts';
import { judgmentReads } from '../../suites/harness/profile-reads.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { formFault } from '../../sut/form-judge.ts';
import { exchange, rule, runResult } from './fixtures.ts';

// Causes by what the target did (issue 29 item 4), on failures recorded as the checks record them: a departure on
// many rules is one cause; the 404s of where a wrong Location led are listed under it; the inferred-values note is
// no part of any key, and a baseline written before causes were departures still holds.

const MISSING_INSTANCE = { kind: 'member-missing', subject: 'Instance' } as const;
const BASE = 'http://127.0.0.1:9';

/** A failure as the collector records it: message, departure, and the exchange that shows it. */
const failure = (id: string, message: string, over: Partial<RuleResult> = {}): RuleResult =>
  rule({ id, verdict: 'fail', message, cause: causeOf({ message, ...over }).key, ...over });

// As six checks of the mutant whose 400 bodies lack Instance worded them: each its own expectation.
const NO_INSTANCE: RuleResult[] = [
  failure(
    'errors/validation-problem-body',
    '[GET] /v3/agencias?operador=x: 400 — expected a validation problem body with 400, but Instance: Invalid input: expected string, received undefined (errors/validation-problem-body)',
    { departure: MISSING_INSTANCE },
  ),
  failure(
    'errors/instance-is-request-path',
    `[POST] /v3/agencias: 400 — expected Instance "/v3/agencias" (the request's path), not undefined (errors/instance-is-request-path)`,
    {
      departure: MISSING_INSTANCE,
    },
  ),
  ...['status/agencias-list/400', 'status/agencias-invite/400', 'status/ciudades-list/400', 'status/consultas-list/400'].map((id) =>
    failure(
      id,
      `[GET] /v3/${id.split('/')[1]}: 400 — expected a validation problem body, but Instance: Invalid input: expected string, received undefined (${id}) — inferred by init: check templates.agenciaEdit`,
      {
        departure: MISSING_INSTANCE,
      },
    ),
  ),
];

describe('a departure', () => {
  it('is keyed by kind, member and value, nothing of the endpoint', () => {
    expect(departureKey(MISSING_INSTANCE)).toBe('member-missing Instance');
    expect(memberPath(['Items', 3, 'Href'])).toBe('Items[].Href');
    expect(departureOfIssue({ Status: '400' }, { code: 'invalid_type', path: ['Status'], expected: 'number' })).toEqual({
      kind: 'member-type',
      subject: 'Status',
      value: 'number expected, string sent',
    });
    expect(departureOfIssue({}, { code: 'invalid_type', path: ['Instance'], expected: 'string' })).toEqual(MISSING_INSTANCE);
    expect(departureKey(statusDeparture(200, [400]))).toBe('status-class 2xx for 4xx');
    expect(departureKey(statusDeparture(404, [403]))).toBe('status 404 for 403');
  });
});

describe('the departures judges record', () => {
  const answer = (over: Partial<TargetResponse>): TargetResponse => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    text: '',
    exchange: exchange({ status: 200 }),
    ...over,
  });
  const colores = endpoint('colores-list');

  it('a success form: the status, the media type, the body by its first member, the transport', () => {
    expect(formFault(colores, 'json', answer({ status: 500 }))?.departure).toEqual({ kind: 'status-class', value: '5xx for 2xx' });
    expect(formFault(colores, 'json', answer({ headers: { 'content-type': 'text/html; charset=utf-8' } }))?.departure).toEqual({
      kind: 'media-type',
      value: 'text/html',
    });
    const error = { code: 'VMP_ERR_TIMEOUT', message: 'no answer in 10 ms' } as TargetResponse['error'];
    expect(formFault(colores, 'json', answer({ error }))?.departure).toEqual({ kind: 'transport-error', subject: 'VMP_ERR_TIMEOUT' });
    expect(formFault(colores, 'json', answer({ json: { nope: 1 } }))?.departure?.kind).toMatch(/^member-/);
  });

  it('a problem body: the member missing, whichever judge read it', () => {
    const res = answer({
      status: 400,
      headers: { 'content-type': 'application/problem+json' },
      json: { Errors: {}, Type: 'about:blank', Title: 'x', Status: 400, Detail: null, Extensions: {} },
    });
    const asked = { basePath: '', properties: new Set(['_']) };
    expect(problemJudge('errors/validation-problem-body')?.issue(res, asked)?.departure).toEqual(MISSING_INSTANCE);
    expect(problemJudge('errors/instance-is-request-path')?.issue(res, asked)?.departure).toEqual(MISSING_INSTANCE);
  });
});

describe('causes by what the target did', () => {
  it('a 400 body without Instance on six rules, each worded its own way, is one cause', () => {
    const groups = causeGroups(NO_INSTANCE);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.key).toBe('member-missing Instance');
    expect(groups[0]!.text).toBe('no member Instance in the body');
    expect(groups[0]!.rules).toHaveLength(6);
    const text = consoleReport(runResult(NO_INSTANCE), '/tmp/r').join('\n');
    expect(text).toContain('Failures by cause (1 cause → 6 rules):');
    expect(text).toContain('  6 rules — no member Instance in the body');
    expect(text).toContain('      first said: Instance: Invalid input: expected string, received undefined');
    expect(markdownSummary(runResult(NO_INSTANCE))).toContain('### Failures by cause (1 cause → 6 rules)');
  });

  it('the 404s of where a wrong Location led are listed under the Location cause', () => {
    const invite = (sentAt: number) =>
      exchange({
        method: 'POST',
        url: `${BASE}/v3/agencias`,
        status: 202,
        responseHeaders: { location: '/v3/agencias/someone-else%40mutant.example' },
        bodyExcerpt: '',
        sentAt,
      });
    const gone = (method: string, sentAt: number) =>
      exchange({ method, url: `${BASE}/v3/agencias/someone-else%40mutant.example`, status: 404, failed: true, sentAt });
    const location = failure(
      'lifecycle/invitation-location-is-agency',
      '[POST] /v3/agencias: 202 — expected a Location that resolves to /v3/agencias/a@b (lifecycle/invitation-location-is-agency)',
      { departure: { kind: 'header-wrong', subject: 'Location', value: 'names another resource' }, exchanges: [{ ...invite(1), failed: true }] },
    );
    const followers = [
      failure('states/invitation-state', '[GET] /v3/agencias/someone-else@mutant.example: 404 — expected 200 (states/invitation-state)', {
        departure: statusDeparture(404, [200]),
        exchanges: [invite(2), gone('GET', 3)],
      }),
      failure('states/invitation-options', '[OPTIONS] /v3/agencias/someone-else@mutant.example: 404 — expected a 2xx (states/invitation-options)', {
        exchanges: [invite(4), gone('OPTIONS', 5)],
      }),
    ];
    const unrelated = failure('home/etag-304', '[GET] /v3: 404 — expected 304 (home/etag-304)', {
      departure: statusDeparture(404, [304]),
      exchanges: [exchange({ status: 404, failed: true, sentAt: 6 })],
    });
    const groups = causeGroups([location, ...followers, unrelated]);
    expect(groups.map((g) => [g.key, g.rules.map((r) => r.id), g.followers.map((r) => r.id)])).toEqual([
      ['header-wrong Location names another resource', ['lifecycle/invitation-location-is-agency'], ['states/invitation-state', 'states/invitation-options']],
      ['status-class 4xx for 3xx', ['home/etag-304'], []],
    ]);
    expect(causesHeadline(groups)).toBe('2 causes → 4 rules');
    const text = consoleReport(runResult([location, ...followers, unrelated]), '/tmp/r').join('\n');
    expect(text).toContain('  3 rules — a wrong Location header (names another resource)');
    expect(text).toContain('      followed by 2 (requests to where its answers led, answered 404): states/invitation-state, states/invitation-options');
    const md = markdownSummary(runResult([location, ...followers, unrelated]));
    expect(md).toContain('1. **3 rules**:');
    expect(md).toMatch(/ {3}followed by 2 \(requests to where its answers led, answered 404\): `states\/invitation-state`, `states\/invitation-options`\n/);
    const page = htmlReport(runResult([location, ...followers, unrelated]));
    expect(page).toContain('<li data-rules="3"><b>3 rules</b>');
    expect(page).toMatch(
      /<div class="followers"><span class="muted">followed by 2 [^<]*:<\/span> <a href="#[^"]+"><code>states\/invitation-state<\/code><\/a>/,
    );
    // Without a rule that judged the Location, the failures it led to are still one cause, named by that answer.
    const alone = causeGroups(followers);
    expect(alone.map((g) => [g.text, g.rules.length])).toEqual([['the Location of POST /v3/agencias leads where the target answers 404', 2]]);
  });

  it("the network's faults lead the causes, whatever rule they came first in", () => {
    const throttled = failure('home/etag-304', '[GET] /v3: 429 — expected 304 (home/etag-304)', {
      departure: { kind: 'infrastructure', subject: 'throttled' },
    });
    expect(causeGroups([...NO_INSTANCE, throttled]).map((g) => g.key)).toEqual(['infrastructure throttled', 'member-missing Instance']);
  });

  it('a 404 on a URL no earlier answer led to stays a cause of its own', () => {
    const lone = failure('agencias/get-404', '[GET] /v3/agencias/x: 404 — expected 200 (agencias/get-404)', {
      departure: statusDeparture(404, [200]),
      exchanges: [exchange({ url: `${BASE}/v3/agencias/x`, status: 404, failed: true, sentAt: 2 })],
    });
    expect(causeGroups([lone]).map((g) => [g.key, g.followers.length])).toEqual([['status-class 4xx for 2xx', 0]]);
  });
});

describe('the inferred-values note', () => {
  it('is no part of a cause key', () => {
    const plain = '[GET] /v3/x: 400 — expected 200 (a/b)';
    expect(failureCause(`${plain} — inferred by init: check templates.agenciaEdit`).key).toBe(failureCause(plain).key);
    expect(
      failureCause(`${plain} — inferred by init: check templates.agenciaEdit (unverified); inferred by this run (not in the profile): check timeZone`).text,
    ).toBe('400 — expected 200');
  });

  it('names the keys the judgment used: read after the answer, or before it when the request could explain the departure', () => {
    // Read before the failing answer (number 2): the template built the request; timeZone was read to judge it.
    const reads = new Map([
      ['templates.agenciaEdit', { first: 1, last: 1 }],
      ['timeZone', { first: 2, last: 2 }],
    ]);
    expect(judgmentReads(reads, 2, MISSING_INSTANCE)).toEqual(['timeZone']);
    expect(judgmentReads(reads, 2, statusDeparture(400, [200]))).toEqual(['templates.agenciaEdit', 'timeZone']);
    expect(judgmentReads(reads, 2, undefined)).toEqual(['templates.agenciaEdit', 'timeZone']);
    // An answer another check sent (heard by the run): the keys this check read built none of it.
    expect(judgmentReads(reads, undefined, MISSING_INSTANCE)).toEqual([]);
  });
});

describe('baselines across the change', () => {
  const file = 'baseline.json';

  it('an entry written before causes were departures, its note and rule id in the key, still matches', () => {
    const r = NO_INSTANCE[2]!;
    const legacy = 'Instance: Invalid input: expected string, received undefined (status/agencias-list/400) — inferred by init: check templates.agenciaEdit';
    const comparison = compareWithBaseline([{ ...r }], { tool: 'vmp-conformance', version: '0.1.0', failing: [{ rule: r.id, cause: legacy }] }, file);
    expect(comparison.stillFailing).toEqual([r.id]);
    expect(comparison.newCauses).toEqual([]);
  });

  it('an entry of another cause is a new way of failing', () => {
    const r = NO_INSTANCE[2]!;
    const comparison = compareWithBaseline(
      [{ ...r }],
      { tool: 'vmp-conformance', version: '0.1.0', failing: [{ rule: r.id, cause: 'member-missing Status' }] },
      file,
    );
    expect(comparison.newCauses).toEqual([r.id]);
  });
});
