import { describe, expect, it } from 'vitest';
import { pastLastPageInferrer } from '../../sut/infer/past-last-page.ts';
import { fakeProbe } from './fake-probe.ts';

// Issue 28 §3: what a page past the last answers is a profile choice init tells by a probe: the fixture agency's
// first page gives its last page, and the page after it is one of the three readings, or none.

const AGENCY = 'a@x.example';
const FIRST = { Pagina: 1, PerPagina: 20, Total: 45, _entries: [] };

const probeAnswering = (past: [number, Record<string, string>?, unknown?]) =>
  fakeProbe(
    (req) => {
      const pagina = String(req.query?.pagina);
      return pagina === '1' ? [200, {}, FIRST] : pagina === '4' ? past : [500];
    },
    { fixtures: { agency: AGENCY } as never },
  );

describe('pastLastPage inferred by asking for the page after the last', () => {
  it.each([
    ['empty', [200, {}, { ...FIRST, Pagina: 4, _entries: [] }]],
    ['not-found', [404]],
    ['invalid', [400, {}, { Errors: { Pagina: ['fuera de rango'] } }]],
  ] as const)('%s', async (reading, past) => {
    const out = await pastLastPageInferrer.infer(probeAnswering([...past] as [number, Record<string, string>?, unknown?]));
    expect(out.found).toEqual([expect.objectContaining({ key: 'pastLastPage', value: reading, how: expect.stringContaining('pagina=4') })]);
  });

  it('none of them (entries on a page past the last, a 400 keyed otherwise): a hint, no value', async () => {
    for (const past of [
      [200, {}, { ...FIRST, _entries: [{}] }],
      [400, {}, { Errors: { desde: ['x'] } }],
    ] as [number, Record<string, string>, unknown][]) {
      const out = await pastLastPageInferrer.infer(probeAnswering(past));
      expect(out.found).toEqual([]);
      expect(out.hints[0]?.key).toBe('pastLastPage');
    }
  });
});
