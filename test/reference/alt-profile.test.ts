import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_TYPES, consulta, consultaPage, validationProblem } from '../../models/index.ts';
import { ALT_PROFILE_FILE, boot, enc, PRIMARY_AGENCY, sampleInquiry, startReceiver, type Harness, type Receiver } from './support.ts';

// The server's choices come from the profile: a second profile with other choices (API-key header, media
// type by query parameter, other topics, template fields, hooks path, page size, signature) describes it too.
let h: Harness;
let receiver: Receiver | undefined;
beforeAll(async () => {
  h = await boot({ profileFile: ALT_PROFILE_FILE });
});
afterEach(async () => {
  await h.server.idle();
  await receiver?.close();
  receiver = undefined;
});
afterAll(() => h.close());

describe('the alternative profile', () => {
  it('authenticates with X-Api-Key and refuses the reference Bearer tokens', async () => {
    expect(h.profile.apps.primary.headers).toHaveProperty('X-Api-Key');
    expect((await h.call('/v3/agencias')).status).toBe(200);
    const bearer = await h.call('/v3/agencias', { app: null, headers: { Authorization: 'Bearer vmp-primary-7f3a2c' } });
    expect(bearer.status).toBe(401);
    expect(bearer.headers['www-authenticate']).toBe('ApiKey realm="vmp", header="x-api-key"');
  });

  it('selects the media type by the query parameter, ignoring Accept', async () => {
    const ref = await h.call('/v3/agencias', { form: 'ref' });
    expect(ref.headers['content-type']).toBe(MEDIA_TYPES.ref);
    const byAccept = await h.call('/v3/agencias', { headers: { Accept: MEDIA_TYPES.ref } });
    expect(byAccept.headers['content-type']).toBe(MEDIA_TYPES.json);
    expect((await h.call('/v3/carrocerias', { form: 'ref' })).status).toBe(406);
  });

  it(`pages by the profile's inquiryPageSize and keeps the selection in the page links`, async () => {
    const res = await h.call(`/v3/consultas/${enc(PRIMARY_AGENCY)}`, { form: 'json', query: { pagina: 2 } });
    const p = consultaPage('strict').parse(res.json);
    expect(p).toMatchObject({ PerPagina: 50, Total: 250, Pagina: 2 });
    expect(p._entries).toHaveLength(50);
    expect(p._links.next!.href).toContain(`formato=${enc(MEDIA_TYPES.json)}`);
    expect(p.Desde).toMatch(/T00:00:00-03:00$/);
    expect(p.Hasta).toMatch(/T23:59:59\.999-03:00$/);
  });

  it('offers its own topics, with its own AppWebhookUpsert URL member', async () => {
    const { inquiry, unavailable } = h.profile.topics;
    expect((await h.call('/v3/appnotificaciones/consultas', { method: 'POST', json: { CallbackUrl: 'http://127.0.0.1:9/' } })).status).toBe(403);
    expect((await h.call(`/v3/appnotificaciones/${unavailable}`, { method: 'POST', json: { CallbackUrl: 'http://127.0.0.1:9/' } })).status).toBe(403);
    const missing = await h.call(`/v3/appnotificaciones/${inquiry}`, { method: 'POST', json: { Url: 'http://127.0.0.1:9/' } });
    expect(Object.keys(validationProblem().parse(missing.json).Errors)).toEqual(['CallbackUrl']);
    const created = await h.call(`/v3/appnotificaciones/${inquiry}`, { method: 'POST', json: { CallbackUrl: 'http://127.0.0.1:9/', Descripcion: 'x' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ Topic: inquiry, CallbackUrl: 'http://127.0.0.1:9/', Descripcion: 'x' });
    expect((await h.call(`/v3/appnotificaciones/${inquiry}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('takes its own AgenciaCreate and AgenciaEdit members and serves the hooks at its own path', async () => {
    const mail = 'alt@sandbox.example.org';
    expect((await h.call('/v3/agencias', { method: 'POST', json: { AdminMail: mail, NombreFantasia: 'Alt' } })).status).toBe(202);
    expect((await h.call(`/_sim/agencias/${enc(mail)}/registro`, { method: 'POST' })).status).toBe(404);
    expect((await h.call(`/__hooks/agencias/${enc(mail)}/registro`, { method: 'POST' })).status).toBe(204);
    const edited = await h.call(`/v3/agencias/${enc(mail)}`, { method: 'PUT', json: { NombreFantasia: 'Alt 2' } });
    expect(edited.json).toMatchObject({ AdminMail: mail, NombreFantasia: 'Alt 2', Estado: 'registrada' });
  });

  it('delivers signed inquiry webhooks (Standard Webhooks) with the Consulta at /Data~1v3/Consulta~0 (RFC 6901 escapes: members "Data/v3", "Consulta~")', async () => {
    receiver = await startReceiver();
    await h.call(`/v3/appnotificaciones/${h.profile.topics.inquiry}`, { method: 'POST', json: { CallbackUrl: receiver.url } });
    const res = await h.call('/__hooks/consultas', { method: 'POST', json: { adminMail: PRIMARY_AGENCY, consulta: sampleInquiry() } });
    expect(res.status).toBe(201);
    const [delivery] = await receiver.waitFor(1);
    const payload = JSON.parse(delivery!.body) as { 'Data/v3': { 'Consulta~': unknown }; Topic: string };
    expect(payload.Topic).toBe(h.profile.topics.inquiry);
    consulta('strict').parse(payload['Data/v3']['Consulta~']);
    const signature = h.profile.webhooks.signature!;
    if (signature.scheme !== 'standard-webhooks') throw new Error('the alternative profile signs with standard-webhooks');
    const key = Buffer.from(signature.secret.replace(/^whsec_/, ''), 'base64');
    const { 'webhook-id': id, 'webhook-timestamp': timestamp } = delivery!.headers;
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${delivery!.body}`).digest('base64');
    expect(delivery!.headers['webhook-signature']).toBe(`v1,${expected}`);
  });
});
