import { describe, expect, it } from 'vitest';
import { anyJson, consulta, objectOf, unknownMembers } from '../../models/index.ts';
import { z } from 'zod';
import { CONSULTA, mutate, setAt } from './support/fixtures.ts';

// Strictness is a parameter: loose tolerates members the spec does not list, strict rejects them, and
// unknownMembers() names them for the report.

describe('objectOf', () => {
  const shape = { A: z.string() };
  it.each([
    ['loose', true],
    ['strict', false],
  ] as const)('%s accepts an unknown member: %s', (mode, accepted) => {
    expect(objectOf(mode, shape).safeParse({ A: 'a', B: 1 }).success).toBe(accepted);
  });

  it('keeps unknown members in loose mode, so the report can see them', () => {
    expect(objectOf('loose', shape).parse({ A: 'a', B: 1 })).toEqual({ A: 'a', B: 1 });
  });
});

describe('unknownMembers', () => {
  it('is empty for a valid sample', () => {
    expect(unknownMembers(consulta('strict'), CONSULTA)).toEqual([]);
  });

  it('names every unknown member by its dotted path, at any depth', () => {
    const sample = mutate(setAt(setAt(CONSULTA, 'Auto', 'Extra', 1), '', 'Origen', 'x'), 'Interesado.InfoOperacion', (t) => {
      t.Seguro = null;
    });
    expect(unknownMembers(consulta('strict'), sample).sort()).toEqual(['Auto.Extra', 'Interesado.InfoOperacion.Seguro', 'Origen']);
  });

  it('ignores problems that are not unknown members', () => {
    expect(unknownMembers(consulta('strict'), setAt(CONSULTA, 'Auto', 'Marca', null))).toEqual([]);
  });
});

describe('anyJson ("nullable")', () => {
  const holder = z.object({ V: anyJson });
  it.each([null, 0, 'x', false, [], {}, [{ a: [null] }]])('accepts %j', (value) => {
    expect(holder.safeParse({ V: value }).success).toBe(true);
  });

  it('does not accept absence: a field without a value is sent as null', () => {
    expect(holder.safeParse({}).success).toBe(false);
  });

  it.each([undefined, () => 1, Number.NaN, new Date(0)])('rejects the non-JSON %s', (value) => {
    expect(anyJson.safeParse(value).success).toBe(false);
  });
});
