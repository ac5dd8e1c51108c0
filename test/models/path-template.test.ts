import { describe, expect, it } from 'vitest';
import { ENDPOINTS, expandPath, PathTemplates } from '../../models/index.ts';

// One path-template matcher for the reference router and the client's endpoint match, and one expander.

describe('PathTemplates', () => {
  const table = new PathTemplates([
    ['/v3/carrocerias/{id}', 'get'],
    ['/v3/carrocerias/bestmatch', 'bestmatch'],
    ['/v3/consultas/{adminMail}/{sid}', 'consulta'],
    ['/v3/consultas/{adminMail}/{sid}', 'consulta-again'],
  ] as const);

  it('prefers literal segments to parameters, whatever the order given', () => {
    expect(table.find('/v3/carrocerias/bestmatch')?.value).toBe('bestmatch');
    expect(table.find('/v3/carrocerias/17')).toEqual({ template: '/v3/carrocerias/{id}', value: 'get', params: { id: '17' } });
  });

  it('percent-decodes parameters, null where the encoding is malformed', () => {
    expect(table.find('/v3/consultas/a%40b.test/S1')?.params).toEqual({ adminMail: 'a@b.test', sid: 'S1' });
    expect(table.find('/v3/consultas/%zz/S1')?.params).toEqual({ adminMail: null, sid: 'S1' });
  });

  it('needs every segment: no empty parameter, no extra or missing segment, no relative path', () => {
    for (const path of ['/v3/consultas//S1', '/v3/consultas/a/S1/', '/v3/consultas/a', 'v3/carrocerias/1', '/V3/carrocerias/1', '']) {
      expect(table.find(path), path).toBeUndefined();
    }
  });

  it('takes the first template whose value is accepted, in precedence order', () => {
    expect(table.find('/v3/carrocerias/bestmatch', (v) => v !== 'bestmatch')?.value).toBe('get');
    expect(table.find('/v3/consultas/a/S1')?.value).toBe('consulta');
    expect(table.find('/v3/consultas/a/S1', (v) => v === 'consulta-again')?.value).toBe('consulta-again');
  });

  it('finds every catalog row by its own expanded template', () => {
    const catalog = new PathTemplates(ENDPOINTS.map((e) => [e.path, e] as const));
    for (const e of ENDPOINTS) {
      const path = expandPath(e.path, new Proxy({}, { get: () => 'v@x.test' }));
      expect(catalog.find(path, (row) => row.method === e.method)?.value.path, e.id).toBe(e.path);
    }
  });
});

describe('expandPath', () => {
  it('fills and encodes path parameters', () => {
    expect(expandPath('/v3/consultas/{adminMail}/{sid}', { adminMail: 'a b@c.test', sid: 'x/y' })).toBe('/v3/consultas/a%20b%40c.test/x%2Fy');
  });

  it('refuses a missing value', () => {
    expect(() => expandPath('/v3/agencias/{adminMail}', {})).toThrow(/adminMail/);
  });
});
