import { endpoint, essence, forbiddenProblem, MEDIA_TYPES, PROBLEM_MEDIA_TYPE, representationModel, validationProblem } from '../models/index.ts';
import type { TargetResponse } from '../sut/client.ts';
import { runLifecycleModel, runScenario, type LifecycleOptions, type Model } from './appnotificaciones/lifecycle-model.ts';
import { topicView, type TopicView } from './appnotificaciones/topic-view.ts';
import { mentions } from './events/hooks.ts';
import { canonical } from './harness/canonical.ts';
import { check, type Check } from './harness/check.ts';
import { resolveLocation } from './harness/invitations.ts';
import { webhookSession } from './harness/webhook-session.ts';

// Endpoints > AppNotificaciones and Events: the webhook configuration lifecycle of one topic. Every check
// starts from a state it sets itself (DELETE, then POST when it needs a configured topic), on the profile's
// registration topic; the primary app's configurations are saved first and restored in afterAll.

const session = webhookSession();
let callbacks = 0;

const MODEL_MAX_COMMANDS = 12;

/** Saves every topic these checks may touch, before the first change (Safety). */
async function guardTopics(c: Check): Promise<void> {
  const { inquiry, registration, unavailable } = c.ctx.profile.topics;
  for (const topic of [inquiry, registration, unavailable]) await session.guard('primary', topic);
}

async function upsertBody(): Promise<Record<string, unknown>> {
  return session.upsertBody(await session.callbackUrl(`cfg-${++callbacks}`));
}

/** A topic that is available and not configured: DELETE answers 204 (it was) or 404 (it was not). */
async function unconfigured(c: Check): Promise<string> {
  await guardTopics(c);
  const topic = c.ctx.profile.topics.registration;
  const res = await c.send('appnotificaciones-delete', { params: { topic } });
  c.givenStatus(res, [204, 404], `DELETE to reach a known unconfigured state of '${topic}'`);
  return topic;
}

/** A topic that is available and configured by this run. */
async function configured(c: Check): Promise<string> {
  const topic = await unconfigured(c);
  const res = await c.send('appnotificaciones-post', { params: { topic }, json: await upsertBody() });
  c.givenStatus(res, 201, `POST to configure '${topic}' (see appnotificaciones/post-201-location)`);
  return topic;
}

/** An AppWebhook in one of the media types the row offers (json, text/json, entry). */
function expectAppWebhook(c: Check, res: TargetResponse, endpointId: string): void {
  const offered = (endpoint(endpointId).success.mediaTypes ?? []).map((f) => MEDIA_TYPES[f]);
  const type = essence(res.headers['content-type']);
  c.expect(offered.includes(type as (typeof offered)[number]), `a Content-Type among ${offered.join(', ')}, not '${type}'`, res);
  c.expectModel(res, representationModel('AppWebhook', 'full')!, 'an AppWebhook JSON object');
}

check(
  'appnotificaciones/post-201-location',
  async (c) => {
    const topic = await unconfigured(c);
    const res = await c.send('appnotificaciones-post', { params: { topic }, json: await upsertBody() });
    c.expectStatus(res, 201, 'POST of an available topic that is not configured');
    const location = c.present(res.headers.location, 'a Location header (URI of the webhook)', res, { kind: 'header-missing', subject: 'Location' });
    // Whether Location is relative or absolute, and what it names, is not shown: only that it is a URI.
    c.expect(location !== '' && URL.canParse(location, res.exchange.url), 'a Location that is a URI reference', res, {
      kind: 'header-wrong',
      subject: 'Location',
      value: 'no URI reference',
    });
    c.observe(`Location: ${location}`);
    expectAppWebhook(c, res, 'appnotificaciones-post');
  },
  { mutates: true },
);

check(
  'appnotificaciones/post-again-409',
  async (c) => {
    const topic = await configured(c);
    const res = await c.send('appnotificaciones-post', { params: { topic }, json: await upsertBody() });
    c.expectStatus(res, 409, 'a second POST of a configured topic');
    c.expect(essence(res.headers['content-type']) === PROBLEM_MEDIA_TYPE, `a ${PROBLEM_MEDIA_TYPE} body`, res);
    c.expectModel(res, validationProblem(), 'a validation problem body (Errors: 409)');
  },
  { mutates: true },
);

