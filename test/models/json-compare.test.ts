import { describe, expect, it } from 'vitest';
import { canonicalJson, firstDifference, volatilePaths, type Comparison, type IgnoredMembers } from '../../models/index.ts';

// One deep equality for suites and simulator: timestamps as instants, key order free, and the members to leave
// out named with where — at the top only (the simulator's injected inquiry) or at every depth (the suites' records).

const TOP: IgnoredMembers = { members: ['_links'], at: 'top' };
const EVERYWHERE: IgnoredMembers = { members: ['_links'], at: 'every-depth' };

describe('firstDifference', () => {
  const injected = { Momento: '2026-11-22T10:15:00-03:00', Auto: { Marca: 'Ford', Precio: null } };

  it('reads the same instant in another offset as equal, whatever the key order', () => {
    const delivered = { Auto: { Precio: null, Marca: 'Ford' }, Momento: '2026-11-22T13:15:00Z' };
    expect(firstDifference(injected, delivered)).toBeUndefined();
  });

  it('names the path of the first difference with both values', () => {
    expect(firstDifference(injected, { ...injected, Auto: { Marca: 'Fiat', Precio: null } })).toBe('Auto.Marca: "Ford" ≠ "Fiat"');
    expect(firstDifference(injected, { Momento: injected.Momento })).toBe('Auto: {"Marca":"Ford","Precio":null} ≠ absent');
    expect(firstDifference({ Momento: injected.Momento }, injected)).toBe('Auto: absent ≠ {"Marca":"Ford","Precio":null}');
    expect(firstDifference(injected, { ...injected, Momento: '2026-11-22T10:15:01-03:00' })).toMatch(/^Momento: /);
    expect(firstDifference([1, 2], [1, 2, 3])).toBe('(root): 2 items ≠ 3 items');
    expect(firstDifference({ a: [{ b: 1 }] }, { a: [{ b: 2 }] })).toBe('a.0.b: 1 ≠ 2');
    expect(firstDifference(1, 'x'.repeat(100))).toMatch(/^\(root\): 1 ≠ "x{56}…$/);
  });

  it("at: 'top' leaves the members out at the top only", () => {
    const linked = { ...injected, _links: { self: { href: '/x' } } };
    expect(firstDifference(injected, linked, TOP)).toBeUndefined();
    const nested = { Auto: { _links: { self: { href: '/a' } } } };
    expect(firstDifference(nested, { Auto: {} }, TOP)).toBe('Auto._links: {"self":{"href":"/a"}} ≠ absent');
    expect(firstDifference([{ _links: 1 }], [{}], TOP)).toBe('0._links: 1 ≠ absent');
  });

  it("at: 'every-depth' leaves the members out wherever they sit", () => {
    const nested = { _links: { self: 1 }, Auto: { _links: { self: { href: '/a' } } }, list: [{ _links: 2 }] };
    expect(firstDifference(nested, { Auto: {}, list: [{}] }, EVERYWHERE)).toBeUndefined();
    expect(firstDifference(nested, { Auto: { Marca: 'Ford' }, list: [{}] }, EVERYWHERE)).toBe('Auto.Marca: absent ≠ "Ford"');
  });
});

describe('canonicalJson', () => {
  it('sorts keys and writes date-times as instants: equal values, equal texts', () => {
    expect(canonicalJson({ b: 1, a: '2026-11-22T13:15:00Z' })).toBe(canonicalJson({ a: '2026-11-22T10:15:00-03:00', b: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }));
  });

  it('leaves the ignored members out where the option says', () => {
    const nested = { _links: 1, Auto: { _links: 2, Marca: 'Ford' } };
    expect(canonicalJson(nested, { members: ['_links'], at: 'top' })).toBe('{"Auto":{"Marca":"Ford","_links":2}}');
    expect(canonicalJson(nested, { members: ['_links'], at: 'every-depth' })).toBe('{"Auto":{"Marca":"Ford"}}');
  });
});

describe('arrays and volatile members', () => {
  const RECORD: Comparison = { members: ['_links'], at: 'every-depth', arrays: 'unordered' };
  const agency = { Nombre: 'Sur', Operadores: ['a@x.example', 'b@x.example'] };

  it('compares arrays as multisets where asked, and keeps the orders it is told', () => {
    const reversed = { ...agency, Operadores: ['b@x.example', 'a@x.example'] };
    expect(firstDifference(agency, reversed)).toBe('Operadores.0: "a@x.example" ≠ "b@x.example"');
    expect(firstDifference(agency, reversed, RECORD)).toBeUndefined();
    expect(canonicalJson(agency, RECORD)).toBe(canonicalJson(reversed, RECORD));
    expect(firstDifference({ ...agency, Operadores: ['a@x.example', 'a@x.example'] }, agency, RECORD)).toBe(
      'Operadores.1: "a@x.example" ≠ no such item (in any order)',
    );
    expect(firstDifference({ Operadores: ['a@x.example'] }, agency, RECORD)).toBe('Operadores: 1 items ≠ 2 items');
    const page = { _entries: [{ n: 1 }, { n: 2 }] };
    const ordered: Comparison = { ...RECORD, ordered: ['_entries'] };
    expect(firstDifference(page, { _entries: [{ n: 2 }, { n: 1 }] }, ordered)).toBe('_entries.0.n: 1 ≠ 2');
    expect(canonicalJson(page, ordered)).not.toBe(canonicalJson({ _entries: [{ n: 2 }, { n: 1 }] }, ordered));
  });

  it('names the paths two reads differ at (indices as *), and leaves them out where told', () => {
    const first = { ...agency, GeneradoEl: '2026-11-27T05:46:54.099Z', Sedes: [{ Visitas: 1, Ciudad: 'X' }] };
    const second = { ...agency, GeneradoEl: '2026-11-27T05:46:55.000Z', Sedes: [{ Visitas: 2, Ciudad: 'X' }] };
    expect(volatilePaths(first, second)).toEqual(['GeneradoEl', 'Sedes.*.Visitas']);
    expect(volatilePaths(first, second, RECORD)).toEqual(['GeneradoEl', 'Sedes']);
    expect(volatilePaths(first, 'x')).toEqual(['']);
    const entry = { ...agency, Sedes: [{ Visitas: 7, Ciudad: 'X' }] };
    expect(firstDifference(first, entry, { ...RECORD, arrays: 'ordered', paths: ['GeneradoEl', 'Sedes.*.Visitas'] })).toBeUndefined();
    expect(firstDifference(first, { ...entry, Nombre: 'Norte' }, { ...RECORD, paths: ['GeneradoEl', 'Sedes'] })).toBe('Nombre: "Sur" ≠ "Norte"');
  });

  it('compares a summary on the members it has: the record may have more, never other values (issue 28 §3)', () => {
    const record = { ...agency, Configurado: true, CallbackUrl: 'https://x.example/cb', _links: { self: { href: '/v3/a' } } };
    const summary: Comparison = { ...RECORD, summary: true };
    expect(firstDifference(record, { Nombre: 'Sur', Configurado: true }, summary)).toBeUndefined();
    expect(firstDifference(record, { Nombre: 'Sur', Configurado: true }, RECORD)).toBeDefined();
    expect(firstDifference(record, { Nombre: 'Sur', Configurado: false }, summary)).toBe('Configurado: true ≠ false');
    expect(firstDifference({ Nombre: 'Sur' }, { Nombre: 'Sur', Configurado: true }, summary)).toBe('Configurado: absent ≠ true');
    expect(firstDifference(record, { Operadores: ['a@x.example'] }, summary)).toBe('Operadores.1: "b@x.example" ≠ no such item (in any order)');
  });
});
