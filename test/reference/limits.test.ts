import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, LIMITS, addDays, validationProblem } from '../../models/index.ts';
import { boot, emailOfLength, enc, PRIMARY_AGENCY, TODAY, type Harness } from './support.ts';

// Limits: both sides of every boundary, values derived from LIMITS. "Accepted" means not refused as invalid
// input; "rejected" means 400 where the row documents 400, otherwise the row's own refusal (404 on reads,
// 403 on modifications).
let h: Harness;
beforeAll(async () => {
  h = await boot();
});
afterAll(() => h.close());

const { adminMail, sid, pagina, desde } = LIMITS;
const sidOfLength = (n: number) => 'S'.repeat(n);
const someSid = sidOfLength(sid.minLength);

/** Every endpoint taking adminMail, with how it refuses an invalid one and answers a valid unknown one. */
const ADMIN_MAIL_ROWS: { id: string; method: string; path: (m: string) => string; json?: unknown; refused: number; unknown: number }[] = [
  { id: 'agencias-get', method: 'GET', path: (m) => `/v3/agencias/${m}`, refused: 404, unknown: 404 },
  { id: 'agencias-options', method: 'OPTIONS', path: (m) => `/v3/agencias/${m}`, refused: 404, unknown: 404 },
  { id: 'agencias-put', method: 'PUT', path: (m) => `/v3/agencias/${m}`, json: {}, refused: 400, unknown: 403 },
  { id: 'agencias-desasociar', method: 'PATCH', path: (m) => `/v3/agencias/${m}/desasociar`, refused: 403, unknown: 403 },
  { id: 'agencias-productos', method: 'GET', path: (m) => `/v3/agencias/${m}/productos`, refused: 400, unknown: 404 },
  { id: 'consultas-list', method: 'GET', path: (m) => `/v3/consultas/${m}`, refused: 400, unknown: 404 },
  { id: 'consultas-get', method: 'GET', path: (m) => `/v3/consultas/${m}/${someSid}`, refused: 400, unknown: 404 },
  { id: 'consultas-resend', method: 'POST', path: (m) => `/v3/consultas/${m}/${someSid}/resendwebhook`, refused: 400, unknown: 403 },
];

describe(`adminMail: e-mail, at most ${adminMail.maxLength} characters`, () => {
  it('covers every catalog endpoint that takes adminMail', () => {
    const taking = ENDPOINTS.filter((e) => e.params.some((p) => p.name === 'adminMail')).map((e) => e.id);
    expect(ADMIN_MAIL_ROWS.map((r) => r.id).sort()).toEqual(taking.sort());
  });

  it(`accepts ${adminMail.maxLength} characters everywhere (an unknown agency: the row's not-found answer)`, async () => {
    const mail = enc(emailOfLength(adminMail.maxLength));
    for (const row of ADMIN_MAIL_ROWS) {
      const res = await h.call(row.path(mail), { method: row.method, ...(row.json ? { json: row.json } : {}) });
      expect(res.status, row.id).toBe(row.unknown);
    }
  });

  it(`rejects ${adminMail.maxLength + 1} characters and non-e-mails with the row's refusal, keyed adminMail`, async () => {
    for (const value of [emailOfLength(adminMail.maxLength + 1), 'not-an-email', '@', 'a b@example.test']) {
      for (const row of ADMIN_MAIL_ROWS) {
        const res = await h.call(row.path(enc(value)), { method: row.method, ...(row.json ? { json: row.json } : {}) });
        expect(res.status, `${row.id} ${value}`).toBe(row.refused);
        if (row.refused === 400) expect(Object.keys(validationProblem('strict').parse(res.json).Errors)).toEqual(['adminMail']);
      }
    }
  });

  it(`serves an agency whose AdminMail has exactly ${adminMail.maxLength} characters`, async () => {
    const mail = emailOfLength(adminMail.maxLength, 'limite.example.test');
    expect((await h.call('/v3/agencias', { method: 'POST', json: { AdminMail: mail } })).status).toBe(202);
    expect((await h.call(`${h.server.hooksPath}/agencias/${enc(mail)}/registro`, { method: 'POST' })).status).toBe(204);
    expect((await h.call(`/v3/agencias/${enc(mail)}`)).status).toBe(200);
    expect((await h.call(`/v3/agencias/${enc(mail)}`, { method: 'PUT', json: { RazonSocial: 'Límite' } })).status).toBe(200);
    expect((await h.call(`/v3/agencias/${enc(mail)}/productos`)).status).toBe(200);
    expect((await h.call(`/v3/consultas/${enc(mail)}`)).status).toBe(200);
    expect((await h.call(`/v3/agencias/${enc(mail)}/desasociar`, { method: 'PATCH' })).status).toBe(204);
    const longer = emailOfLength(adminMail.maxLength + 1, 'limite.example.test');
    expect((await h.call('/v3/agencias', { method: 'POST', json: { AdminMail: longer } })).status).toBe(400);
  });
});

describe(`sid: ${sid.minLength} to ${sid.maxLength} characters`, () => {
  const get = (n: number) => h.call(`/v3/consultas/${enc(PRIMARY_AGENCY)}/${sidOfLength(n)}`);
  const resend = (n: number) => h.call(`/v3/consultas/${enc(PRIMARY_AGENCY)}/${sidOfLength(n)}/resendwebhook`, { method: 'POST' });

  it('accepts both bounds (an unknown inquiry: 404)', async () => {
    for (const n of [sid.minLength, sid.maxLength]) {
      expect((await get(n)).status).toBe(404);
      expect((await resend(n)).status).toBe(404);
    }
  });

  it('rejects one character below and above with 400 keyed sid', async () => {
    for (const n of [sid.minLength - 1, sid.maxLength + 1, 1]) {
      for (const res of [await get(n), await resend(n)]) {
        expect(res.status).toBe(400);
        expect(Object.keys(validationProblem('strict').parse(res.json).Errors)).toEqual(['sid']);
      }
    }
  });
});

describe(`pagina at most ${pagina.maximum}; desde not earlier than today minus ${desde.minDaysBeforeToday} days`, () => {
  const list = (query: Record<string, string | number>) => h.call(`/v3/consultas/${enc(PRIMARY_AGENCY)}`, { query });

  it(`accepts pagina=${pagina.maximum} and rejects ${pagina.maximum + 1}`, async () => {
    const ok = await list({ pagina: pagina.maximum });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ Pagina: pagina.maximum, _entries: [] });
    for (const value of [pagina.maximum + 1, 2 ** 31, 'x']) {
      const res = await list({ pagina: value });
      expect(res.status, String(value)).toBe(400);
      expect(Object.keys(validationProblem('strict').parse(res.json).Errors)).toEqual(['pagina']);
    }
  });

  it(`accepts desde = today − ${desde.minDaysBeforeToday} and rejects one day earlier`, async () => {
    expect((await list({ desde: addDays(TODAY, -desde.minDaysBeforeToday) })).status).toBe(200);
    for (const value of [addDays(TODAY, -desde.minDaysBeforeToday - 1), '2025-02-30', '15/06/2025']) {
      const res = await list({ desde: value });
      expect(res.status, value).toBe(400);
      expect(Object.keys(validationProblem('strict').parse(res.json).Errors)).toEqual(['desde']);
    }
    expect((await list({ hasta: 'ayer' })).status).toBe(400);
  });
});
