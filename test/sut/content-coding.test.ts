import { gzipSync } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ACCEPT_ENCODING } from '../../sut/content-coding.ts';
import { harEntry } from '../../sut/har.ts';
import { head } from './tiny-server.ts';
import { closeTargetsAfterEach, tinyTarget } from './tiny-target.ts';

// Content codings (issue 27): every request says Accept-Encoding: gzip, as real clients do, and a coded answer's
// body is decoded once read (sut/content-coding.ts), error answers too; the checks see the headers as the
// target sent them (Content-Encoding and Content-Length of the coded body) beside the decoded body; a body that
// does not decode is a protocol error, a bodyless answer is not decoded, and the size cap counts decoded bytes (a
// gzip bomb is cut). A request that names its own Accept-Encoding keeps it. The tiny server closes each connection
// after its answer (Connection: close): a consumer slower than the socket would crash undici 7.30.2 there
// (nodejs/undici#5360), which the large coded body shows is not so.

const CAP = 64 * 1024;
closeTargetsAfterEach();

/** Answers with `body` gzipped (when the request accepts gzip) and records the request's Accept-Encoding. */
function coding(status: number, body: string, seen: (string | undefined)[], contentType = 'application/json') {
  return (req: IncomingMessage, socket: Socket) => {
    const accepts = req.headers['accept-encoding'];
    seen.push(accepts);
    const gzip = accepts?.includes('gzip') ?? false;
    const bytes = gzip ? gzipSync(body) : Buffer.from(body);
    socket.write(head(status, bytes.length, { 'content-type': contentType, ...(gzip ? { 'content-encoding': 'gzip' } : {}), etag: 'W/"v1"' }));
    socket.end(bytes);
  };
}

describe('Accept-Encoding: gzip, and the coded answer decoded', () => {
  it('a gzipped JSON answer: decoded and parsed, the headers as sent, the request and its curl asking for gzip', async () => {
    const seen: (string | undefined)[] = [];
    const body = JSON.stringify({ Marcas: Array.from({ length: 50 }, (_, i) => ({ Id: i, Nombre: `marca ${i}` })) });
    const { client } = await tinyTarget(coding(200, body, seen), { timeoutMs: 2_000, maxBodyBytes: CAP });
    const res = await client.send({ method: 'GET', path: '/v3/marcas' });
    expect(seen).toEqual([ACCEPT_ENCODING]);
    expect(res.error).toBeUndefined();
    expect(res.text).toBe(body);
    expect(res.json).toEqual(JSON.parse(body));
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(gzipSync(body).length);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.etag).toBe('W/"v1"');
    expect(res.exchange.requestHeaders['accept-encoding']).toBe('gzip');
    expect(res.exchange.responseHeaders['content-encoding']).toBe('gzip');
    expect(res.exchange.curl).toContain(' --compressed ');
    expect(res.exchange.curl).not.toMatch(/accept-encoding/i);
    // HAR: the body as sent (bodySize) and decoded (content.size), the bytes the coding saved.
    const har = harEntry(res.exchange, res.text, []).response;
    expect([har.bodySize, har.content.size, har.content.compression]).toEqual([gzipSync(body).length, body.length, body.length - gzipSync(body).length]);
  });

  it('an error answer is decoded too: a gzipped problem body is read as JSON', async () => {
    const seen: (string | undefined)[] = [];
    const problem = JSON.stringify({ title: 'Bad request', status: 400, errors: { operador: ['not an e-mail'] } });
    const { client } = await tinyTarget(coding(400, problem, seen, 'application/problem+json'), { timeoutMs: 2_000 });
    const res = await client.send({ method: 'GET', path: '/v3/agencias', query: { operador: 'x' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(JSON.parse(problem));
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('a request that names its own Accept-Encoding keeps it, and an identity answer is as it came', async () => {
    const seen: (string | undefined)[] = [];
    const { client } = await tinyTarget(coding(200, '{"a":1}', seen), { timeoutMs: 2_000 });
    const res = await client.send({ method: 'GET', path: '/v3', headers: { 'Accept-Encoding': 'identity' } });
    expect(seen).toEqual(['identity']);
    expect(res.json).toEqual({ a: 1 });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe('7');
  });

  it('a body that is not the gzip it claims: VMP_ERR_PROTOCOL naming the coding, with its status', async () => {
    const { client } = await tinyTarget(
      (_req, socket) => {
        socket.write(head(200, 12, { 'content-type': 'application/json', 'content-encoding': 'gzip' }));
        socket.end('{"not":"gz"}');
      },
      { timeoutMs: 2_000 },
    );
    const res = await client.send({ method: 'GET', path: '/v3' });
    expect(res.status).toBe(200);
    expect(res.error?.code).toBe('VMP_ERR_PROTOCOL');
    expect(res.error?.message).toMatch(/^the body \(12 bytes\) does not decode as its Content-Encoding gzip says \(Z_DATA_ERROR: /);
    expect(res.lost).toBeUndefined();
  });

  it('a large coded body that ends with its connection is read whole', async () => {
    const seen: (string | undefined)[] = [];
    const body = JSON.stringify({ Items: Array.from({ length: 40_000 }, (_, i) => ({ Id: i, Texto: `item ${i}` })) });
    const { client } = await tinyTarget(coding(200, body, seen), { timeoutMs: 5_000, maxBodyBytes: 5 * 1024 * 1024 });
    const res = await client.send({ method: 'GET', path: '/v3/items' });
    expect(res.error).toBeUndefined();
    expect(res.text.length).toBe(body.length);
  });

  it('HEAD and 304 carry no body to decode, whatever Content-Encoding says', async () => {
    const { client } = await tinyTarget(
      (req, socket) => {
        const status = req.method === 'HEAD' ? 200 : 304;
        socket.end(head(status, req.method === 'HEAD' ? 1_234 : 0, { 'content-type': 'application/json', 'content-encoding': 'gzip', etag: 'W/"v1"' }));
      },
      { timeoutMs: 2_000 },
    );
    const head304 = await client.send({ method: 'GET', path: '/v3', headers: { 'If-None-Match': 'W/"v1"' } });
    expect([head304.status, head304.error, head304.text]).toEqual([304, undefined, '']);
    const heads = await client.send({ method: 'HEAD', path: '/v3' });
    expect([heads.status, heads.error, heads.text]).toEqual([200, undefined, '']);
  });

  it('the size cap counts decoded bytes: a 20 MB gzip bomb of a few kB is cut at the cap', async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, ' '));
    expect(bomb.length).toBeLessThan(CAP);
    const { client } = await tinyTarget(
      (_req, socket) => {
        socket.write(head(200, bomb.length, { 'content-type': 'application/json', 'content-encoding': 'gzip' }));
        socket.end(bomb);
      },
      { timeoutMs: 5_000, maxBodyBytes: CAP },
    );
    const res = await client.send({ method: 'GET', path: '/v3' });
    expect(res.error).toEqual({ code: 'VMP_ERR_BODY_TOO_LARGE', message: `the response body decodes (Content-Encoding: gzip) to over ${CAP} bytes; not read` });
  });
});
