import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_TYPES, PROBLEM_MEDIA_TYPE, refLink, validationProblem } from '../../models/index.ts';
import { boot, enc, OTHER_AGENCY, PRIMARY_AGENCY, type Harness } from './support.ts';

// Endpoints > Agencias, States and transitions, and scoping (Authentication).
let h: Harness;
beforeAll(async () => {
  h = await boot();
});
afterAll(() => h.close());

const agency = (mail: string) => `/v3/agencias/${enc(mail)}`;
const invite = (AdminMail: unknown, extra: Record<string, unknown> = {}, app: 'primary' | 'other' | 'empty' = 'primary') =>
  h.call('/v3/agencias', { method: 'POST', json: { AdminMail, ...extra }, app });
const register = (mail: string, app: 'primary' | 'other' = 'primary') =>
  h.call(`${h.server.hooksPath}/agencias/${enc(mail)}/registro`, { method: 'POST', app });

describe('GET /v3/agencias', () => {
  it("lists only the app's agencies, in every form", async () => {
    const full = await h.call('/v3/agencias');
    expect(full.headers['content-type']).toBe(MEDIA_TYPES.json);
    const mails = (full.json as { AdminMail: string }[]).map((a) => a.AdminMail);
    expect(mails).toContain(PRIMARY_AGENCY);
    expect(mails).not.toContain(OTHER_AGENCY);
    const ref = await h.call('/v3/agencias', { form: 'ref' });
    const entries = ref.json as unknown[];
    expect(entries).toHaveLength(mails.length);
    for (const e of entries) refLink().parse(e);
    for (const form of ['textJson', 'entry'] as const) expect((await h.call('/v3/agencias', { form })).json).toEqual(full.json);
    const other = (await h.call('/v3/agencias', { app: 'other' })).json as { AdminMail: string }[];
    expect(other.map((a) => a.AdminMail)).toContain(OTHER_AGENCY);
    expect(other.map((a) => a.AdminMail)).not.toContain(PRIMARY_AGENCY);
    expect((await h.call('/v3/agencias', { app: 'empty' })).json).toEqual([]);
  });

  it('narrows by operador (case-insensitively) and refuses a non-e-mail with 400', async () => {
    const res = await h.call('/v3/agencias', { query: { operador: 'LUCIA.FERNANDEZ@autosdelsur.example' } });
    expect((res.json as { AdminMail: string }[]).map((a) => a.AdminMail)).toEqual([PRIMARY_AGENCY]);
    expect((await h.call('/v3/agencias', { query: { operador: 'nobody@example.test' } })).json).toEqual([]);
    const bad = await h.call('/v3/agencias', { query: { operador: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(validationProblem('strict').parse(bad.json).Errors)).toEqual(['operador']);
  });
});

describe('GET /v3/agencias/{adminMail}', () => {
  it('reads the agency, matching adminMail case-insensitively, in every form', async () => {
    const res = await h.call(agency(PRIMARY_AGENCY.toUpperCase()));
    expect(res.status).toBe(200);
    const body = res.json as Record<string, unknown>;
    expect(body).toMatchObject({ AdminMail: PRIMARY_AGENCY, RazonSocial: 'Autos del Sur S.A.', Estado: 'registrada' });
    expect(Object.keys(body)).toEqual(['AdminMail', 'RazonSocial', 'Telefono', 'Localidad', 'Operadores', 'Estado', 'InvitadaEl', 'RegistradaEl', '_links']);
    expect(refLink().parse((await h.call(agency(PRIMARY_AGENCY), { form: 'ref' })).json)).toEqual({
      href: agency(PRIMARY_AGENCY),
      title: 'Autos del Sur S.A.',
    });
  });

  it('answers 404 with no body for a foreign, unknown, non-e-mail or too long adminMail (never 400)', async () => {
    for (const mail of [OTHER_AGENCY, 'nadie@example.test', 'not-an-email', `${'a'.repeat(40)}@example.test`]) {
      const res = await h.call(agency(mail));
      expect(res.status, mail).toBe(404);
      expect(res.text).toBe('');
    }
  });
});

describe('GET /v3/agencias/{adminMail}/productos', () => {
  it('reads the package of an own agency and 404s a foreign one', async () => {
    const res = await h.call(`${agency(PRIMARY_AGENCY)}/productos`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ AdminMail: PRIMARY_AGENCY, Plan: 'Plan Oro' });
    expect((await h.call(`${agency(PRIMARY_AGENCY)}/productos`, { form: 'ref' })).status).toBe(406);
    expect((await h.call(`${agency(OTHER_AGENCY)}/productos`)).status).toBe(404);
    expect((await h.call(`${agency('bad')}/productos`)).status).toBe(400);
  });
});

describe('PUT /v3/agencias/{adminMail}', () => {
  it('replaces the given AgenciaEdit members and ignores read-only ones', async () => {
    const mail = 'ventas@rutanortemotors.example';
    const before = (await h.call(agency(mail))).json as Record<string, unknown>;
    const res = await h.call(agency(mail), { method: 'PUT', json: { ...before, RazonSocial: 'Ruta Norte Motors', Telefono: null } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ AdminMail: mail, RazonSocial: 'Ruta Norte Motors', Telefono: null, Localidad: 'Pilar', Estado: 'registrada' });
    expect((await h.call(agency(mail))).json).toEqual(res.json);
  });

  it('answers 400 to a member of the wrong type, 403 to a foreign agency', async () => {
    const bad = await h.call(agency(PRIMARY_AGENCY), { method: 'PUT', json: { RazonSocial: 42 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(validationProblem().parse(bad.json).Errors)).toEqual(['RazonSocial']);
    const foreign = await h.call(agency(OTHER_AGENCY), { method: 'PUT', json: { RazonSocial: 'x' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['content-type']).toBe(PROBLEM_MEDIA_TYPE);
    expect((await h.call(agency('nadie@example.test'), { method: 'PUT', json: {} })).status).toBe(403);
  });
});

describe('invitation (States and transitions)', () => {
  it('accepts a new AdminMail with 202, no body and the agency URI in Location', async () => {
    const mail = 'Nueva.Agencia@example.test';
    const res = await invite(mail, { RazonSocial: 'Nueva Agencia' });
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
    expect(res.headers.location).toBe(agency(mail));
  });

  it('shows the pending state on GET and OPTIONS to the inviting app only; not listed until registered', async () => {
    const mail = 'pendiente@example.test';
    expect((await invite(mail)).status).toBe(202);
    for (const method of ['GET', 'OPTIONS']) {
      const res = await h.call(agency(mail), { method });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ AdminMail: mail, Estado: 'pendiente', RegistradaEl: null });
      if (method === 'OPTIONS') expect(res.headers.allow).toBe('GET, PUT, OPTIONS');
    }
    expect((await h.call(agency(mail), { app: 'other' })).status).toBe(404);
    expect((await h.call(agency(mail), { method: 'OPTIONS', app: 'other' })).status).toBe(404);
    const listed = (await h.call('/v3/agencias')).json as { AdminMail: string }[];
    expect(listed.map((a) => a.AdminMail)).not.toContain(mail);
    expect((await h.call(agency(mail), { method: 'PUT', json: {} })).status).toBe(403);
  });

  it('registers through the hook: registrada, associated and listed', async () => {
    const mail = 'registrada@example.test';
    expect((await invite(mail)).status).toBe(202);
    expect((await register(mail, 'other')).status).toBe(404);
    expect((await register(mail)).status).toBe(204);
    const res = await h.call(agency(mail));
    expect(res.json).toMatchObject({ Estado: 'registrada' });
    expect(((await h.call('/v3/agencias')).json as { AdminMail: string }[]).map((a) => a.AdminMail)).toContain(mail);
    expect((await h.call(`${agency(mail)}/productos`)).status).toBe(200);
    expect((await register(mail)).status).toBe(204);
  });

  it('answers 409 with a validation problem keyed AdminMail to an address registered by any app', async () => {
    for (const mail of [PRIMARY_AGENCY, OTHER_AGENCY.toUpperCase()]) {
      const res = await invite(mail);
      expect(res.status, mail).toBe(409);
      expect(res.headers['content-type']).toBe(PROBLEM_MEDIA_TYPE);
      const problem = validationProblem('strict').parse(res.json);
      expect(problem).toMatchObject({ Status: 409, Instance: '/v3/agencias' });
      expect(Object.keys(problem.Errors)).toEqual(['AdminMail']);
    }
  });

  it('accepts again (202) an address whose invitation is pending, by any app: it is not registered yet', async () => {
    await invite('pendiente@example.test', {}, 'other');
    for (const app of ['other', 'primary'] as const) {
      const res = await invite('Pendiente@example.test', {}, app);
      expect(res.status, app).toBe(202);
      expect((await h.call(res.headers.location!, { app })).status, app).toBe(200);
    }
  });

  it('answers 400 keyed AdminMail when it is missing, not an e-mail, or longer than the adminMail limit', async () => {
    for (const body of [{}, { AdminMail: 'no-arroba' }, { AdminMail: 7 }, { AdminMail: `${'a'.repeat(39)}@example.test` }]) {
      const res = await h.call('/v3/agencias', { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(validationProblem().parse(res.json).Errors)).toEqual(['AdminMail']);
    }
    const typed = await invite('tipos@example.test', { RazonSocial: ['x'] });
    expect(Object.keys(validationProblem().parse(typed.json).Errors)).toEqual(['RazonSocial']);
  });
});

describe('PATCH /v3/agencias/{adminMail}/desasociar', () => {
  it('dissociates with 204; the agency disappears for the app but keeps its account', async () => {
    const mail = 'contacto@cuyoautos.example';
    const sid = ((await h.call(`/v3/consultas/${enc(mail)}`, { form: 'ref' })).json as { _entries: { href: string }[] })._entries[0]!.href;
    const res = await h.call(`${agency(mail)}/desasociar`, { method: 'PATCH' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await h.call(agency(mail))).status).toBe(404);
    expect(((await h.call('/v3/agencias')).json as { AdminMail: string }[]).map((a) => a.AdminMail)).not.toContain(mail);
    expect((await h.call(`/v3/consultas/${enc(mail)}`)).status).toBe(404);
    expect((await h.call(sid)).status).toBe(404);
    expect((await h.call(`${agency(mail)}/desasociar`, { method: 'PATCH' })).status).toBe(403);
    expect((await invite(mail)).status).toBe(409);
  });

  it('answers 403 to a foreign, unknown or invalid adminMail (never 400)', async () => {
    for (const mail of [OTHER_AGENCY, 'nadie@example.test', 'not-an-email', `${'a'.repeat(39)}@example.test`]) {
      const res = await h.call(`${agency(mail)}/desasociar`, { method: 'PATCH' });
      expect(res.status, mail).toBe(403);
      expect(res.headers['content-type']).toBe(PROBLEM_MEDIA_TYPE);
    }
  });
});
