import { createServer, get, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal } from '../support/local-http.ts';
import { isLoopback } from '../support/loopback-only.ts';

// The guard that test/support/loopback-only.ts installs for every test file (vitest.config.ts setupFiles): node:http
// and fetch reach this machine only. 192.0.2.1 is TEST-NET-1 (RFC 5737), routed nowhere: were the guard missing, the
// request would fail otherwise (timeout, refused), and the assertion on nock's error would still catch it.

const OUTSIDE = 'http://192.0.2.1/vmp-conformance-must-not-leave';

function httpGet(url: string): Promise<{ status: number } | { error: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const req = get(url, { timeout: 2_000 }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ error }));
  });
}

describe('no test reaches beyond this machine (nock, test/support/loopback-only.ts)', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('here'));
    base = await listenLocal(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses fetch to a non-loopback address with NetConnectNotAllowedError', async () => {
    const error = await fetch(OUTSIDE, { signal: AbortSignal.timeout(2_000) }).then(
      () => undefined,
      (e: unknown) => e as NodeJS.ErrnoException,
    );
    expect(error?.name).toBe('NetConnectNotAllowedError');
    expect(error?.code).toBe('ENETUNREACH');
  });

  it('refuses node:http to a non-loopback address, also through the ESM named export', async () => {
    const outcome = await httpGet(OUTSIDE);
    expect('error' in outcome && outcome.error.name).toBe('NetConnectNotAllowedError');
  });

  it('lets fetch and node:http reach a server on loopback', async () => {
    const res = await fetch(base);
    expect(await res.text()).toBe('here');
    expect(await httpGet(base.replace('127.0.0.1', 'localhost'))).toEqual({ status: 200 });
  });

  it('takes loopback names and addresses, with nock`s host:port, as loopback and nothing else', () => {
    for (const host of ['127.0.0.1:80', 'localhost:3000', '[::1]:8080', '::1:443']) expect(isLoopback(host), host).toBe(true);
    for (const host of ['192.0.2.1:80', 'localhost.example.com:80', '127.0.0.1.nip.io:80', 'example.com:443', '0.0.0.0:80']) {
      expect(isLoopback(host), host).toBe(false);
    }
  });
});
