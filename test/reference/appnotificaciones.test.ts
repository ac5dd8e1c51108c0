import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, PROBLEM_MEDIA_TYPE, validationProblem } from '../../models/index.ts';
import { boot, enc, type Harness } from './support.ts';

// Endpoints > AppNotificaciones: one configuration per app and available topic.
let h: Harness;
let inquiryTopic: string;
let registrationTopic: string;
beforeAll(async () => {
  h = await boot();
  ({ inquiry: inquiryTopic, registration: registrationTopic } = h.profile.topics);
});
afterAll(() => h.close());

const path = (topic: string) => `/v3/appnotificaciones/${enc(topic)}`;
const upsert = (url: string) => ({ Url: url, Activo: true });
const send = (method: string, topic: string, app: 'primary' | 'other' | 'empty' = 'primary', json?: unknown) =>
  h.call(path(topic), { method, app, ...(json !== undefined ? { json } : {}) });

describe('webhook configuration', () => {
  it('lists the available topics and which are configured', async () => {
    const before = await h.call('/v3/appnotificaciones', { app: 'empty' });
    expect(before.status).toBe(200);
    const topics = (before.json as { Topicos: { Topic: string; Configurado: boolean }[] }).Topicos;
    expect(topics.map((t) => t.Topic)).toEqual([inquiryTopic, registrationTopic]);
    expect(topics.every((t) => !t.Configurado)).toBe(true);
    expect((await h.call('/v3/appnotificaciones', { form: 'ref' })).status).toBe(406);
  });

  it('runs the lifecycle: 201 + Location, 409, 200, GET, 204, then 404', async () => {
    const app = 'empty';
    expect((await send('GET', registrationTopic, app)).status).toBe(404);
    expect((await send('PUT', registrationTopic, app, upsert('http://127.0.0.1:9/a'))).status).toBe(404);
    expect((await send('DELETE', registrationTopic, app)).status).toBe(404);
    const created = await send('POST', registrationTopic, app, upsert('http://127.0.0.1:9/a'));
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(path(registrationTopic));
    expect(created.json).toMatchObject({ Topic: registrationTopic, Url: 'http://127.0.0.1:9/a', Activo: true });
    const again = await send('POST', registrationTopic, app, upsert('http://127.0.0.1:9/b'));
    expect(again.status).toBe(409);
    expect(again.headers['content-type']).toBe(PROBLEM_MEDIA_TYPE);
    expect(Object.keys(validationProblem('strict').parse(again.json).Errors)).toEqual(['topic']);
    const replaced = await send('PUT', registrationTopic, app, { Url: 'https://hooks.example.test/b' });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ Url: 'https://hooks.example.test/b', Activo: null });
    const read = await send('GET', registrationTopic, app);
    expect(read.json).toEqual(replaced.json);
    const topics = ((await h.call('/v3/appnotificaciones', { app })).json as { Topicos: { Topic: string; Configurado: boolean }[] }).Topicos;
    expect(topics.find((t) => t.Topic === registrationTopic)?.Configurado).toBe(true);
    const removed = await send('DELETE', registrationTopic, app);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await send('GET', registrationTopic, app)).status).toBe(404);
  });

  it('takes back what GET gave (read-only members and _links ignored)', async () => {
    await send('POST', inquiryTopic, 'other', upsert('http://127.0.0.1:9/c'));
    const { _links, ...saved } = (await send('GET', inquiryTopic, 'other')).json as Record<string, unknown>;
    expect(_links).toBeDefined();
    expect((await send('PUT', inquiryTopic, 'other', saved)).status).toBe(200);
    expect((await send('DELETE', inquiryTopic, 'other')).status).toBe(204);
  });

  it('keeps configurations per app', async () => {
    await send('POST', inquiryTopic, 'primary', upsert('http://127.0.0.1:9/p'));
    expect((await send('GET', inquiryTopic, 'other')).status).toBe(404);
    expect((await send('POST', inquiryTopic, 'other', upsert('http://127.0.0.1:9/o'))).status).toBe(201);
    expect(((await send('GET', inquiryTopic, 'primary')).json as { Url: string }).Url).toBe('http://127.0.0.1:9/p');
    await send('DELETE', inquiryTopic, 'primary');
    await send('DELETE', inquiryTopic, 'other');
  });

  it('answers 403 to POST of an unavailable topic, 404 to its GET, PUT and DELETE', async () => {
    const topic = h.profile.topics.unavailable;
    const post = await send('POST', topic, 'primary', upsert('http://127.0.0.1:9/x'));
    expect(post.status).toBe(403);
    expect(post.headers['content-type']).toBe(PROBLEM_MEDIA_TYPE);
    for (const method of ['GET', 'DELETE']) expect((await send(method, topic)).status).toBe(404);
    expect((await send('PUT', topic, 'primary', upsert('http://127.0.0.1:9/x'))).status).toBe(404);
  });

  it('answers 400 keyed by the URL member when it is missing or not an absolute http(s) URL', async () => {
    for (const body of [{}, { Url: 'ftp://x.example/h' }, { Url: '/relative' }, { Url: 'not a url' }, { Url: 5 }]) {
      const res = await send('POST', inquiryTopic, 'primary', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(validationProblem('strict').parse(res.json).Errors)).toEqual(['Url']);
    }
    const typed = await send('POST', inquiryTopic, 'primary', { Url: 'http://127.0.0.1:9/x', Activo: 'yes' });
    expect(Object.keys(validationProblem().parse(typed.json).Errors)).toEqual(['Activo']);
  });

  it('matches the configuration model under any sequence of POST, PUT, GET and DELETE', async () => {
    const op = fc.record({ method: fc.constantFrom('POST', 'PUT', 'GET', 'DELETE'), url: fc.constantFrom('http://127.0.0.1:9/1', 'https://h.example.test/2') });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        await send('DELETE', registrationTopic, 'other');
        let configured: string | undefined;
        for (const { method, url } of ops) {
          const res = await send(method, registrationTopic, 'other', method === 'POST' || method === 'PUT' ? upsert(url) : undefined);
          const expected = { POST: configured ? 409 : 201, PUT: configured ? 200 : 404, GET: configured ? 200 : 404, DELETE: configured ? 204 : 404 }[method]!;
          expect(res.status).toBe(expected);
          if (method === 'POST' && !configured) configured = url;
          else if (method === 'PUT' && configured) configured = url;
          else if (method === 'DELETE') configured = undefined;
          if (method === 'GET' && configured) expect((res.json as { Url: string }).Url).toBe(configured);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('topic limit', () => {
  const atLimit = 't'.repeat(LIMITS.topic.maxLength);
  const pastLimit = 't'.repeat(LIMITS.topic.maxLength + 1);

  it(`accepts a topic of ${LIMITS.topic.maxLength} characters (an unavailable one: 403 / 404)`, async () => {
    expect((await send('POST', atLimit, 'primary', upsert('http://127.0.0.1:9/x'))).status).toBe(403);
    expect((await send('PUT', atLimit, 'primary', upsert('http://127.0.0.1:9/x'))).status).toBe(404);
    expect((await send('GET', atLimit)).status).toBe(404);
    expect((await send('DELETE', atLimit)).status).toBe(404);
  });

  it(`rejects a topic of ${LIMITS.topic.maxLength + 1}: 400 where documented, else 404`, async () => {
    for (const method of ['POST', 'PUT']) {
      const res = await send(method, pastLimit, 'primary', upsert('http://127.0.0.1:9/x'));
      expect(res.status).toBe(400);
      expect(Object.keys(validationProblem().parse(res.json).Errors)).toEqual(['topic']);
    }
    expect((await send('GET', pastLimit)).status).toBe(404);
    expect((await send('DELETE', pastLimit)).status).toBe(404);
  });
});
