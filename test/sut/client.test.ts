import { describe, expect, it } from 'vitest';
import { endpointKey } from '../../sut/breaker.ts';
import { callEndpoint } from '../../sut/call.ts';
import { TargetClient, type TargetResponse } from '../../sut/client.ts';
import { excerptOf } from '../../support/clip.ts';
import { answer, head, tinyServer, type TinyHandler, type TinyServer } from './tiny-server.ts';
import { closeTargetsAfterEach, TINY_PROFILE, tinyTarget } from './tiny-target.ts';

// The client against servers that misbehave at the transport level: every failure comes back as data with
// a code and a message that says what went wrong, within the deadline and the size cap; and an endpoint that
// failed that way is not asked again in the same run (the circuit breaker), while slow-but-valid answers,
// oversized bodies and undecodable bytes never stop later requests.

const TIMEOUT_MS = 400;
/** Slack over the deadline for timers and a loaded machine. */
const SLACK_MS = 600;
const CAP = 64 * 1024;
closeTargetsAfterEach();

const target = (handler: TinyHandler) => tinyTarget(handler, { timeoutMs: TIMEOUT_MS, maxBodyBytes: CAP });

async function timed(send: Promise<TargetResponse>): Promise<TargetResponse & { ms: number }> {
  const started = performance.now();
  const res = await send;
  return { ...res, ms: performance.now() - started };
}

const get = (client: TargetClient, path: string) => timed(client.send({ method: 'GET', path }));

/** Writes `total` bytes in 16 KiB chunks, respecting back-pressure, until done or the client hangs up. */
async function stream(socket: import('node:net').Socket, server: TinyServer, total: number, chunked: boolean): Promise<void> {
  const piece = Buffer.alloc(16 * 1024, 'a');
  while (server.written < total && !socket.destroyed) {
    const ok = chunked ? socket.write(`${piece.length.toString(16)}\r\n`) && socket.write(piece) && socket.write('\r\n') : socket.write(piece);
    server.written += piece.length;
    if (!ok) await new Promise((r) => socket.once('drain', r).once('close', r));
  }
}

