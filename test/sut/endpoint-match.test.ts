import { describe, expect, it } from 'vitest';
import { endpointKey } from '../../sut/breaker.ts';
import { matchEndpoint } from '../../sut/endpoint-match.ts';

describe('matchEndpoint', () => {
  it('finds the row of the method, past a template of another method, with or without one trailing slash', () => {
    expect(matchEndpoint('get', '/v3/carrocerias/bestmatch?q=1')?.path).toBe('/v3/carrocerias/bestmatch');
    expect(matchEndpoint('GET', '/v3/agencias/')?.path).toBe('/v3/agencias');
    expect(matchEndpoint('GET', '/v3/agencias/a%40b.test/')?.path).toBe('/v3/agencias/{adminMail}');
    expect(matchEndpoint('GET', '/v3/agencias//')).toBeUndefined();
    expect(matchEndpoint('GET', '/v3/nada')).toBeUndefined();
  });

  it('names the breaker key by template, else by the bare path', () => {
    expect(endpointKey('get', '/v3/agencias/a%40b.test?x=1')).toBe('GET /v3/agencias/{adminMail}');
    expect(endpointKey('get', '/v3/nada?x=1')).toBe('GET /v3/nada');
  });
});
