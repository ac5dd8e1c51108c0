import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rateLimitFlag, pacingOf } from '../../cli/pacing-flags.ts';
import { TargetClient } from '../../sut/client.ts';
import { newRetryState, RETRY_AFTER_CAP_MS, retryAfterMs, retryDecision } from '../../sut/retry-policy.ts';
import type { TransportSettings } from '../../sut/transport.ts';
import { UsageError } from '../../support/errors.ts';
import { runMain } from '../support/main-in-process.ts';
import { TINY_PROFILE } from './tiny-target.ts';

// What is sent again and when (sut/retry-policy.ts), and how fast (sut/pacing.ts): idempotent methods only, a
// request that got no response or a 429/503 with Retry-After, never past the request's window; every retry
// recorded by cause; the last answer is the one judged.

const state = (method: string, windowMs = 5_000, reached = true) => newRetryState(method, windowMs, () => reached);
const reset = { code: 'ECONNRESET' };
const throttled = (retryAfter?: string) => ({ statusCode: 429, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });

describe('the retry policy', () => {
  it('sends again only idempotent methods, never POST or PATCH', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']) expect(retryDecision(reset, state(m), 1)?.cause).toBe('reset');
    for (const m of ['POST', 'PATCH']) expect(retryDecision(reset, state(m), 1)).toBeUndefined();
  });

  it('a request whose response had begun, or a refusal before the target ever answered, is not sent again', () => {
    const begun = state('GET');
    begun.answered = true;
    expect(retryDecision(reset, begun, 1)).toBeUndefined();
    expect(retryDecision({ code: 'ECONNREFUSED' }, state('GET', 5_000, false), 1)).toBeUndefined();
    expect(retryDecision({ code: 'ECONNREFUSED' }, state('GET'), 1)?.cause).toBe('refused');
    expect(retryDecision({ code: 'UND_ERR_SOCKET' }, state('GET'), 1)?.cause).toBe('closed');
    expect(retryDecision(reset, state('GET'), 4)).toBeUndefined();
  });

  it('429 and 503 with Retry-After wait what the target asked, within the window; 500, 503 without it, never', () => {
    const now = Date.now();
    const d = retryDecision(throttled('1'), state('GET'), 1, now);
    expect(d?.cause).toBe('429');
    expect(d!.waitMs).toBeGreaterThanOrEqual(1_000);
    expect(retryDecision({ statusCode: 503, headers: { 'retry-after': '1' } }, state('GET'), 1, now)?.cause).toBe('503');
    expect(retryDecision({ statusCode: 503, headers: {} }, state('GET'), 1, now)).toBeUndefined();
    expect(retryDecision({ statusCode: 500, headers: { 'retry-after': '1' } }, state('GET'), 1, now)).toBeUndefined();
    // Never sleeps past the window (the timeout, or the run's deadline), nor longer than the cap.
    expect(retryDecision(throttled('1'), state('GET', 1_000), 1, now)).toBeUndefined();
    expect(retryDecision(throttled(String(RETRY_AFTER_CAP_MS / 1_000 + 1)), state('GET', 60_000), 1, now)).toBeUndefined();
  });

  it('reads Retry-After as seconds or an HTTP-date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:02 GMT', now)).toBe(2_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});

describe('--rate-limit and --concurrency', () => {
  it('take N/s, N/m, N/h; anything else is exit 2 naming the flag', () => {
    expect(rateLimitFlag('20/s')).toBe(20);
    expect(rateLimitFlag('600/m')).toBe(10);
    expect(rateLimitFlag('7')).toBe(7);
    for (const bad of ['0/s', 'fast', '-1/s', '20/d', '']) expect(() => rateLimitFlag(bad)).toThrow(/^--rate-limit must be a rate such as 20\/s/);
    expect(() => pacingOf({ concurrency: '0' }, 'http://x.test')).toThrow(/^--concurrency must be a whole number from 1 to 1024, got '0'/);
    expect(() => pacingOf({ 'rate-limit': '5/s' }, undefined)).toThrow(UsageError);
    expect(pacingOf({ 'rate-limit': '5/s', concurrency: '4' }, 'http://x.test')).toEqual({ rateLimit: 5, concurrency: 4 });
  });
});

