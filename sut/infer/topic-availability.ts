import { callEndpoint } from '../call.ts';
import { fillTemplate } from '../templates.ts';
import { found, hint, outcome, type Inferrer } from './probe.ts';

// Events: "only topics available to the app can be configured (otherwise 403)"; which topics are available is
// per app, and the profile's inquiry and registration topics are the primary app's. For each other app, POST of
// each of them tells: 403 is not available; 201 (created: put back when the probing ends) or 409 (configured
// already) is. AppWebhooks ("topics available and configured for the app") is not read for it: a list that shows
// only configured topics would pass an unconfigured one for unavailable.

const APPS = ['other', 'empty'] as const;

export const topicAvailabilityInferrer: Inferrer = {
  name: 'topics available to each app',
  keys: ['unavailableTopics'],
  async infer(p) {
    const { inquiry, registration } = p.known.topics ?? {};
    const template = p.known.templates?.webhookUpsert;
    if (p.readOnly || inquiry === undefined || registration === undefined || template === undefined)
      return outcome(
        [],
        [hint('unavailableTopics', `${p.readOnly ? '--read-only configures nothing' : 'the topics or the upsert template are not known'}: not tried`)],
      );
    p.changes.useTemplate(template);
    const unavailable: Record<string, string[]> = {};
    const told: string[] = [];
    for (const app of APPS.filter((a) => p.known.apps[a] !== undefined)) {
      for (const topic of [inquiry, registration]) {
        if (!(await p.changes.guard(app, topic)))
          return outcome([], [hint('unavailableTopics', `app ${app}'s '${topic}' could not be saved to be put back: not tried`)]);
        const json = fillTemplate(template, { url: p.receiver?.url(`${app}-availability`) ?? 'https://vmp-conformance.invalid/init', runId: p.runId });
        const res = await callEndpoint(p.client, 'appnotificaciones-post', { app, params: { topic }, json });
        if (res.status === 403) (unavailable[app] ??= []).push(topic);
        else if (res.status !== 201 && res.status !== 409)
          return outcome(
            [],
            [hint('unavailableTopics', `POST /v3/appnotificaciones/${topic} as app ${app} answered ${res.status ?? res.error?.code}: neither 403 nor 201/409`)],
          );
        told.push(`${app} '${topic}' ${res.status}`);
      }
    }
    const how = `POST of the inquiry and registration topics as each other app (403: not available; 201, put back, or 409: available): ${told.join(', ') || 'no other app'}`;
    return outcome([found('unavailableTopics', unavailable, how)]);
  },
};
