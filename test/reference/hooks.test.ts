import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consulta, validationProblem } from '../../models/index.ts';
import { boot, enc, OTHER_AGENCY, PRIMARY_AGENCY, sampleInquiry, type Harness } from './support.ts';

// The simulation hooks contract (issue 3): POST {hooks}/consultas, /agencias/{adminMail}/registro, /reset.
let h: Harness;
let hooks: string;
beforeAll(async () => {
  h = await boot();
  hooks = h.server.hooksPath!;
});
afterAll(() => h.close());

const post = (path: string, json?: unknown, app: 'primary' | 'other' = 'primary') =>
  h.call(`${hooks}${path}`, { method: 'POST', app, ...(json !== undefined ? { json } : {}) });

describe('POST {hooks}/consultas', () => {
  it('stores the inquiry as given: 201 {sid}, Location, in the list and by sid', async () => {
    const inquiry = sampleInquiry();
    const res = await post('/consultas', { adminMail: PRIMARY_AGENCY.toUpperCase(), consulta: inquiry });
    expect(res.status).toBe(201);
    const { sid } = res.json as { sid: string };
    expect(sid).toMatch(/^[0-9A-Za-z]{24}$/);
    expect(res.headers.location).toBe(`/v3/consultas/${enc(PRIMARY_AGENCY)}/${sid}`);
    const read = await h.call(res.headers.location!);
    const stored = consulta('strict').parse(read.json);
    const { _links, ...rest } = stored;
    expect(rest).toEqual(inquiry);
    expect(_links.self!.href).toBe(res.headers.location);
    const day = await h.call(`/v3/consultas/${enc(PRIMARY_AGENCY)}`, { query: { desde: '2025-06-14', hasta: '2025-06-14', externalid: 'SIM-000001' } });
    expect((day.json as { _entries: unknown[] })._entries).toEqual([read.json]);
  });

  it('answers 400 keyed by the offending member', async () => {
    const cases: [unknown, string[]][] = [
      [[], ['_']],
      [{ consulta: sampleInquiry() }, ['adminMail']],
      [{ adminMail: 'x', consulta: sampleInquiry() }, ['adminMail']],
      [{ adminMail: PRIMARY_AGENCY }, ['consulta']],
      [{ adminMail: PRIMARY_AGENCY, consulta: { ...sampleInquiry(), Momento: '2025-06-14 18:30' } }, ['consulta.Momento']],
      [{ adminMail: PRIMARY_AGENCY, consulta: { ...sampleInquiry(), TipoAnuncio: 'catalogo' } }, ['consulta.Auto.ExternalId']],
      [{ adminMail: PRIMARY_AGENCY, consulta: { ...sampleInquiry(), _links: {} } }, ['consulta']],
    ];
    for (const [body, keys] of cases) {
      const res = await post('/consultas', body);
      expect(res.status, JSON.stringify(keys)).toBe(400);
      expect(Object.keys(validationProblem('strict').parse(res.json).Errors)).toEqual(keys);
    }
  });

  it("answers 404 when the agency is not the caller's", async () => {
    expect((await post('/consultas', { adminMail: OTHER_AGENCY, consulta: sampleInquiry() })).status).toBe(404);
    expect((await post('/consultas', { adminMail: 'nadie@example.test', consulta: sampleInquiry() })).status).toBe(404);
  });
});

describe('POST {hooks}/agencias/{adminMail}/registro', () => {
  it("answers 404 to an unknown address, another app's invitation and an invalid adminMail", async () => {
    await h.call('/v3/agencias', { method: 'POST', json: { AdminMail: 'de-otra@example.test' }, app: 'other' });
    for (const mail of ['nadie@example.test', 'de-otra@example.test', 'not-an-email']) {
      expect((await post(`/agencias/${enc(mail)}/registro`)).status, mail).toBe(404);
    }
  });
});

describe('POST {hooks}/reset', () => {
  it('brings every app back to the seed state', async () => {
    expect((await post('/reset')).status).toBe(204);
    const before = await h.call(`/v3/consultas/${enc(PRIMARY_AGENCY)}`, { form: 'ref' });
    await post('/consultas', { adminMail: PRIMARY_AGENCY, consulta: sampleInquiry() });
    await h.call('/v3/agencias', { method: 'POST', json: { AdminMail: 'reset@example.test' }, app: 'other' });
    await h.call(`/v3/appnotificaciones/${h.profile.topics.inquiry}`, { method: 'POST', json: { Url: 'http://127.0.0.1:9/' } });
    const res = await post('/reset');
    expect(res.status).toBe(204);
    expect((await h.call(`/v3/consultas/${enc(PRIMARY_AGENCY)}`, { form: 'ref' })).json).toEqual(before.json);
    expect((await h.call('/v3/agencias/reset%40example.test', { app: 'other' })).status).toBe(404);
    expect((await h.call(`/v3/appnotificaciones/${h.profile.topics.inquiry}`)).status).toBe(404);
  });

  it('is authenticated like /v3 and only takes POST', async () => {
    expect((await h.call(`${hooks}/reset`, { method: 'POST', app: null })).status).toBe(401);
    const get = await h.call(`${hooks}/reset`);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });
});
