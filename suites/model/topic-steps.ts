import type { TargetResponse } from '../../sut/client.ts';
import { mentions } from '../events/hooks.ts';
import type { Difference } from './compare.ts';
import { notShown, predictTopicRow } from './predict.ts';
import { SetupError } from './pool.ts';
import { guardedWrite, REFUSED_RULE, type Read } from './reads.ts';
import type { ModelRunner } from './runner.ts';
import { statusOf } from './outcomes.ts';
import { predictTopic, TOPIC_ENDPOINT, TOPIC_ROLES, type TopicRole, type TopicStep, type Verb } from './topics.ts';
import type { App, World } from './world.ts';

// One webhook-configuration request of one app, judged by the model and followed by the reads it calls for: a
// refused write (403, 404, 409) by the caller's own read of the topic and every other app's read of it; an
// accepted one by its neighbours — the caller's other topics and the same topic of every other app (Events:
// "configured per topic"; Authentication: the webhook configuration changeable is the calling app's).

export const TOPICS_RULE = 'scoping/topics-per-app';

/** The refusal statement of each write verb (models/statements/): what a 403/404/409 of it means. */
const REFUSAL: Record<Exclude<Verb, 'GET'>, (role: TopicRole) => string> = {
  POST: (role) => (role === 'unavailable' ? 'endpoints/appnotificaciones-post/403' : 'endpoints/appnotificaciones-post/409'),
  PUT: () => 'endpoints/appnotificaciones-put/404',
  DELETE: () => 'endpoints/appnotificaciones-delete/404',
};

const topicRead = (r: ModelRunner, app: App, role: TopicRole, statement: string): Read => ({
  app,
  endpointId: TOPIC_ENDPOINT.GET,
  params: { topic: r.ctx.profile.topics[role] },
  what: `app ${app}'s '${r.ctx.profile.topics[role]}' configuration`,
  statement,
});

/** The apps whose topics the run may change and read: primary and other (the empty app is only read). */
const peers = (w: World, app: App): App[] => w.apps.filter((a) => a !== app);

export interface TopicStepResult {
  res: TargetResponse;
  differences: Difference[];
}

/**
 * Sends `verb` on `role`'s topic as `app` and judges it (rule: the caller's); the world moves on where the answer
 * is the predicted one. Skipped (undefined) while the model does not know the topic's state.
 */
export async function topicStep(r: ModelRunner, w: World, app: App, verb: Verb, role: TopicRole, rule = TOPICS_RULE): Promise<TopicStepResult | undefined> {
  const p = predictTopicRow(w, app, verb, role);
  if (!p) return undefined;
  const topic = r.ctx.profile.topics[role];
  const what = `app ${app} ${verb} '${topic}'`;
  const expectation = { rule, status: p.status, statement: 'auth/scoped-to-app', what, facets: p.facets ?? [] };
  const url = verb === 'POST' || verb === 'PUT' ? await r.callbackUrl(app, role) : undefined;
  const send = () => r.send(TOPIC_ENDPOINT[verb], { app, params: { topic }, ...(url ? { json: r.session.upsertBody(url) } : {}), form: 'json' });
  let out: TopicStepResult;
  if (verb === 'GET') {
    const res = await send();
    out = { res, differences: r.judge(expectation, res) };
  } else {
    // Refused: the caller's own topic and every other app's must read as before. Accepted: the caller's other
    // topics and the other apps' same topic (their reads are what the write must not reach).
    const refusedReads = [topicRead(r, app, role, 'events/per-topic'), ...peers(w, app).map((a) => topicRead(r, a, role, 'auth/scoped-to-app'))];
    const neighbours = [
      ...TOPIC_ROLES.filter((x) => x !== role && x !== 'unavailable').map((x) => topicRead(r, app, x, 'events/per-topic')),
      ...peers(w, app).map((a) => topicRead(r, a, role, 'auth/scoped-to-app')),
    ];
    const untouched = p.status.every((s) => s >= 400) ? refusedReads : neighbours;
    out = await guardedWrite(r, { expectation, send, untouched, refusal: REFUSAL[verb](w.available.get(app)?.get(role) === false ? 'unavailable' : role) });
  }
  if (!out.res.error) learnAvailability(w, app, role, verb, out.res.status);
  if (out.res.status === p.status[0] && !out.res.error) move(w, app, role, p.step, url);
  return out;
}

/**
 * What an answer tells of the topic's availability to the app, where the model did not know it: a configuration
 * created, read, replaced or removed is available; POST refused with 403 (Events: "only topics available to the
 * app can be configured (otherwise 403)") is not. A 404 tells nothing: "unavailable or never configured".
 */
