import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { consulta } from '../../models/index.ts';
import { boot, enc, PRIMARY_AGENCY, sampleInquiry, startReceiver, type Harness, type Receiver } from './support.ts';

// Events: deliveries to a local receiver — asynchronous, with a deadline, no retries.
let h: Harness;
let receiver: Receiver;
const WEBHOOK_TIMEOUT_MS = 1_500;
beforeAll(async () => {
  h = await boot({ webhookTimeoutMs: WEBHOOK_TIMEOUT_MS });
});
afterEach(async () => {
  await h.call(`${h.server.hooksPath}/reset`, { method: 'POST' });
  await h.server.idle();
  await receiver?.close();
});
afterAll(() => h.close());

const configure = (topic: string, url: string) => h.call(`/v3/appnotificaciones/${topic}`, { method: 'POST', json: { Url: url, Activo: true } });
const inject = () => h.call(`${h.server.hooksPath}/consultas`, { method: 'POST', json: { adminMail: PRIMARY_AGENCY, consulta: sampleInquiry() } });

describe('inquiry webhook', () => {
  it('delivers the payload with the Consulta at the profile pointer and identifying headers', async () => {
    receiver = await startReceiver();
    expect((await configure(h.profile.topics.inquiry, receiver.url)).status).toBe(201);
    const res = await inject();
    const { sid } = res.json as { sid: string };
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.method).toBe('POST');
    expect(delivery!.path).toBe('/hook');
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(delivery!.headers['x-vmp-app']).toBe('primary');
    expect(delivery!.headers['x-vmp-topic']).toBe(h.profile.topics.inquiry);
    expect(delivery!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(delivery!.headers)).not.toContain('vmp-primary-7f3a2c');
    const payload = JSON.parse(delivery!.body) as Record<string, unknown>;
    expect(h.profile.webhooks.consultaPointer).toBe('/Consulta');
    expect(payload).toMatchObject({ Topic: h.profile.topics.inquiry, AdminMail: PRIMARY_AGENCY, Sid: sid });
    const delivered = consulta('strict').parse(payload.Consulta);
    expect(delivered).toEqual((await h.call(res.headers.location!)).json);
  });

  it('never delays the API response, and gives up at the deadline without retrying', async () => {
    receiver = await startReceiver({ hang: true });
    await configure(h.profile.topics.inquiry, receiver.url);
    const started = performance.now();
    expect((await inject()).status).toBe(201);
    // The receiver never answers, yet the API answered well before the delivery deadline.
    expect(performance.now() - started).toBeLessThan(WEBHOOK_TIMEOUT_MS * 0.66);
    await receiver.waitFor(1);
    await h.server.idle();
    expect(performance.now() - started).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS * 0.9);
    // No retry follows the timeout.
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(1);
  });

  it('delivers nothing when the topic is not configured', async () => {
    receiver = await startReceiver();
    await configure(h.profile.topics.registration, receiver.url);
    await inject();
    await h.server.idle();
    expect(receiver.received).toHaveLength(0);
  });
});

describe('resendwebhook', () => {
  it('answers 202 with the callback URL and the payload, and the callback receives exactly that payload', async () => {
    receiver = await startReceiver({ status: 500 });
    await configure(h.profile.topics.inquiry, receiver.url);
    const list = await h.call(`/v3/consultas/${enc(PRIMARY_AGENCY)}`, { form: 'ref' });
    const href = (list.json as { _entries: { href: string }[] })._entries[0]!.href;
    const res = await h.call(`${href}/resendwebhook`, { method: 'POST' });
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(receiver.url);
    const [delivery] = await receiver.waitFor(1);
    expect(JSON.parse(delivery!.body)).toEqual(res.json);
    expect((res.json as { Consulta: unknown }).Consulta).toEqual((await h.call(href)).json);
    await h.server.idle();
    expect(receiver.received).toHaveLength(1);
  });
});

describe('resendwebhook without a configured callback (profile webhooks.resendWithoutCallback)', () => {
  const firstInquiry = async (harness: Harness) => {
    const list = await harness.call(`/v3/consultas/${enc(PRIMARY_AGENCY)}`, { form: 'ref' });
    return (list.json as { _entries: { href: string }[] })._entries[0]!.href;
  };

  it('"accept": 202 with the payload, nothing sent, Location naming the configuration to create', async () => {
    const res = await h.call(`${await firstInquiry(h)}/resendwebhook`, { method: 'POST' });
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/v3/appnotificaciones/${h.profile.topics.inquiry}`);
    expect(res.json).toMatchObject({ Topic: h.profile.topics.inquiry, AdminMail: PRIMARY_AGENCY });
  });

  it('"refuse": 400 keyed _ before anything else, and 202 once the inquiry topic is configured', async () => {
    const refusing = await boot({ profile: { ...h.profile, webhooks: { ...h.profile.webhooks, resendWithoutCallback: 'refuse' } } });
    try {
      const href = await firstInquiry(refusing);
      const res = await refusing.call(`${href}/resendwebhook`, { method: 'POST' });
      expect(res.status).toBe(400);
      expect(Object.keys((res.json as { Errors: object }).Errors)).toEqual(['_']);
      // Even for an agency the app does not have, or an unknown inquiry: no callback is checked first.
      expect((await refusing.call(`/v3/consultas/nadie%40example.test/${'Z'.repeat(24)}/resendwebhook`, { method: 'POST' })).status).toBe(400);
      receiver = await startReceiver();
      const configured = await refusing.call(`/v3/appnotificaciones/${h.profile.topics.inquiry}`, {
        method: 'POST',
        json: { Url: receiver.url, Activo: true },
      });
      expect(configured.status).toBe(201);
      const accepted = await refusing.call(`${href}/resendwebhook`, { method: 'POST' });
      expect(accepted.status).toBe(202);
      expect(accepted.headers.location).toBe(receiver.url);
      const [delivery] = await receiver.waitFor(1);
      expect(JSON.parse(delivery!.body)).toEqual(accepted.json);
      expect((await refusing.call(`/v3/consultas/nadie%40example.test/${'Z'.repeat(24)}/resendwebhook`, { method: 'POST' })).status).toBe(403);
    } finally {
      await refusing.server.idle();
      await refusing.close();
    }
  });
});

describe('registration webhook', () => {
  it('is delivered when an invited agency registers, if the app configured the topic', async () => {
    receiver = await startReceiver();
    await configure(h.profile.topics.registration, receiver.url);
    const mail = 'registro.webhook@example.test';
    await h.call('/v3/agencias', { method: 'POST', json: { AdminMail: mail, RazonSocial: 'Con Webhook' } });
    expect((await h.call(`${h.server.hooksPath}/agencias/${enc(mail)}/registro`, { method: 'POST' })).status).toBe(204);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.headers['x-vmp-topic']).toBe(h.profile.topics.registration);
    const payload = JSON.parse(delivery!.body) as { Agencia: unknown };
    expect(payload).toMatchObject({ Topic: h.profile.topics.registration, AdminMail: mail, Estado: 'registrada' });
    expect(payload.Agencia).toEqual((await h.call(`/v3/agencias/${enc(mail)}`)).json);
  });
});
