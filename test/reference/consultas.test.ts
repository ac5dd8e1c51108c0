import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  MEDIA_TYPES,
  addDays,
  consulta,
  consultaPage,
  consultaRefPage,
  isEndOfDay,
  isStartOfDay,
  parseOffsetDateTime,
  refTitleParts,
  validationProblem,
  type Consulta,
  type ConsultaPage,
} from '../../models/index.ts';
import { boot, enc, OTHER_AGENCY, PRIMARY_AGENCY, TODAY, type Harness } from './support.ts';

// Endpoints > Consultas and Resources > Paged list envelope, Consulta.
let h: Harness;
beforeAll(async () => {
  h = await boot();
});
afterAll(() => h.close());

const listPath = (mail = PRIMARY_AGENCY) => `/v3/consultas/${enc(mail)}`;
const page = async (query: Record<string, string | number> = {}, mail = PRIMARY_AGENCY) => {
  const res = await h.call(listPath(mail), { query });
  expect(res.status).toBe(200);
  return consultaPage('strict').parse(res.json);
};
const epoch = (v: string) => parseOffsetDateTime(v)!.epochMs;
const sidOf = (c: Consulta) => c._links.self!.href.split('/').pop()!;

async function walk(query: Record<string, string> = {}): Promise<{ pages: ConsultaPage[]; all: Consulta[] }> {
  const pages: ConsultaPage[] = [];
  for (let n = 1; ; n++) {
    const p = await page({ ...query, pagina: n });
    pages.push(p);
    if (p._entries.length < p.PerPagina) break;
  }
  return { pages, all: pages.flatMap((p) => p._entries as Consulta[]) };
}

describe('the paged list', () => {
  it('pages 250 inquiries 100 at a time, newest first, with no gap or duplicate', async () => {
    const { pages, all } = await walk();
    expect(pages.map((p) => p._entries.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.Pagina)).toEqual([1, 2, 3]);
    for (const p of pages) expect(p).toMatchObject({ Total: 250, PerPagina: h.profile.inquiryPageSize });
    expect(new Set(all.map(sidOf)).size).toBe(250);
    const times = all.map((c) => epoch(c.Momento));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(pages[0]!._links.next!.href).toBe(`${listPath()}?pagina=2`);
    expect(pages[1]!._links.prev!.href).toBe(`${listPath()}?pagina=1`);
    expect(pages[2]!._links.next).toBeUndefined();
  });

  it('covers today minus 90 days to the end of today by default, every Momento inside', async () => {
    const p = await page();
    expect(p.Pagina).toBe(LIMITS.pagina.first);
    const [desde, hasta] = [parseOffsetDateTime(p.Desde)!, parseOffsetDateTime(p.Hasta)!];
    expect(isStartOfDay(desde) && desde.date === addDays(TODAY, -LIMITS.desde.minDaysBeforeToday)).toBe(true);
    expect(isEndOfDay(hasta) && hasta.date === TODAY).toBe(true);
    for (const c of p._entries as Consulta[]) expect(epoch(c.Momento)).toBeGreaterThanOrEqual(desde.epochMs);
  });

  it('bounds the days of reception by desde and hasta', async () => {
    const [desde, hasta] = [addDays(TODAY, -20), addDays(TODAY, -10)];
    const { pages, all } = await walk({ desde, hasta });
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBe(pages[0]!.Total);
    const p = pages[0]!;
    expect(parseOffsetDateTime(p.Desde)!.date).toBe(desde);
    expect(parseOffsetDateTime(p.Hasta)!.date).toBe(hasta);
    for (const c of all) {
      expect(epoch(c.Momento)).toBeGreaterThanOrEqual(epoch(p.Desde));
      expect(epoch(c.Momento)).toBeLessThanOrEqual(epoch(p.Hasta));
    }
    const same = await page({ desde: hasta, hasta });
    expect(same.Total).toBeLessThan(all.length);
    const bad = await h.call(listPath(), { query: { desde: hasta, hasta: desde } });
    expect(bad.status).toBe(400);
    expect(Object.keys(validationProblem('strict').parse(bad.json).Errors)).toEqual(['hasta']);
  });

  it('filters by externalid and by operador (case-insensitively)', async () => {
    const { all } = await walk();
    const externalId = all.find((c) => c.Auto.ExternalId !== '')!.Auto.ExternalId;
    const byPublication = await walk({ externalid: externalId });
    expect(byPublication.all.length).toBe(all.filter((c) => c.Auto.ExternalId === externalId).length);
    expect(byPublication.all.every((c) => c.Auto.ExternalId === externalId)).toBe(true);
    const operador = all[0]!.OperadorResponsable;
    const byOperator = await walk({ operador: operador.toUpperCase() });
    expect(byOperator.all.length).toBe(all.filter((c) => c.OperadorResponsable === operador).length);
    expect(byOperator.all.length).toBeLessThan(all.length);
    const bad = await h.call(listPath(), { query: { operador: 'nope' } });
    expect(Object.keys(validationProblem().parse(bad.json).Errors)).toEqual(['operador']);
  });

  it('answers a page past the last with no entries, and pagina below 1 with 400', async () => {
    expect((await page({ pagina: 4 }))._entries).toEqual([]);
    for (const pagina of [0, -1]) {
      const res = await h.call(listPath(), { query: { pagina } });
      expect(res.status).toBe(400);
      expect(Object.keys(validationProblem().parse(res.json).Errors)).toEqual(['pagina']);
    }
  });

  it('gives link entries with href and title in the reference form', async () => {
    const res = await h.call(listPath(), { form: 'ref' });
    expect(res.headers['content-type']).toBe(MEDIA_TYPES.ref);
    const p = consultaRefPage('strict').parse(res.json);
    const full = await page();
    expect(p._entries.map((e) => e.href)).toEqual(full._entries.map((c) => (c as Consulta)._links.self!.href));
    for (const [i, c] of full._entries.entries()) expect(p._entries[i]!.title).toBe(refTitleParts(c as Consulta).join(' — '));
  });

  it('mixes the documented kinds of inquiry, every member present', async () => {
    const { all } = await walk();
    const strict = consulta('strict');
    for (const c of all) strict.parse(c);
    const kinds = (f: (c: Consulta) => unknown) => new Set(all.map(f));
    expect(kinds((c) => c.TipoAnuncio)).toEqual(new Set(['publicacion', 'catalogo']));
    expect(kinds((c) => c.Auto.Estado)).toEqual(new Set(['usado', 'nuevo']));
    expect(kinds((c) => c.Auto.Precio?.Moneda)).toEqual(new Set(['ARS', 'USD', undefined]));
    expect(all.every((c) => c.TipoAnuncio !== 'catalogo' || c.Auto.ExternalId === '')).toBe(true);
    expect(all.some((c) => c.Interesado.InfoOperacion?.EntregaVehiculo)).toBe(true);
    expect(all.some((c) => c.Interesado.InfoOperacion?.FinanciacionDeseada)).toBe(true);
    expect(all.some((c) => c.Interesado.InfoOperacion === null)).toBe(true);
    expect(all.some((c) => c.Auto.Version === null && c.Interesado.Telefono === null)).toBe(true);
    expect(kinds((c) => c.OperadorResponsable).size).toBeGreaterThan(2);
    expect(kinds((c) => c.Auto.ExternalId).size).toBeGreaterThan(5);
  });
});

