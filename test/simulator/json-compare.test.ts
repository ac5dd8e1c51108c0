import { describe, expect, it } from 'vitest';
import { contentDigest, firstDifference } from '../../simulator/json-compare.ts';

// Inquiry identity by content: timestamps are compared as instants, key order does not matter, and the
// top-level members named (the Consulta's _links) are left out.

describe('json-compare', () => {
  const injected = { Momento: '2026-11-22T10:15:00-03:00', Auto: { Marca: 'Ford', Precio: null } };

  it('reads the same instant in another offset as equal, and ignores the named top-level members', () => {
    const delivered = { Auto: { Precio: null, Marca: 'Ford' }, Momento: '2026-11-22T13:15:00Z', _links: { self: { href: '/x' } } };
    expect(firstDifference(injected, delivered, ['_links'])).toBeUndefined();
    expect(contentDigest(delivered, ['_links'])).toBe(contentDigest(injected));
  });

  it('names the path of the first difference', () => {
    expect(firstDifference(injected, { ...injected, Auto: { Marca: 'Fiat', Precio: null } })).toBe('Auto.Marca: "Ford" ≠ "Fiat"');
    expect(firstDifference(injected, { Momento: injected.Momento })).toBe('Auto: {"Marca":"Ford","Precio":null} ≠ absent');
    expect(firstDifference(injected, { ...injected, Momento: '2026-11-22T10:15:01-03:00' })).toMatch(/^Momento: /);
    expect(contentDigest({ a: 1 })).not.toBe(contentDigest({ a: 2 }));
  });
});
