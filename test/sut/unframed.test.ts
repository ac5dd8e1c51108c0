import { describe, expect, it } from 'vitest';
import { head, type TinyHandler } from './tiny-server.ts';
import { closeTargetsAfterEach, tinyTarget } from './tiny-target.ts';

// The unframed read (sut/unframed.ts): it shows what a client stops short of — bytes after a 304's
// header block — and stays bounded when the server keeps the connection open or never answers.

const TIMEOUT_MS = 400;
closeTargetsAfterEach();

async function unframed(handler: TinyHandler) {
  const { client } = await tinyTarget(handler, { timeoutMs: TIMEOUT_MS });
  return client.send({ method: 'GET', path: '/v3', headers: { 'If-None-Match': '"a"' }, unframed: true });
}

describe('an unframed read', () => {
  it('shows the bytes a server sends after a 304 header block', async () => {
    const res = await unframed((_req, socket) => socket.end(`${head(304, 0, { etag: '"a"' })}{"late":true}`));
    expect(res.status).toBe(304);
    expect(res.headers.etag).toBe('"a"');
    expect(res.text).toBe('{"late":true}');
    expect(res.error).toBeUndefined();
  });

  it('reads an empty body for a 304 that ends at its header block', async () => {
    const res = await unframed((_req, socket) => socket.end(head(304, 0)));
    expect(res).toMatchObject({ status: 304, text: '' });
    expect(res.exchange.requestHeaders.Authorization).not.toContain('Bearer p');
  });

  it('stops waiting shortly after the head when the server keeps the connection open', async () => {
    const started = performance.now();
    const res = await unframed((_req, socket) => socket.write(head(304, 0)));
    expect(res).toMatchObject({ status: 304, text: '' });
    expect(res.error).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 600);
  });

  it('reports a server that never answers as a timeout, within the deadline', async () => {
    const res = await unframed(() => undefined);
    expect(res.status).toBeUndefined();
    expect(res.error?.code).toBe('VMP_ERR_TIMEOUT');
  });

  it('reports bytes that are no HTTP status line as a protocol error', async () => {
    const res = await unframed((_req, socket) => socket.end('SSH-2.0-OpenSSH\r\n\r\n'));
    expect(res.error?.code).toBe('VMP_ERR_PROTOCOL');
  });
});