export function learnAvailability(w: World, app: App, role: TopicRole, verb: Verb, status: number | undefined): void {
  const known = w.available.get(app)!;
  if (known.has(role) || status === undefined) return;
  if (status === statusOf(TOPIC_ENDPOINT[verb], 'success')) known.set(role, true);
  else if (verb === 'POST' && status === statusOf(TOPIC_ENDPOINT.POST, 'forbidden')) known.set(role, false);
}

/** The world after a step answered as predicted: a write that was not refused leaves its URL, or none, as the app's. */
function move(w: World, app: App, role: TopicRole, step: TopicStep, url: string | undefined): void {
  if (!step.writes) return;
  const next = step.configured ? url! : null;
  w.topics.get(app)!.set(role, next);
  if (next) w.urlsOf.get(app)!.add(next);
}

/**
 * Points (app, role's topic) at a new callback URL of the run: PUT, and where PUT finds it unavailable or never
 * configured (404) POST. Both judged: the refused PUT left the topic unconfigured (model/refused-write-unchanged),
 * and POST of a topic this app has not configured creates it (201) whatever other apps configured
 * (scoping/topics-per-app) — where the topic is available to the app. Whether it is, the PUT's 404 does not say;
 * where the model does not know (another app than the profile's), POST's 403 says it is not: then the topic stays
 * unconfigured and undefined comes back. Throws SetupError when the topic could not be configured otherwise.
 */
export async function configureTopic(r: ModelRunner, w: World, app: App, role: Exclude<TopicRole, 'unavailable'>): Promise<string | undefined> {
  const topic = r.ctx.profile.topics[role];
  await r.session.guard(app, topic);
  const url = await r.callbackUrl(app, role);
  const call = { app, params: { topic }, json: r.session.upsertBody(url), form: 'json' as const };
  const put = await r.send(TOPIC_ENDPOINT.PUT, call);
  learnAvailability(w, app, role, 'PUT', put.status);
  if (put.status === predictTopic('PUT', role, true).status && !put.error) return configured(w, app, role, url);
  if (put.status !== predictTopic('PUT', role, false).status) throw new SetupError(`app ${app}'s PUT of '${topic}' answered ${put.status ?? put.error?.code}`);
  const read = await r.send(TOPIC_ENDPOINT.GET, { app, params: { topic }, form: 'json' });
  const unconfigured = predictTopic('GET', role, false).status;
  const statement = 'endpoints/appnotificaciones-put/404';
  const expectation = `'${topic}' still not configured for app ${app} after its PUT answered ${put.status}: ${unconfigured}, not ${read.status} [${statement}]`;
  r.ledger.record(REFUSED_RULE, read, read.status === unconfigured ? [] : [{ rule: REFUSED_RULE, statement, expectation, res: read }]);
  w.topics.get(app)!.set(role, null);
  const p = predictTopicRow(w, app, 'POST', role)!;
  const what = `app ${app} POST '${topic}', which its PUT found unavailable or not configured`;
  const post = await r.send(TOPIC_ENDPOINT.POST, call);
  r.judge({ rule: TOPICS_RULE, statement: 'auth/scoped-to-app', status: p.status, what, facets: p.facets ?? [] }, post);
  learnAvailability(w, app, role, 'POST', post.status);
  if (post.status === p.step.status && p.step.writes && !post.error) return configured(w, app, role, url);
  if (w.available.get(app)!.get(role) === false && post.status === predictTopic('POST', 'unavailable', false).status) return undefined;
  throw new SetupError(`app ${app}'s '${topic}' could not be configured: POST answered ${post.status ?? post.error?.code}`);
}

function configured(w: World, app: App, role: TopicRole, url: string): string {
  w.topics.get(app)!.set(role, url);
  w.urlsOf.get(app)!.add(url);
  return url;
}

/** The app's AppWebhooks list shows no callback URL that is not its configuration now (another app's, a replaced one). */
export async function judgeTopicList(r: ModelRunner, w: World, app: App, rule = TOPICS_RULE): Promise<void> {
  const res = await r.send('appnotificaciones-list', { app, form: 'json' });
  const facets = notShown(w, app).map((url) => ({
    says: `not ${url}, which is no configuration of app ${app} now`,
    holds: (x: TargetResponse) => !mentions(x.json, url),
  }));
  r.judge({ rule, statement: 'auth/scoped-to-app', status: [statusOf('appnotificaciones-list', 'success')], what: `app ${app}'s AppWebhooks`, facets }, res);
}