check(
  'appnotificaciones/put-200',
  async (c) => {
    const topic = await configured(c);
    const url = await session.callbackUrl(`cfg-${++callbacks}`);
    const res = await c.send('appnotificaciones-put', { params: { topic }, json: session.upsertBody(url) });
    c.expectStatus(res, 200, 'PUT of a configured topic');
    expectAppWebhook(c, res, 'appnotificaciones-put');
    // The fields of AppWebhook are not shown, so whether it echoes the new callback URL is only recorded.
    const read = await c.send('appnotificaciones-get', { params: { topic } });
    c.observe(`GET after PUT answered ${read.status ?? read.error?.code}, ${read.text.includes(url) ? 'showing' : 'not showing'} the new callback URL`);
  },
  { mutates: true },
);

check(
  'appnotificaciones/unconfigured-404',
  async (c) => {
    const topic = await unconfigured(c);
    // "404 (webhook unavailable or never configured)": the unavailable topic is never configured either.
    for (const t of [topic, c.ctx.profile.topics.unavailable]) {
      const get = await c.send('appnotificaciones-get', { params: { topic: t } });
      c.expectStatus(get, 404, `GET of '${t}', which is not configured`);
      const put = await c.send('appnotificaciones-put', { params: { topic: t }, json: await upsertBody() });
      c.expectStatus(put, 404, `PUT of '${t}', which is not configured`);
      const del = await c.send('appnotificaciones-delete', { params: { topic: t } });
      c.expectStatus(del, 404, `DELETE of '${t}', which is not configured`);
    }
  },
  { mutates: true },
);

check(
  'appnotificaciones/delete-204',
  async (c) => {
    const topic = await configured(c);
    const res = await c.send('appnotificaciones-delete', { params: { topic } });
    c.expectStatus(res, 204, 'DELETE of a configured topic');
    c.expect(res.text === '', 'no body with 204', res);
    const read = await c.send('appnotificaciones-get', { params: { topic } });
    c.expectStatus(read, 404, 'GET of the topic just deleted');
  },
  { mutates: true },
);

check(
  'appnotificaciones/unavailable-403',
  async (c) => {
    await guardTopics(c);
    const topic = c.ctx.profile.topics.unavailable;
    const res = await c.send('appnotificaciones-post', { params: { topic }, json: await upsertBody() });
    c.expectStatus(res, 403, `POST of '${topic}', which the profile says is not available`);
    c.expect(essence(res.headers['content-type']) === PROBLEM_MEDIA_TYPE, `a ${PROBLEM_MEDIA_TYPE} body (Errors: 403)`, res);
    c.expectModel(res, forbiddenProblem(), 'a problem body (a JSON object)');
  },
  { mutates: true },
);

check(
  'appnotificaciones/lifecycle-model',
  async (c) => {
    await guardTopics(c);
    await runLifecycleModel(c, await modelOptions(c, 'model'));
  },
  { mutates: true },
);

/** The lifecycle model's options: callback URLs `/<name>-<n>` on the session's receiver. */
async function modelOptions(c: Check, name: string): Promise<LifecycleOptions> {
  const base = await session.callbackUrl(name);
  return { topics: c.ctx.profile.topics, url: (n) => `${base}-${n}`, body: (url) => session.upsertBody(url), maxCommands: MODEL_MAX_COMMANDS };
}

/** POST, PUT and DELETE of the registration topic, from the model's known state. */
const CONFIGURE_REPLACE_REMOVE = [
  ['POST', 'registration'],
  ['PUT', 'registration'],
  ['DELETE', 'registration'],
] as const;