describe('GET /v3/consultas/{adminMail}/{sid}', () => {
  it('returns the same Consulta as its list entry, and its link object in the reference form', async () => {
    const entry = (await page())._entries[7] as Consulta;
    const res = await h.call(entry._links.self!.href);
    expect(res.json).toEqual(entry);
    const upper = await h.call(`/v3/consultas/${enc(PRIMARY_AGENCY.toUpperCase())}/${sidOf(entry)}`);
    expect(upper.json).toEqual(entry);
    const ref = await h.call(entry._links.self!.href, { form: 'ref' });
    expect(ref.json).toEqual({ href: entry._links.self!.href, title: refTitleParts(entry).join(' — ') });
  });

  it('answers 404 for an unknown sid, a foreign agency or a sid of another agency', async () => {
    const entry = (await page())._entries[0] as Consulta;
    const sid = sidOf(entry);
    expect((await h.call(`${listPath()}/${'Z'.repeat(LIMITS.sid.minLength)}`)).status).toBe(404);
    expect((await h.call(entry._links.self!.href, { app: 'other' })).status).toBe(404);
    expect((await h.call(`${listPath('ventas@rutanortemotors.example')}/${sid}`)).status).toBe(404);
    expect((await h.call(listPath(OTHER_AGENCY))).status).toBe(404);
    expect((await h.call(listPath(PRIMARY_AGENCY), { app: 'other' })).status).toBe(404);
  });
});

describe('POST /v3/consultas/{adminMail}/{sid}/resendwebhook', () => {
  const resendPath = (c: Consulta) => c._links.resendwebhook!.href;
  const recent = async () => (await page())._entries[0] as Consulta;
  const old = async () => {
    const p = await page({ hasta: addDays(TODAY, -(h.profile.resendMaxAgeDays! + 1)) });
    return p._entries[0] as Consulta;
  };

  it('answers 202 with the payload and Location of the configuration when no topic is configured', async () => {
    const c = await recent();
    const res = await h.call(resendPath(c), { method: 'POST' });
    expect(res.status).toBe(202);
    expect(res.headers['content-type']).toBe(MEDIA_TYPES.json);
    expect(res.headers.location).toBe(`/v3/appnotificaciones/${h.profile.topics.inquiry}`);
    expect(res.json).toEqual({ Topic: h.profile.topics.inquiry, AdminMail: PRIMARY_AGENCY, Sid: sidOf(c), Consulta: c });
  });

  it(`refuses an inquiry older than resendMaxAgeDays with 400 keyed "_"`, async () => {
    const res = await h.call(resendPath(await old()), { method: 'POST' });
    expect(res.status).toBe(400);
    expect(Object.keys(validationProblem('strict').parse(res.json).Errors)).toEqual(['_']);
    const bound = await page({ desde: addDays(TODAY, -h.profile.resendMaxAgeDays!), hasta: addDays(TODAY, -h.profile.resendMaxAgeDays!) });
    for (const c of bound._entries as Consulta[]) expect((await h.call(resendPath(c), { method: 'POST' })).status).toBe(202);
  });

  it('answers 403 for a foreign agency and 404 for an unknown inquiry', async () => {
    const c = await recent();
    const foreign = await h.call(resendPath(c), { method: 'POST', app: 'other' });
    expect(foreign.status).toBe(403);
    expect(validationProblem().parse(foreign.json).Status).toBe(403);
    expect((await h.call(`${listPath()}/${'Z'.repeat(LIMITS.sid.maxLength)}/resendwebhook`, { method: 'POST' })).status).toBe(404);
  });
});
