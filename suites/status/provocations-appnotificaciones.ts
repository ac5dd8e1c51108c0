import { LIMITS } from '../../models/index.ts';
import { tokenOfLength } from '../../generators/text.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { Check } from '../harness/check.ts';
import { freshTopic, webhookBody } from '../harness/request-inputs.ts';
import { read, type ProvocationTable, type StatusContext } from './provocation.ts';

// Endpoints > AppNotificaciones. The lifecycle statuses act on the profile's registration topic, whose
// configuration the session saves before the first change and restores in afterAll; every other status uses
// a topic nobody configured or the profile's unavailable topic, and changes nothing.

const topicOf = (c: Check) => c.ctx.profile.topics.registration;
const is2xx = (res: TargetResponse) => res.status !== undefined && res.status >= 200 && res.status < 300;
const tooLong = (c: Check) => tokenOfLength(LIMITS.topic.maxLength + 1, `${c.ctx.runId}t`);

/** Brings the lifecycle topic to "configured" (POST when it is not), after saving it. */
async function configured(c: Check, s: StatusContext): Promise<string> {
  const topic = topicOf(c);
  await s.session.guard('primary', topic);
  const get = await c.send('appnotificaciones-get', { params: { topic }, form: 'json' });
  if (get.status === 200) return topic;
  c.givenStatus(get, 404, `reading the configuration of '${topic}'`);
  const post = await c.send('appnotificaciones-post', { params: { topic }, json: webhookBody(c), form: 'json' });
  // A precondition, not the rule under test (status/appnotificaciones-post/201 is): any success will do.
  c.given(is2xx(post), `configuring the available topic '${topic}' (a 2xx)`, post);
  return topic;
}

/** Brings the lifecycle topic to "not configured" (DELETE when it is), after saving it. */
async function unconfigured(c: Check, s: StatusContext): Promise<string> {
  const topic = topicOf(c);
  await s.session.guard('primary', topic);
  const get = await c.send('appnotificaciones-get', { params: { topic }, form: 'json' });
  if (get.status === 404) return topic;
  c.givenStatus(get, 200, `reading the configuration of '${topic}'`);
  const removed = await c.send('appnotificaciones-delete', { params: { topic } });
  c.given(is2xx(removed), `removing the configuration of '${topic}' (a 2xx)`, removed);
  return topic;
}

/** POST or PUT of the profile's AppWebhookUpsert template on `topic`, asking for the json form. */
const upsert = (c: Check, endpointId: 'appnotificaciones-post' | 'appnotificaciones-put', topic: string) =>
  c.send(endpointId, { params: { topic }, json: webhookBody(c), form: 'json' });

export const APPNOTIFICACIONES_PROVOCATIONS: ProvocationTable = {
  'appnotificaciones-list/200': { provoke: (c) => read(c, 'appnotificaciones-list', {}) },

  'appnotificaciones-get/200': {
    async provoke(c, s) {
      // A topic the app already configured needs no change; otherwise configure one (saved and restored).
      for (const topic of [c.ctx.profile.topics.inquiry, topicOf(c)]) {
        const found = await read(c, 'appnotificaciones-get', { params: { topic } });
        if (found.res.status === 200) return found;
      }
      if (c.ctx.readOnly) c.skip('read-only run: no topic is configured and configuring one changes the target');
      return read(c, 'appnotificaciones-get', { params: { topic: await configured(c, s) } });
    },
  },
  'appnotificaciones-get/404': { provoke: (c) => read(c, 'appnotificaciones-get', { params: { topic: freshTopic(c, 'st') } }) },

  'appnotificaciones-post/201': {
    mutates: true,
    provoke: async (c, s) => ({ res: await upsert(c, 'appnotificaciones-post', await unconfigured(c, s)), form: 'json' }),
  },
  // "403 (topic not available)": the profile names a topic that is not available to the app.
  'appnotificaciones-post/403': {
    provoke: async (c) => ({ res: await upsert(c, 'appnotificaciones-post', c.ctx.profile.topics.unavailable) }),
  },
  'appnotificaciones-post/409': {
    mutates: true,
    provoke: async (c, s) => ({ res: await upsert(c, 'appnotificaciones-post', await configured(c, s)) }),
  },
  // Limits: topic "at most 80 characters"; where 400 is documented a limit violation is a 400.
  'appnotificaciones-post/400': { provoke: async (c) => ({ res: await upsert(c, 'appnotificaciones-post', tooLong(c)) }) },

  'appnotificaciones-put/200': {
    mutates: true,
    provoke: async (c, s) => ({ res: await upsert(c, 'appnotificaciones-put', await configured(c, s)), form: 'json' }),
  },
  'appnotificaciones-put/404': { provoke: async (c) => ({ res: await upsert(c, 'appnotificaciones-put', freshTopic(c, 'st')) }) },
  'appnotificaciones-put/400': { provoke: async (c) => ({ res: await upsert(c, 'appnotificaciones-put', tooLong(c)) }) },

  'appnotificaciones-delete/204': {
    mutates: true,
    provoke: async (c, s) => ({ res: await c.send('appnotificaciones-delete', { params: { topic: await configured(c, s) } }) }),
  },
  'appnotificaciones-delete/404': {
    provoke: async (c) => ({ res: await c.send('appnotificaciones-delete', { params: { topic: freshTopic(c, 'st') } }) }),
  },
};
