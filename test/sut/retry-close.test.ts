import { describe, expect, it } from 'vitest';
import { head } from './tiny-server.ts';
import { closeTargetsAfterEach, tinyTarget } from './tiny-target.ts';

// A gateway's 429 or deploy's 503 that closes its connection (Connection: close) is sent again after its
// Retry-After like any other (sut/retry-policy.ts): the wait is held before the next attempt is dispatched, not
// while undici's retry handler keeps the answer paused — there undici 7.30.2 throws an uncatchable AssertionError
// once the connection closes (nodejs/undici#5360), and the run would die without restoring what it changed.

closeTargetsAfterEach();

/** The n-th answer of the server (from 1) is `first` while n <= times, then 200 {}; each closes its connection. */
function refusing(status: number, retryAfter: string, times: number) {
  let n = 0;
  return (_req: unknown, socket: import('node:net').Socket) => {
    n += 1;
    const body = n <= times ? '' : '{}';
    socket.write(head(n <= times ? status : 200, body.length, { 'content-type': 'application/json', ...(n <= times ? { 'retry-after': retryAfter } : {}) }));
    socket.end(body);
  };
}

describe('a refusal that closes its connection is sent again after its Retry-After', () => {
  it('429, Retry-After: 0, twice: the third answer is judged, no uncaught error', async () => {
    const { client, server } = await tinyTarget(refusing(429, '0', 2), { timeoutMs: 5_000 });
    const res = await client.send({ method: 'GET', path: '/v3/colores' });
    expect([res.status, res.error, res.retries]).toEqual([200, undefined, ['429', '429']]);
    expect(server.requests).toHaveLength(3);
  });

  it('503, Retry-After: 1: the next attempt waits the second it asked', async () => {
    const { client, server } = await tinyTarget(refusing(503, '1', 1), { timeoutMs: 5_000 });
    const started = performance.now();
    const res = await client.send({ method: 'GET', path: '/v3/colores' });
    expect([res.status, res.retries]).toEqual([200, ['503']]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });
});
