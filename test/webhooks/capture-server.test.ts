import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptureError, startCaptureServer, type CaptureOptions, type CaptureServer, type Delivery } from '../../webhooks/capture-server.ts';
import { signHmacSha256, signStandardWebhooks } from '../../webhooks/signature.ts';

const servers: CaptureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: CaptureOptions = {}): Promise<CaptureServer> {
  const s = await startCaptureServer(options);
  servers.push(s);
  return s;
}

async function post(url: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await request(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, ms: performance.now() - started };
}

const tmpFile = async () => join(await mkdtemp(join(tmpdir(), 'vmp-capture-')), 'captures.jsonl');
const readLines = async (file: string) =>
  (await readFile(file, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Delivery);

describe('capture server', () => {
  it('records every delivery on any path with its raw bytes, headers and JSON, in the file before the 2xx', async () => {
    const out = await tmpFile();
    const s = await start({ out });
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const payload = '{ "Topic": "consultas",\n  "Consulta": { "Momento": "2026-11-22T10:15:00-03:00" } }';
    const r1 = await post(`${s.url}/primary`, payload, { 'x-trace': 'abc' });
    expect(r1.status).toBe(200);
    // The line is durable by the time the 2xx arrives.
    expect((await readLines(out)).map((d) => d.seq)).toEqual([1]);
    const binary = Buffer.from([0xff, 0x00, 0xc3, 0x28, 0x0a]);
    expect((await post(`${s.url}/other/x?y=1`, binary, { 'content-type': 'application/octet-stream' })).status).toBe(200);

    const [d1, d2] = s.deliveries();
    expect(d1).toMatchObject({ seq: 1, method: 'POST', path: '/primary', status: 200, signature: 'not-configured' });
    expect(Buffer.from(d1!.rawBodyBase64, 'base64').toString()).toBe(payload);
    expect(d1!.json).toEqual({ Topic: 'consultas', Consulta: { Momento: '2026-11-22T10:15:00-03:00' } });
    expect(d1!.headers['x-trace']).toBe('abc');
    expect(d2).toMatchObject({ seq: 2, path: '/other/x?y=1', json: null });
    expect(Buffer.from(d2!.rawBodyBase64, 'base64')).toEqual(binary);
    expect(new Date(d1!.receivedAt).toISOString()).toBe(d1!.receivedAt);

    await s.close();
    // The file holds exactly what memory holds, one JSON line each (the pretty-printed body stays on one line).
    expect(await readLines(out)).toEqual(JSON.parse(JSON.stringify(s.deliveries())));
  });

  it('caps the body: 413 and nothing recorded above the limit, by Content-Length or by streaming', async () => {
    const rejected: number[] = [];
    const s = await start({ bodyLimitBytes: 1000, onUnrecorded: (r) => rejected.push(r.status) });
    expect((await post(`${s.url}/p`, 'x'.repeat(1000))).status).toBe(200);
    expect((await post(`${s.url}/p`, 'x'.repeat(1001))).status).toBe(413);
    async function* chunks() {
      for (let i = 0; i < 50; i++) yield Buffer.alloc(100, 0x61);
    }
    const streamed = await request(`${s.url}/p`, { method: 'POST', body: Readable.from(chunks()) });
    await streamed.body.text();
    expect(streamed.statusCode).toBe(413);
    expect(s.count()).toBe(1);
    expect(rejected).toEqual([413, 413]);
  });

  it('defaults to a 1 MiB cap; answers probes (GET) 200 and other methods 405, recording neither', async () => {
    const seen: string[] = [];
    const s = await start({ onUnrecorded: (r) => seen.push(`${r.method} ${r.status}`) });
    expect((await post(`${s.url}/p`, Buffer.alloc(1024 * 1024, 0x20))).status).toBe(200);
    expect((await post(`${s.url}/p`, Buffer.alloc(1024 * 1024 + 1, 0x20))).status).toBe(413);
    const get = await request(`${s.url}/p`);
    await get.body.text();
    expect(get.statusCode).toBe(200);
    const put = await request(`${s.url}/p`, { method: 'PUT', body: '{}' });
    await put.body.text();
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST');
    expect(s.count()).toBe(1);
    expect(seen).toEqual(['POST 413', 'GET 200', 'PUT 405']);
  });

  it('injects a fixed status (410, 429 with Retry-After), still recording the delivery', async () => {
    const gone = await start({ status: 410 });
    expect((await post(`${gone.url}/p`, '{}')).status).toBe(410);
    const busy = await start({ status: 429 });
    const r = await post(`${busy.url}/p`, '{}');
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('1');
    expect([gone.deliveries()[0]?.status, busy.deliveries()[0]?.status]).toEqual([410, 429]);
  });

  it('fails the requested share of deliveries with 500, the same ones for the same seed', async () => {
    const run = async (seed: number) => {
      const s = await start({ failRate: 0.3, seed });
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) statuses.push((await post(`${s.url}/p`, `{"i":${i}}`)).status);
      return statuses;
    };
    const a = await run(7);
    const failed = a.filter((x) => x === 500).length / a.length;
    expect(failed).toBeGreaterThan(0.2);
    expect(failed).toBeLessThan(0.4);
    expect(a.every((x) => x === 200 || x === 500)).toBe(true);
    expect(await run(7)).toEqual(a);
    const all = await start({ failRate: 1 });
    expect((await post(`${all.url}/p`, '{}')).status).toBe(500);
  });

  it('delays the answer, not the record', async () => {
    const s = await start({ delayMs: 200 });
    const pending = post(`${s.url}/p`, '{}');
    await s.waitFor((ds) => ds.length === 1, 1000);
    const r = await pending;
    expect(r.status).toBe(200);
    expect(r.ms).toBeGreaterThanOrEqual(190);
  });

  it('verifies Standard Webhooks and HMAC signatures on the raw bytes', async () => {
    const secret = `whsec_${Buffer.from('capture-test-secret').toString('base64')}`;
    const sw = await start({ signature: { scheme: 'standard-webhooks', secret } });
    const body = '{"Topic":"consultas"}';
    const t = Math.floor(Date.now() / 1000);
    const headers = (sig: string) => ({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(t), 'webhook-signature': sig });
    await post(`${sw.url}/p`, body, headers(signStandardWebhooks(secret, 'msg_1', t, body)));
    await post(`${sw.url}/p`, body, headers(signStandardWebhooks(secret, 'msg_1', t, `${body} `)));
    await post(`${sw.url}/p`, body);
    expect(sw.deliveries().map((d) => d.signature)).toEqual(['valid', 'invalid', 'absent']);
    expect(sw.deliveries()[1]?.signatureDetail).toMatch(/no v1 signature matches/);

    const hm = await start({ signature: { scheme: 'hmac-sha256', header: 'X-Hub-Signature-256', secret: 's3cret' } });
    await post(`${hm.url}/p`, body, { 'x-hub-signature-256': `sha256=${signHmacSha256('s3cret', body)}` });
    await post(`${hm.url}/p`, body, { 'x-hub-signature-256': signHmacSha256('wrong', body, 'base64') });
    expect(hm.deliveries().map((d) => d.signature)).toEqual(['valid', 'invalid']);
  });

  it('computes latency from the Consulta Momento at the pointer, or with the caller’s function', async () => {
    const momento = new Date(Date.now() - 5000).toISOString().replace(/\.\d+Z$/, 'Z');
    const byMomento = await start({ consultaPointer: '/Consulta' });
    await post(`${byMomento.url}/p`, JSON.stringify({ Consulta: { Momento: momento } }));
    await post(`${byMomento.url}/p`, JSON.stringify({ other: 1 }));
    const [d1, d2] = byMomento.deliveries();
    expect(d1!.latencyMs).toBeGreaterThanOrEqual(4900);
    expect(d1!.latencyMs).toBeLessThan(7000);
    expect(d2!.latencyMs).toBeUndefined();
    const custom = await start({ latencyOf: (d) => (d.path === '/fast' ? 12 : undefined) });
    await post(`${custom.url}/fast`, '{}');
    expect(custom.deliveries()[0]?.latencyMs).toBe(12);
  });

  it('waitFor resolves on a predicate and rejects on timeout or close, with stable codes', async () => {
    const s = await start({ retain: 2 });
    const waiting = s.waitFor((ds) => ds.some((d) => d.path === '/third'), 2000);
    for (const p of ['/first', '/second', '/third']) await post(`${s.url}${p}`, '{}');
    expect((await waiting).map((d) => d.path)).toEqual(['/second', '/third']);
    expect(s.count()).toBe(3);
    await expect(s.waitFor(() => false, 50)).rejects.toMatchObject({ code: 'VMP_ERR_CAPTURE_TIMEOUT' });
    const pending = s.waitFor(() => false, 5000);
    await s.close();
    await expect(pending).rejects.toMatchObject({ code: 'VMP_ERR_CAPTURE_CLOSED' });
  });

  it('refuses bad options with VMP_ERR_CAPTURE_OPTION', async () => {
    const bad: CaptureOptions[] = [{ failRate: 1.5 }, { delayMs: -1 }, { status: 404 as 410 }, { port: 70000 }, { bodyLimitBytes: 0 }];
    for (const o of bad) {
      await expect(startCaptureServer(o), JSON.stringify(o)).rejects.toBeInstanceOf(CaptureError);
      await expect(startCaptureServer(o)).rejects.toMatchObject({ code: 'VMP_ERR_CAPTURE_OPTION' });
    }
  });

  it('keeps up with concurrent deliveries (group commit), losing none', async () => {
    const out = await tmpFile();
    const s = await start({ out, retain: 0 });
    const n = 1000;
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < n) {
        const i = next++;
        const r = await post(`${s.url}/primary`, `{"i":${i}}`);
        if (r.status !== 200) throw new Error(`delivery ${i}: ${r.status}`);
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    const perSecond = n / ((performance.now() - started) / 1000);
    const ids = (await readLines(out)).map((d) => (d.json as { i: number }).i).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: n }, (_, i) => i));
    // A loose floor (client and server share one thread here, on a shared CI box); the report's figure comes
    // from a separate-process benchmark.
    expect(perSecond).toBeGreaterThan(300);
  });
});
