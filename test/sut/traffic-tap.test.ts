import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tapExchanges } from '../../sut/exchange-tap.ts';
import { emptyTraffic } from '../../sut/infrastructure.ts';
import { appendingTrafficTo, countFile, countingInto } from '../../sut/traffic-tap.ts';
import { answer } from './tiny-server.ts';
import { closeTargetsAfterEach, tinyTarget } from './tiny-target.ts';

// The run's tally of every request (sut/traffic-tap.ts): a tap counts what any client sends within it, nested in
// another tap (a HAR's) both hear; the worker's side appends a line per exchange that the main thread counts the
// same, a line cut by a stopped worker left out.

closeTargetsAfterEach();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-traffic-tap-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the run-wide traffic tally', () => {
  it('counts every exchange of any client within the tap, the outer tap hearing them too', async () => {
    // A 429 only to the POST, which is not sent again (a retry waits paused, and undici 7.30.2 then crashes on a
    // connection the server closes: nodejs/undici#5360).
    const { client } = await tinyTarget((req, socket) => (req.method === 'POST' ? answer(socket, 429, '') : answer(socket, 200, '{}')), { timeoutMs: 2_000 });
    const outer: string[] = [];
    const t = emptyTraffic();
    await tapExchanges(
      (res) => outer.push(String(res.status)),
      () =>
        tapExchanges(countingInto(t), async () => {
          await client.send({ method: 'GET', path: '/v3' });
          // A POST answered 429 is not sent again: it stays the answer, lost to the network.
          await client.send({ method: 'POST', path: '/v3/agencias', json: {} });
          await client.restoring().send({ method: 'GET', path: '/v3' });
        }),
    );
    expect(outer).toEqual(['200', '429', '200']);
    expect(t).toMatchObject({ attempts: 3, throttled: 1, lost: { throttled: 1 }, retries: {} });
    // Outside the tap: not counted.
    await client.send({ method: 'GET', path: '/v3' });
    expect(t.attempts).toBe(3);
  });

  it("the worker's file counts as the tap does; a cut last line is left out", async () => {
    const file = path.join(dir, 'worker.ndjson');
    const tap = appendingTrafficTo(file);
    const sent = [
      { status: 200, retries: ['reset' as const] },
      { status: 429, retries: ['429' as const, '429' as const], lost: { kind: 'throttled' as const, reason: '429 after 2 retries' } },
      { lost: { kind: 'transport' as const, reason: 'transport: the connection was reset' } },
    ];
    const direct = emptyTraffic();
    for (const res of sent) {
      tap(res as never, []);
      countingInto(direct)(res as never, []);
    }
    appendFileSync(file, '{"status":2');
    const read = emptyTraffic();
    countFile(file, read);
    expect(read).toEqual(direct);
    expect(read).toMatchObject({ attempts: 6, throttled: 3, retries: { reset: 1, '429': 2 }, lost: { throttled: 1, transport: 1 } });
    const none = emptyTraffic();
    countFile(path.join(dir, 'absent.ndjson'), none);
    expect(none).toEqual(emptyTraffic());
  });
});
