import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { essence, extraParameters, formOfContentType, versionParameters } from '../../models/index.ts';

// Content-Type as the checks read it (content-type, RFC 9110 section 8.3), malformed values included: the
// media rules judge what the reading gives, so it must never throw.

describe('essence', () => {
  it('is the bare type, lower-cased, without parameters or optional whitespace', () => {
    expect(essence('Application/JSON ; charset=UTF-8')).toBe('application/json');
    expect(essence('\ttext/json\t')).toBe('text/json');
    expect(essence('application/vnd.service.ref+json;v=3')).toBe('application/vnd.service.ref+json');
    expect(essence(undefined)).toBe('');
    expect(essence('')).toBe('');
  });

  it('reads a malformed header as far as it goes: what stands before the first semicolon', () => {
    expect(essence('application/json;;')).toBe('application/json');
    expect(essence('application/json, text/json')).toBe('application/json, text/json');
    expect(essence('json')).toBe('json');
    expect(formOfContentType('application/json, text/json')).toBeUndefined();
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        essence(s);
        extraParameters(s);
        versionParameters(s);
      }),
    );
  });
});

describe('parameters', () => {
  it('lists those besides charset as name=value, quotes removed', () => {
    expect(extraParameters('application/json; charset=utf-8; Profile="x y"')).toEqual(['profile=x y']);
  });

  it('finds a version by name or value', () => {
    expect(versionParameters('application/json; version=3')).toEqual(['version=3']);
    expect(versionParameters('application/json; API-Version="2024-01"')).toEqual(['api-version=2024-01']);
    expect(versionParameters('application/json; v=1')).toEqual(['v=1']);
    expect(versionParameters('application/json; x=v3.1')).toEqual(['x=v3.1']);
    expect(versionParameters('application/json; charset=utf-8')).toEqual([]);
  });

  it('reads a quoted semicolon as part of the value, not as a second parameter', () => {
    expect(versionParameters('application/json; note="a;version=2"')).toEqual([]);
  });

  it('skips a parameter without a value (not a parameter in RFC 9110 grammar)', () => {
    expect(versionParameters('application/json; version')).toEqual([]);
  });
});
