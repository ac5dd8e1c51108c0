import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, enc, PRIMARY_AGENCY, sampleInquiry, type Harness } from './support.ts';

// Robust and safe: concurrent writes are atomic.
let h: Harness;
const PARALLEL = 40;
beforeAll(async () => {
  h = await boot();
});
afterAll(() => h.close());

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => {
    t[s] = (t[s] ?? 0) + 1;
    return t;
  }, {});

describe('parallel writes', () => {
  it('give exactly one 201 to parallel POSTs of one topic, 409 to the rest', async () => {
    const topic = h.profile.topics.inquiry;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => h.call(`/v3/appnotificaciones/${topic}`, { method: 'POST', json: { Url: `http://127.0.0.1:9/${i}` } })),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 201: 1, 409: PARALLEL - 1 });
    const winner = results.find((r) => r.status === 201)!;
    expect((await h.call(`/v3/appnotificaciones/${topic}`)).json).toEqual(winner.json);
  });

  it('give 202 to every parallel invitation of one AdminMail, whatever the case or app, and make one pending agency', async () => {
    const apps = ['primary', 'other', 'empty'] as const;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        h.call('/v3/agencias', { method: 'POST', app: apps[i % 3], json: { AdminMail: i % 2 ? 'carrera@example.test' : 'CARRERA@example.test' } }),
      ),
    );
    // States and transitions: an invitation still pending registers nothing, so each one meets the condition.
    expect(tally(results.map((r) => r.status))).toEqual({ 202: PARALLEL });
    expect(new Set(results.map((r) => r.headers.location)).size).toBe(1);
    // One agency, registered once, with every app that invited it; inviting it now is refused.
    expect((await h.call(`${h.server.hooksPath}/agencias/${enc('carrera@example.test')}/registro`, { method: 'POST', app: 'other' })).status).toBe(204);
    for (const app of apps) expect((await h.call(`/v3/agencias/${enc('Carrera@example.test')}`, { app })).status).toBe(200);
    expect((await h.call('/v3/agencias', { method: 'POST', app: 'primary', json: { AdminMail: 'carrera@example.test' } })).status).toBe(409);
  });

  it('keep every sid distinct under parallel inquiries', async () => {
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        h.call(`${h.server.hooksPath}/consultas`, { method: 'POST', json: { adminMail: PRIMARY_AGENCY, consulta: sampleInquiry() } }),
      ),
    );
    const sids = results.map((r) => (r.json as { sid: string }).sid);
    expect(new Set(sids).size).toBe(PARALLEL);
    const day = await h.call(`/v3/consultas/${enc(PRIMARY_AGENCY)}`, {
      query: { desde: '2025-06-14', hasta: '2025-06-14', externalid: 'SIM-000001' },
      form: 'ref',
    });
    expect((day.json as { Total: number }).Total).toBe(PARALLEL);
  });
});
