import { describe, expect, it } from 'vitest';
import { consultaIn, memberPointer, resolvePointer } from '../../sut/json-pointer.ts';

describe('resolvePointer (RFC 6901), the one resolver of suites, webhooks and simulator', () => {
  it('walks members and array indices, unescaping ~1 and ~0', () => {
    expect(resolvePointer({ a: [{ 'b/c': 1 }] }, '/a/0/b~1c')).toBe(1);
    expect(resolvePointer({ 'm~n': { '': 2 } }, '/m~0n/')).toBe(2);
    expect(resolvePointer({ a: 1 }, '')).toEqual({ a: 1 });
  });

  it('is undefined for a missing step, a bad index, an inherited member or a non-pointer', () => {
    expect(resolvePointer({ a: 1 }, '/a/b')).toBeUndefined();
    expect(resolvePointer({ a: [1] }, '/a/01')).toBeUndefined();
    expect(resolvePointer({ a: [1] }, '/a/-')).toBeUndefined();
    expect(resolvePointer({}, '/toString')).toBeUndefined();
    expect(resolvePointer(null, '/a')).toBeUndefined();
    expect(resolvePointer({ a: 1, bc: 2 }, 'abc')).toBeUndefined();
  });

  it('memberPointer escapes what resolvePointer unescapes', () => {
    const name = 'a/b~c';
    expect(memberPointer(name)).toBe('/a~1b~0c');
    expect(resolvePointer({ [name]: 3 }, memberPointer(name))).toBe(3);
  });
});

describe('consultaIn: the Consulta of a payload, never a silent "" (issue 28 §4)', () => {
  const consulta = { Momento: '2026-01-01T00:00:00Z', Sid: 's1' };
  const payload = { Topic: 'consultas', Datos: { Consulta: consulta } };
  const isIt = (v: unknown) => (v as { Sid?: unknown }).Sid === 's1';

  it("at the profile's pointer, whatever it holds", () => {
    expect(consultaIn(payload, '/Datos/Consulta', () => false)).toBe(consulta);
    expect(consultaIn(payload, '', isIt)).toBe(payload);
  });

  it('where the pointer is not known, the first object that fits, the whole payload first; none: undefined', () => {
    expect(consultaIn(payload, null, isIt)).toBe(consulta);
    expect(consultaIn(consulta, null, isIt)).toBe(consulta);
    expect(consultaIn(payload, null, () => false)).toBeUndefined();
  });
});