describe('the flags on the command line', () => {
  it.each([
    ['run', ['--rate-limit', 'lots'], /--rate-limit must be a rate/],
    ['init', ['--concurrency', '0'], /--concurrency must be a whole number/],
    ['simulate', ['--rate-limit', '0/s'], /--rate-limit must be a rate/],
    ['run', ['--concurrency', '2', '--no-base-url'], /--rate-limit and --concurrency are for a target given by --base-url/],
  ] as [string, string[], RegExp][])('%s %s: exit 2 naming the flag', async (command, flags, message) => {
    const base = flags.includes('--no-base-url') ? [] : ['--base-url', 'http://127.0.0.1:9'];
    const given = flags.filter((f) => f !== '--no-base-url');
    const extra = command === 'init' ? ['--header', 'Authorization: Bearer a', '--other-header', 'Authorization: Bearer b'] : [];
    const r = await runMain([command, ...base, ...extra, ...given]);
    expect(r.code).toBe(2);
    expect([...r.out, ...r.err].join('\n')).toMatch(message);
  });
});

describe('through a real server', () => {
  const servers: { close(): void }[] = [];
  const clients: TargetClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close();
    for (const s of servers.splice(0)) s.close();
  });

  async function serve(handler: (req: IncomingMessage, res: ServerResponse, n: number) => void, transport: TransportSettings = {}) {
    let n = 0;
    const at: number[] = [];
    const server = createServer((req, res) => {
      at.push(Date.now());
      handler(req, res, ++n);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = new TargetClient({ baseUrl: url, profile: TINY_PROFILE, secrets: [], timeoutMs: 5_000, transport });
    clients.push(client);
    return { client, at };
  }

  it('a GET throttled twice then answered is judged on the answer, its retries recorded', async () => {
    const { client, at } = await serve((_req, res, n) => {
      if (n <= 2) return res.writeHead(429, { 'retry-after': '0' }).end('slow down');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const res = await client.send({ method: 'GET', path: '/x' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(res.retries).toEqual(['429', '429']);
    expect(res.lost).toBeUndefined();
    expect(res.exchange.retries).toEqual(['429', '429']);
    expect(at).toHaveLength(3);
  });

  it("a POST throttled is not sent again: its 429 is the network's answer, not the target's", async () => {
    const { client, at } = await serve((_req, res) => res.writeHead(429, { 'retry-after': '0' }).end());
    const res = await client.send({ method: 'POST', path: '/x', json: {} });
    expect(res.status).toBe(429);
    expect(res.lost).toEqual({ kind: 'throttled', reason: '429' });
    expect(res.exchange.lost).toBe('429');
    expect(at).toHaveLength(1);
  });

  it('putting back what a run changed, a throttled POST is sent again: a 429 did not do it', async () => {
    const { client, at } = await serve((_req, res, n) => (n === 1 ? res.writeHead(429, { 'retry-after': '0' }).end() : res.writeHead(201).end()));
    const res = await client.restoring().send({ method: 'POST', path: '/v3/appnotificaciones/consultas', json: {} });
    expect(res.status).toBe(201);
    expect(res.retries).toEqual(['429']);
    expect(at).toHaveLength(2);
    expect(
      retryDecision(
        reset,
        newRetryState('POST', 5_000, () => true, true),
        1,
      ),
    ).toBeUndefined();
  });

  it('--rate-limit spaces the requests evenly', async () => {
    const { client, at } = await serve((_req, res) => res.writeHead(204).end(), { rateLimit: 20 });
    await Promise.all(Array.from({ length: 6 }, () => client.send({ method: 'GET', path: '/x' })));
    // 6 requests at 20/s: 5 gaps of 50 ms, where all at once take a few; the first connection's set-up may eat into
    // the first gap, and timers fire a little early.
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual(5 * 50 * 0.7);
  });
});
