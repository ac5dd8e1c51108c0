import { describe, expect, it } from 'vitest';
import { compare } from '../../suites/model/compare.ts';
import { ModelLedger } from '../../suites/model/ledger.ts';
import { isExact, judgeWalk, select, type WalkedPage } from '../../suites/model/selection.ts';
import { answer, cannedWorld, consulta, PERIOD } from './canned.ts';

// Which inquiries a filter selects of what the model knows, and the one comparator a walk of pages is judged by:
// Total, pages as full as PerPagina allows, no inquiry twice, none outside the selection, none of it missing.

const view = () => cannedWorld().agencies.get('p@a.example')!.inquiries.get('primary')!;
const page = (pagina: number | undefined, total: number, markers: string[], perPagina = 100): WalkedPage => ({
  pagina,
  res: answer(200, { Total: total, PerPagina: perPagina, _entries: markers.map((m) => consulta(m)) }),
});
const JUDGED = { rule: 'model/inquiry-selection', statement: 'endpoints/consultas-list/externalid', what: 'a test' };

describe('the selection of a filter', () => {
  it('is exact for externalid and for a period, at least the responsible one and at most the agency for operador', () => {
    const byPublication = select(view(), { ...PERIOD, externalid: 'pub-1' }, 'UTC')!;
    expect([...byPublication.include]).toEqual(['vmp-model m1']);
    expect(isExact(byPublication)).toBe(true);
    const byOperator = select(view(), { ...PERIOD, operador: 'OP@a.example' }, 'UTC')!;
    expect([...byOperator.include]).toEqual(['vmp-model m2']);
    expect([...byOperator.within!]).toEqual(['vmp-model m1', 'vmp-model m2']);
    expect(isExact(byOperator)).toBe(false);
  });

  it("reckons days in the profile's time zone: 23:30 UTC on the 12th is the 13th at +03:00, and the 12th at -03:00", () => {
    expect([...select(view(), { desde: '2025-06-13', hasta: '2025-06-13' }, 'Asia/Riyadh')!.include]).toEqual(['vmp-model m2']);
    expect([...select(view(), { desde: '2025-06-13', hasta: '2025-06-13' }, 'America/Argentina/Buenos_Aires')!.include]).toEqual([]);
    expect([...select(view(), { desde: '2025-06-12', hasta: '2025-06-12' }, 'America/Argentina/Buenos_Aires')!.include]).toEqual(['vmp-model m2']);
  });

  it('is undefined for a period outside the one the model read', () => {
    expect(select(view(), { desde: '2025-05-01', hasta: '2025-06-15' }, 'UTC')).toBeUndefined();
  });
});

describe('a walk judged against a selection', () => {
  const all = select(view(), PERIOD, 'UTC')!;

  it('finds no difference in the right pages, whatever their order', () => {
    expect(judgeWalk(all, [page(undefined, 2, ['m2', 'm1'])], 100, JUDGED)).toEqual([]);
    expect(judgeWalk(all, [page(undefined, 2, ['m1'], 1), page(2, 2, ['m2'], 1)], 100, JUDGED)).toEqual([]);
  });

  it('finds a wrong Total, a short page before the last, an inquiry twice, one outside and one missing', () => {
    const says = (pages: WalkedPage[]) => judgeWalk(all, pages, 100, JUDGED).map((d) => d.expectation.replace(/ \(a test\) \[.*\]$/, ''));
    expect(says([page(undefined, 3, ['m1', 'm2', 'm3'])])).toEqual([
      'Total 2, the inquiries the filter selects of those the model saw, not 3',
      "only inquiries the filter selects of the agency's own, but page 1 lists one that is not: {}",
    ]);
    expect(says([page(undefined, 2, [], 1), page(2, 2, ['m2', 'm2'], 1)])).toEqual([
      '1 entries on page 1 (Total 2, PerPagina 1), not 0',
      '1 entries on page 2 (Total 2, PerPagina 1), not 2',
      'no inquiry twice, but one of page 2 is on page 2 again',
      'every inquiry the filter selects, but 1 is missing',
    ]);
  });

  it('cites the statement of each difference: the envelope for pages and Total, the filter for the selection', () => {
    const [wrongTotal, outside] = judgeWalk(all, [page(undefined, 3, ['m1', 'm2', 'm3'])], 100, JUDGED);
    expect(wrongTotal!.statement).toBe('paged/total');
    expect(outside!.statement).toBe('endpoints/consultas-list/externalid');
    expect(outside!.expectation).toMatch(/\[endpoints\/consultas-list\/externalid\]$/);
  });
});

describe('the comparator and the ledger', () => {
  it('fails a status first, then each facet, and records every instance per rule', () => {
    const ledger = new ModelLedger();
    const e = { rule: 'scoping/agency-reads', statement: 'auth/absent-agency', what: 'app other reading x', status: [404], facets: [] };
    expect(ledger.judge(e, answer(404))).toEqual([]);
    const [d] = ledger.judge(e, answer(200, {}));
    expect(d!.expectation).toBe('404 (app other reading x) [auth/absent-agency]');
    const facet = { says: 'no secret', holds: () => false };
    expect(compare({ ...e, status: [200], facets: [facet] }, answer(200, {})).map((x) => x.expectation)).toEqual([
      'no secret (app other reading x) [auth/absent-agency]',
    ]);
    ledger.unjudged('scoping/agency-reads', 'why not');
    expect(ledger.share('scoping/agency-reads')).toMatchObject({ instances: 2, unjudged: ['why not'] });
    expect(ledger.share('scoping/agency-reads').differences).toHaveLength(1);
    expect(ledger.share('model/inquiry-selection')).toMatchObject({ instances: 0, differences: [] });
  });
});
