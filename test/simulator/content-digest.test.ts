import { describe, expect, it } from 'vitest';
import { CONSULTA_LINKS, contentDigest } from '../../simulator/content-digest.ts';

// Inquiry identity by content: timestamps are compared as instants, key order does not matter, and the
// Consulta's own _links (top level only) are left out.

describe('contentDigest', () => {
  const injected = { Momento: '2026-11-22T10:15:00-03:00', Auto: { Marca: 'Ford', Precio: null } };

  it('reads the same instant in another offset as equal, and ignores the top-level _links', () => {
    const delivered = { Auto: { Precio: null, Marca: 'Ford' }, Momento: '2026-11-22T13:15:00Z', _links: { self: { href: '/x' } } };
    expect(contentDigest(delivered, CONSULTA_LINKS)).toBe(contentDigest(injected));
    expect(contentDigest({ a: 1 })).not.toBe(contentDigest({ a: 2 }));
  });

  it('keeps _links below the top as content', () => {
    const nested = { ...injected, Auto: { ...injected.Auto, _links: { self: { href: '/auto' } } } };
    expect(contentDigest(nested, CONSULTA_LINKS)).not.toBe(contentDigest(injected));
  });

  it('is the digest the simulation always kept (values pinned from the walker before the merge)', () => {
    expect(contentDigest(injected)).toBe('bgie3-uRvJ0Oixu3');
    const linked = { ...injected, Auto: { ...injected.Auto, _links: { self: { href: '/auto' } } }, _links: 1 };
    expect(contentDigest(linked, CONSULTA_LINKS)).toBe('TsBpurXvhgfrGKpc');
  });
});