describe('transport failures come back as data, within the deadline', () => {
  it('a server that never answers: VMP_ERR_TIMEOUT at the deadline, no status', async () => {
    const { client } = await target(() => undefined);
    const res = await get(client, '/v3/carrocerias');
    expect(res.status).toBeUndefined();
    expect(res.error).toEqual({ code: 'VMP_ERR_TIMEOUT', message: `no complete response within ${TIMEOUT_MS} ms: no status line arrived` });
    // libuv schedules timers from the loop's cached time, so a deadline may end early by a tick's work.
    expect(res.ms).toBeGreaterThan(TIMEOUT_MS / 2);
    expect(res.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(res.exchange.error).toMatch(/^VMP_ERR_TIMEOUT: /);
  });

  it('a body that trickles a byte at a time is cut at the overall deadline, not per byte', async () => {
    const { client } = await target((_req, socket) => {
      socket.write(head(200, 1_000));
      const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write('x')), 50);
    });
    const res = await get(client, '/trickle');
    expect(res.status).toBe(200);
    expect(res.error?.code).toBe('VMP_ERR_TIMEOUT');
    expect(res.error?.message).toMatch(new RegExp(`^no complete response within ${TIMEOUT_MS} ms: status 200 arrived, then \\d+ of 1000 body bytes$`));
    expect(res.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it('a Content-Length larger than what is sent: a timeout that says how many bytes came', async () => {
    const { client } = await target((_req, socket) => {
      socket.write(head(200, 110));
      socket.write('{"a":1}   ');
    });
    const res = await get(client, '/over');
    expect(res.error).toEqual({
      code: 'VMP_ERR_TIMEOUT',
      message: `no complete response within ${TIMEOUT_MS} ms: status 200 arrived, then 10 of 110 body bytes`,
    });
  });

  it('a body cut mid-JSON, then the connection closed: VMP_ERR_PROTOCOL, truncated', async () => {
    const { client } = await target((_req, socket) => {
      socket.write(head(200, 40));
      socket.end('{"Nombre":"cort');
    });
    const res = await get(client, '/truncated');
    expect(res.status).toBe(200);
    expect(res.error).toEqual({
      code: 'VMP_ERR_PROTOCOL',
      message: 'response truncated: the connection was closed by the target after status 200 arrived, then 15 of 40 body bytes',
    });
    expect(res.text).toBe('{"Nombre":"cort');
  });

  it('a connection reset right after the request: VMP_ERR_CONNECTION, reset', async () => {
    const { client } = await target((_req, socket) => socket.resetAndDestroy());
    const res = await get(client, '/reset');
    expect(res.status).toBeUndefined();
    expect(res.error?.code).toBe('VMP_ERR_CONNECTION');
    expect(res.error?.message).toMatch(/^the connection was reset by the target before any response \(ECONNRESET/);
  });

  it('a connection closed without a word: VMP_ERR_CONNECTION, closed', async () => {
    const { client } = await target((_req, socket) => socket.end());
    const res = await get(client, '/closed');
    expect(res.error?.code).toBe('VMP_ERR_CONNECTION');
    expect(res.error?.message).toMatch(/^the connection was closed by the target before any response/);
  });

  it('bytes that are not HTTP: VMP_ERR_PROTOCOL, malformed', async () => {
    const { client } = await target((_req, socket) => socket.end('SMTP ready\r\n\r\n'));
    const res = await get(client, '/garbage');
    expect(res.error?.code).toBe('VMP_ERR_PROTOCOL');
    expect(res.error?.message).toMatch(/^malformed HTTP response \(/);
  });

  it('nothing listening: VMP_ERR_CONNECTION naming the cause', async () => {
    const server = await tinyServer(() => undefined);
    await server.close();
    const client = new TargetClient({ baseUrl: server.url, profile: TINY_PROFILE, timeoutMs: TIMEOUT_MS, secrets: [] });
    const res = await get(client, '/');
    await client.close();
    expect(res.error?.code).toBe('VMP_ERR_CONNECTION');
    expect(res.error?.message).toMatch(/ECONNREFUSED/);
  });

  it('invalid UTF-8 inside a JSON string: VMP_ERR_INVALID_UTF8 at the offending byte', async () => {
    // A genuine U+FFFD (EF BF BD) comes first: it is valid, and must not be taken for the fault.
    const body = Buffer.concat([Buffer.from('{"a":"\uFFFD","b":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const { client } = await target((_req, socket) => answer(socket, 200, body));
    const res = await get(client, '/utf8');
    expect(res.status).toBe(200);
    expect(res.error).toEqual({ code: 'VMP_ERR_INVALID_UTF8', message: `response body (${body.length} bytes) is not valid UTF-8 at byte 16` });
    expect(res.json).toBeUndefined();
  });

  it('a leading byte order mark stays in the text (conventions/json-no-bom sees it); the JSON is read past it', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"\uFEFF"}')]);
    const { client } = await target((_req, socket) => answer(socket, 200, body));
    const res = await get(client, '/bom');
    expect(res.error).toBeUndefined();
    expect(res.text).toBe('\uFEFF{"a":"\uFEFF"}');
    expect(res.json).toEqual({ a: '\uFEFF' });
    expect(res.jsonError).toBeUndefined();
  });
});

describe('a body over the cap is never buffered', () => {
  it('a declared 50 MB body is refused from its Content-Length, before its body is read', async () => {
    const total = 50 * 1024 * 1024;
    const { client, server } = await target((_req, socket, s) => {
      socket.write(head(200, total));
      void stream(socket, s, total, false);
    });
    const res = await get(client, '/huge');
    expect(res.error).toEqual({
      code: 'VMP_ERR_BODY_TOO_LARGE',
      message: `the response declares Content-Length ${total}, over the ${CAP}-byte cap; its body was not read`,
    });
    expect(res.text).toBe('');
    await new Promise((r) => setTimeout(r, 50));
    // Whatever the socket buffers took before the client hung up — nowhere near 50 MB.
    expect(server.written).toBeLessThan(8 * 1024 * 1024);
  });

  it('a chunked 50 MB body is cut at the cap, and the sender stopped', async () => {
    const total = 50 * 1024 * 1024;
    const { client, server } = await target((_req, socket, s) => {
      socket.write(head(200, null));
      void stream(socket, s, total, true);
    });
    const res = await get(client, '/huge-chunked');
    expect(res.status).toBe(200);
    expect(res.error).toEqual({ code: 'VMP_ERR_BODY_TOO_LARGE', message: `response body exceeds ${CAP} bytes; reading stopped there` });
    expect(res.text.length).toBeLessThan(CAP);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.written).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('the circuit breaker: one deadline per endpoint, not one per request', () => {
  it('after a timeout, the same endpoint fails fast with the same code, saying it was not sent', async () => {
    const { client, server } = await target((req, socket) => req.url?.startsWith('/b') && answer(socket, 200, '{}'));
    const first = await get(client, '/a');
    const again = await get(client, '/a?page=2');
    expect(first.error?.code).toBe('VMP_ERR_TIMEOUT');
    expect(again.error).toEqual({ code: 'VMP_ERR_TIMEOUT', message: `not sent: GET /a failed earlier with VMP_ERR_TIMEOUT (${first.error?.message})` });
    expect(again.ms).toBeLessThan(50);
    expect(again.exchange.error).toMatch(/not sent: GET \/a failed earlier/);
    expect(again.exchange.url).toBe(`${server.url}/a?page=2`);
    // Other endpoints, and another method on the same path, are still asked.
    expect((await get(client, '/b')).status).toBe(200);
    await timed(client.send({ method: 'DELETE', path: '/a' }));
    expect(server.requests).toEqual(['GET /a', 'GET /b', 'DELETE /a']);
  });

  it('a reset opens it only when sustained (each was retried first); a body cut short after its status line never does', async () => {
    const { client, server } = await target((req, socket) => {
      if (req.url === '/reset') return socket.resetAndDestroy();
      socket.write(head(200, 40));
      socket.end('{"cut');
    });
    const first = await get(client, '/reset');
    // The first reset is the network's until the endpoint keeps failing: sent again, then not judged.
    expect(first.error?.code).toBe('VMP_ERR_CONNECTION');
    expect(first.retries?.length).toBeGreaterThan(0);
    expect(first.retries?.every((r) => r === 'reset')).toBe(true);
    expect(first.lost?.kind).toBe('transport');
    const second = await get(client, '/reset');
    expect(second.error?.code).toBe('VMP_ERR_CONNECTION');
    expect(second.lost).toBeUndefined();
    const sent = server.requests.length;
    expect((await get(client, '/reset')).error?.message).toMatch(/^not sent: GET \/reset failed earlier with VMP_ERR_CONNECTION/);
    expect(server.requests).toHaveLength(sent);
    for (const path of ['/cut', '/cut']) expect((await get(client, path)).error?.message).toMatch(/^response truncated/);
    expect(server.requests.filter((r) => r === 'GET /cut')).toHaveLength(2);
  });

  it('catalog endpoints are keyed by their template, whether sent by id or as a raw path', async () => {
    const { client, server } = await target((req, socket) => req.url === '/v3/carrocerias/bestmatch' && answer(socket, 400, '{}'));
    await callEndpoint(client, 'carrocerias-get', { params: { id: 1 } });
    const byId = await callEndpoint(client, 'carrocerias-get', { params: { id: 2 } });
    const raw = await get(client, '/v3/carrocerias/3');
    expect(byId.error?.message).toMatch(/^not sent: GET \/v3\/carrocerias\/\{id\} failed earlier with VMP_ERR_TIMEOUT/);
    expect(raw.error?.message).toMatch(/^not sent: GET \/v3\/carrocerias\/\{id\}/);
    // A literal segment beats a parameter: bestmatch is its own endpoint.
    expect((await get(client, '/v3/carrocerias/bestmatch')).status).toBe(400);
    expect(server.requests).toEqual(['GET /v3/carrocerias/1', 'GET /v3/carrocerias/bestmatch']);
  });

  it('a slow answer that arrives within the deadline never opens it', async () => {
    const { client, server } = await target((_req, socket) => setTimeout(() => answer(socket, 200, '{"ok":true}'), TIMEOUT_MS / 2));
    for (let i = 0; i < 3; i++) expect((await get(client, '/slow')).json).toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
  });

  it('an oversized body, undecodable bytes or an error status never open it: each answer is still read', async () => {
    const { client, server } = await target((req, socket) => {
      if (req.url === '/big') return answer(socket, 200, Buffer.alloc(CAP + 1, 'a'));
      if (req.url === '/bad') return answer(socket, 200, Buffer.from([0x22, 0xff, 0x22]));
      answer(socket, 500, '{}');
    });
    for (const path of ['/big', '/big', '/bad', '/bad', '/500', '/500']) await get(client, path);
    expect(server.requests).toHaveLength(6);
  });

  it('each client has its own breaker: a new run asks again', async () => {
    const { client, server } = await target(() => undefined);
    await get(client, '/a');
    const next = new TargetClient({ baseUrl: server.url, profile: TINY_PROFILE, timeoutMs: TIMEOUT_MS, secrets: [] });
    await get(next, '/a');
    await next.close();
    expect(server.requests).toEqual(['GET /a', 'GET /a']);
  });
});

describe('endpointKey', () => {
  it.each([
    ['GET', '/v3/carrocerias?x=1', undefined, 'GET /v3/carrocerias'],
    ['get', '/v3/agencias/a%40b.test/productos', undefined, 'GET /v3/agencias/{adminMail}/productos'],
    // Not a catalog row: GET on desasociar is keyed by its path.
    ['GET', '/v3/agencias/a%40b.test/desasociar', undefined, 'GET /v3/agencias/a%40b.test/desasociar'],
    ['PATCH', '/v3/agencias/a%40b.test/desasociar', undefined, 'PATCH /v3/agencias/{adminMail}/desasociar'],
    ['GET', '/v3/agencias/', 'agencias-get', 'GET /v3/agencias/{adminMail}'],
    ['POST', '/_sim/consultas', undefined, 'POST /_sim/consultas'],
  ] as const)('%s %s (%s) → %s', (method, path, id, key) => {
    expect(endpointKey(method, path, id)).toBe(key);
  });
});

describe('excerpts kept as evidence', () => {
  it('an excerpt is the first characters of the text, the text itself when short, a lone surrogate at the cut kept', () => {
    expect(excerptOf('abc', 5)).toBe('abc');
    expect(excerptOf('a'.repeat(3_000_000), 2_000)).toBe('a'.repeat(2_000));
    // '😀' is two UTF-16 units: a cut between them keeps the first, as a slice would.
    expect(excerptOf('x😀y', 2)).toBe('x\ud83d');
  });
});
