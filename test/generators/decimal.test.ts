import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimal } from '../../generators/decimal.ts';

describe('decimal', () => {
  it('writes an integer as String(n) does, zero-padded to the width', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 20 }), (n, width) => {
        expect(decimal(n, width)).toBe(String(n).padStart(width, '0'));
      }),
    );
    expect(decimal(7, 2)).toBe('07');
    expect(decimal(2026, 4)).toBe('2026');
  });
});
