import { describe, expect, it } from 'vitest';
import { marcasNoMatchInferrer } from '../../sut/infer/marcas-no-match.ts';
import { fakeProbe } from './fake-probe.ts';

// Issue 28 §3: what marcas bestmatch answers for a make that matches none is not shown; init tells the readings
// apart by asking for a make that carries its run id.

const answering = (answer: [number, Record<string, string>?, unknown?]) =>
  fakeProbe((req) => (req.path === '/v3/marcas/bestmatch' && String(req.query?.make).startsWith('rtest') ? answer : [500]));

describe('marcasNoMatch inferred by a make nobody registers', () => {
  it.each([
    ['not-found', [404]],
    ['invalid', [400, {}, { Errors: { make: ['ninguna'] } }]],
    ['nearest', [200, {}, { Id: 7, Nombre: 'Fiat' }]],
  ] as const)('%s', async (reading, answer) => {
    const out = await marcasNoMatchInferrer.infer(answering([...answer] as [number, Record<string, string>?, unknown?]));
    expect(out.found).toEqual([expect.objectContaining({ key: 'marcasNoMatch', value: reading, how: expect.stringContaining('rtest-ninguna-marca') })]);
  });

  it('none of them (a 400 keyed otherwise, a list, a 500): a hint, no value', async () => {
    for (const answer of [[400, {}, { Errors: { q: ['x'] } }], [200, {}, []], [500]] as [number, Record<string, string>?, unknown?][]) {
      const out = await marcasNoMatchInferrer.infer(answering(answer));
      expect(out.found).toEqual([]);
      expect(out.hints[0]?.key).toBe('marcasNoMatch');
    }
  });
});
