import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_TYPES, PROBLEM_MEDIA_TYPE, validationProblem } from '../../models/index.ts';
import { MAX_BODY_DEPTH } from '../../reference/body.ts';
import { DEFAULTS } from '../../reference/server.ts';
import { boot, enc, PRIMARY_AGENCY, sampleInquiry, type Harness, type Res } from './support.ts';

// The answers the spec does not show (reference/README.md): unauthenticated, unknown path, wrong method,
// unoffered media type, oversize and malformed bodies.
let h: Harness;
beforeAll(async () => {
  h = await boot();
});
afterAll(() => h.close());

function expectProblem(res: Res, status: number, instance: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe(PROBLEM_MEDIA_TYPE);
  const body = validationProblem('strict').parse(res.json);
  expect(body.Status).toBe(status);
  expect(body.Instance).toBe(instance);
  return body;
}

describe('authentication', () => {
  it('answers 401 with a challenge to no credentials and to unknown ones', async () => {
    for (const headers of [{}, { Authorization: 'Bearer nope' }, { Authorization: 'bearer vmp-primary-7f3a2c' }] as Record<string, string>[]) {
      const res = await h.call('/v3/agencias', { app: null, headers });
      expectProblem(res, 401, '/v3/agencias');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="vmp"');
    }
  });

  it('authenticates every app of the profile, the empty one included', async () => {
    for (const app of ['primary', 'other', 'empty'] as const) expect((await h.call('/v3/agencias', { app })).status).toBe(200);
  });
});