check(
  'appnotificaciones/post-location-resolves',
  async (c) => {
    const topic = await unconfigured(c);
    const url = await session.callbackUrl(`cfg-${++callbacks}`);
    const res = await c.send('appnotificaciones-post', { params: { topic }, json: session.upsertBody(url) });
    if (res.status !== 201) c.skip(`POST of '${topic}' answered ${res.status ?? res.error?.code} (see appnotificaciones/post-201-location)`);
    const location = resolveLocation(c, res);
    if (!location) return c.skip('the POST carried no usable Location (see appnotificaciones/post-201-location)');
    const there = await c.sendRaw({ method: 'GET', path: location.path, form: 'json' });
    c.expectStatus(there, 200, `GET on the Location ${location.raw}, the URI of the webhook just configured`);
    const read = await c.send('appnotificaciones-get', { params: { topic }, form: 'json' });
    c.givenStatus(read, 200, `GET of '${topic}', just configured`);
    // AppWebhook's fields are not shown: the webhook is recognised as the topic's own representation, or by
    // the callback URL only this POST configured — in a document that is not the list of every topic (which
    // carries it too, but is not "the URI of the webhook").
    const list = await c.send('appnotificaciones-list', { form: 'json' });
    const isList = list.status === 200 && canonical(there.json) === canonical(list.json);
    const same = canonical(there.json) === canonical(read.json) || (mentions(there.json, url) && !isList);
    c.expect(same, `the configuration of '${topic}' (as GET of the topic shows it, or carrying ${url}), not another`, there);
  },
  { mutates: true },
);

check(
  'appnotificaciones/reads-show-callback',
  async (c) => {
    await guardTopics(c);
    const topic = c.ctx.profile.topics.registration;
    await runScenario(c, await modelOptions(c, 'reads'), {
      steps: CONFIGURE_REPLACE_REMOVE.filter(([verb]) => verb !== 'DELETE'),
      async after(verb, _role, model: Model) {
        const url = model.configured.get('registration')!;
        const read = await c.send('appnotificaciones-get', { params: { topic }, form: 'json' });
        c.expectStatus(read, 200, `GET of '${topic}' after ${verb}`);
        c.expect(mentions(read.json, url), `after ${verb}, the configuration of '${topic}' showing its callback URL ${url}`, read);
      },
    });
  },
  { mutates: true },
);

/** Whether a body names `topic`: a value that holds it (an href, encoded or not; a name) or a member keyed by it. */
const names = (json: unknown, topic: string): boolean =>
  mentions(json, topic) ||
  JSON.stringify(json ?? null)
    .toLowerCase()
    .includes(`${JSON.stringify(topic.toLowerCase()).slice(0, -1)}":`);

check(
  'appnotificaciones/list-names-available',
  async (c) => {
    // "topics available and configured": an available topic is listed while nobody configured it, too.
    const topic = await unconfigured(c);
    const res = await c.send('appnotificaciones-list', { form: 'json' });
    c.givenStatus(res, 200, 'the AppWebhooks list');
    c.expect(names(res.json, topic), `the list to name '${topic}', available and not configured`, res);
    const other = c.ctx.profile.topics.inquiry;
    c.expect(names(res.json, other), `the list to name '${other}', available`, res);
  },
  { mutates: true },
);

check(
  'appnotificaciones/list-shows-configured',
  async (c) => {
    await guardTopics(c);
    const topic = c.ctx.profile.topics.registration;
    const view = async (): Promise<{ view: TopicView; res: TargetResponse }> => {
      const res = await c.send('appnotificaciones-list', { form: 'json' });
      c.expectStatus(res, 200, 'the AppWebhooks list');
      return { view: topicView(res.json, topic), res };
    };
    let unconfiguredView: TopicView | undefined;
    await runScenario(c, await modelOptions(c, 'list'), {
      steps: CONFIGURE_REPLACE_REMOVE,
      async start() {
        unconfiguredView = (await view()).view;
      },
      async after(verb, _role, model) {
        const { view: now, res } = await view();
        const before = unconfiguredView!;
        if (model.configured.has('registration')) {
          c.expect(now.text !== before.text, `after ${verb}, a list that shows '${topic}' configured, unlike before it was (${before.text})`, res);
        } else {
          c.expect(now.text === before.text, `after ${verb}, the list as it was before '${topic}' was configured (${before.text})`, res);
        }
      },
    });
  },
  { mutates: true },
);