describe('routing', () => {
  it('answers an unknown path 404 with an empty body', async () => {
    for (const path of ['/v3/nada', '/v4', '/v3/agencias/a%40b.com/nada', '/', '/v3/', '/v3//agencias']) {
      const res = await h.call(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toBe('');
    }
  });

  it('answers a method the path does not define 405 with Allow', async () => {
    const res = await h.call('/v3/agencias', { method: 'DELETE' });
    expectProblem(res, 405, '/v3/agencias');
    expect(res.headers.allow).toBe('GET, POST');
    const agency = await h.call(`/v3/agencias/${enc(PRIMARY_AGENCY)}`, { method: 'PATCH' });
    expect(agency.headers.allow).toBe('GET, PUT, OPTIONS');
  });
});

describe('media types', () => {
  const list = `/v3/consultas/${enc(PRIMARY_AGENCY)}`;
  const accept = async (value: string) => (await h.call(list, { headers: { Accept: value } })).headers['content-type'];

  it('answers application/json to no Accept, */* and application/*', async () => {
    expect((await h.call(list)).headers['content-type']).toBe(MEDIA_TYPES.json);
    expect(await accept('*/*')).toBe(MEDIA_TYPES.json);
    expect(await accept('application/*')).toBe(MEDIA_TYPES.json);
    expect(await accept('')).toBe(MEDIA_TYPES.json);
  });

  it('follows q values, specificity and the client order', async () => {
    expect(await accept('text/*')).toBe(MEDIA_TYPES.textJson);
    expect(await accept(`${MEDIA_TYPES.json};q=0.5, ${MEDIA_TYPES.ref}`)).toBe(MEDIA_TYPES.ref);
    expect(await accept(`${MEDIA_TYPES.ref}, ${MEDIA_TYPES.json}`)).toBe(MEDIA_TYPES.ref);
    expect(await accept(`${MEDIA_TYPES.json};q=0, */*`)).toBe(MEDIA_TYPES.textJson);
    expect(await accept(`text/html, ${MEDIA_TYPES.entry};q=0.1`)).toBe(MEDIA_TYPES.entry);
  });

  it('matches a range with charset=utf-8 (every body is UTF-8), not one with another charset or parameter', async () => {
    expect(await accept(`${MEDIA_TYPES.textJson}; charset=UTF-8`)).toBe(MEDIA_TYPES.textJson);
    expect(await accept(`${MEDIA_TYPES.ref}; charset=latin1, ${MEDIA_TYPES.entry};q=0.5`)).toBe(MEDIA_TYPES.entry);
    expect(await accept(`${MEDIA_TYPES.json}; version=2, ${MEDIA_TYPES.textJson};q=0.5`)).toBe(MEDIA_TYPES.textJson);
  });

  it('answers 406 when Accept names nothing the endpoint offers', async () => {
    for (const value of ['text/html', 'application/xml, image/*', `${MEDIA_TYPES.json};q=0`, PROBLEM_MEDIA_TYPE, 'garbage']) {
      expectProblem(await h.call(list, { headers: { Accept: value } }), 406, list);
    }
  });

  it('ignores Accept on answers without a representation', async () => {
    const res = await h.call('/v3/agencias', { method: 'POST', json: { AdminMail: 'accept-ignored@example.test' }, headers: { Accept: 'text/html' } });
    expect(res.status).toBe(202);
  });

  it('sends no version parameter on any media type', async () => {
    for (const form of ['json', 'textJson', 'entry', 'ref'] as const) {
      expect((await h.call(list, { form })).headers['content-type']).toBe(MEDIA_TYPES[form]);
    }
  });
});

describe('request bodies', () => {
  it('accepts application/json and text/json, with or without charset, and no Content-Type', async () => {
    const types = ['application/json', 'text/json', 'application/json; charset=utf-8', undefined];
    for (const [i, type] of types.entries()) {
      const res = await h.call('/v3/agencias', {
        method: 'POST',
        body: JSON.stringify({ AdminMail: `body-type-${i}@example.test` }),
        headers: type ? { 'content-type': type } : {},
      });
      expect(res.status, String(type)).toBe(202);
    }
  });

  it('answers 415 to another Content-Type', async () => {
    const res = await h.call('/v3/agencias', {
      method: 'POST',
      body: 'AdminMail=x@example.test',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectProblem(res, 415, '/v3/agencias');
  });

  it('answers 400 keyed "_" to malformed JSON, invalid UTF-8, an empty body and a non-object', async () => {
    const bodies: (string | Buffer)[] = ['{"AdminMail":', Buffer.from([0x7b, 0xff, 0x7d]), '', '[]', '"x"', 'null'];
    for (const body of bodies) {
      const res = await h.call('/v3/agencias', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      const problem = expectProblem(res, 400, '/v3/agencias');
      expect(Object.keys(problem.Errors)).toEqual(['_']);
    }
  });

  it(`answers 400 keyed "_" to a body nested deeper than ${MAX_BODY_DEPTH} levels`, async () => {
    const nest = (depth: number) => '['.repeat(depth - 1) + ']'.repeat(depth - 1);
    const inquiry = (depth: number) =>
      JSON.stringify({ adminMail: PRIMARY_AGENCY, consulta: { ...sampleInquiry(), Auto: { ...sampleInquiry().Auto, RefStock: '@' } } }).replace(
        '"@"',
        nest(depth),
      );
    const send = (body: string) => h.call(`${h.server.hooksPath}/consultas`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    // RefStock's value sits at depth 4, so nest(d) reaches depth d + 2: the limit is accepted, one more level is not.
    expect((await send(inquiry(MAX_BODY_DEPTH - 2))).status).toBe(201);
    for (const depth of [MAX_BODY_DEPTH - 1, 100_000]) {
      const res = await send(inquiry(depth));
      expect(Object.keys(expectProblem(res, 400, `${h.server.hooksPath}/consultas`).Errors)).toEqual(['_']);
    }
  });

  it('answers 413 to a body over the cap and accepts one at the cap', async () => {
    const cap = DEFAULTS.bodyLimitBytes;
    const padded = (size: number) => {
      const base = JSON.stringify({ AdminMail: `cap-${size}@example.test`, RazonSocial: '' });
      return base.replace('"RazonSocial":""', `"RazonSocial":"${'x'.repeat(size - base.length)}"`);
    };
    expect(Buffer.byteLength(padded(cap))).toBe(cap);
    expect((await h.call('/v3/agencias', { method: 'POST', body: padded(cap), headers: { 'content-type': 'application/json' } })).status).toBe(202);
    const over = await h.call('/v3/agencias', { method: 'POST', body: padded(cap + 1), headers: { 'content-type': 'application/json' } });
    expectProblem(over, 413, '/v3/agencias');
    // Far past the cap the answer is still 413 (and the connection closes).
    const huge = await h.call('/v3/agencias', { method: 'POST', body: Buffer.alloc(cap * 9, 0x20), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
  });
});

describe('robustness', () => {
  it('answers malformed percent-encoding with the row refusal, never 5xx', async () => {
    expect((await h.call('/v3/agencias/%E0%A4%A')).status).toBe(404);
    expect((await h.call('/v3/agencias/%zz', { method: 'PUT', json: {} })).status).toBe(400);
    expect((await h.call('/v3/agencias/%E0%A4%A/desasociar', { method: 'PATCH' })).status).toBe(403);
    expect((await h.call('/v3/ciudades', { query: { q: '%E0%A4%A' } })).status).toBe(200);
  });
});

describe('raw HTTP', () => {
  /** Sends bytes on a fresh socket and returns the status line of the answer. */
  async function raw(bytes: string | Buffer): Promise<string> {
    const { connect } = await import('node:net');
    const url = new URL(h.server.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes));
      let data = '';
      socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
      socket.on('end', () => resolve(data.split('\r\n')[0] ?? ''));
      socket.on('error', reject);
    });
  }
  const auth = 'Authorization: Bearer vmp-primary-7f3a2c\r\n';

  it('answers bytes that no client library would send with a 4xx, never a 5xx', async () => {
    expect(await raw(`GET /v3/agencias/${'ñ'} HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(
      await raw(
        Buffer.concat([Buffer.from('GET /v3/agencias/'), Buffer.from([0xc3, 0x28]), Buffer.from(` HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`)]),
      ),
    ).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(await raw(`GET /v3 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(await raw('NONSENSE\r\n\r\n')).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(await raw(`GET http://x/v3 HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`)).toBe('HTTP/1.1 200 OK');
    expect(await raw(`GET * HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`)).toBe('HTTP/1.1 404 Not Found');
    expect(
      await raw(`POST /v3/agencias HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: 5\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"A"`),
    ).toMatch(/^HTTP\/1\.1 4\d\d|^$/);
  });
});

describe('afterwards', () => {
  it('reports no internal error', () => {
    expect(h.server.internalErrors).toEqual([]);
  });
});
