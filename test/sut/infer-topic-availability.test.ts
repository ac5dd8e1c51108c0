import { describe, expect, it } from 'vitest';
import type { SendRequest } from '../../sut/client.ts';
import { topicAvailabilityInferrer } from '../../sut/infer/topic-availability.ts';
import { fakeProbe } from './fake-probe.ts';

// Issue 28 §3: topic availability may differ per app; init tells it by POSTing each of the primary app's topics as
// each other app: 403 is not available, 201 (put back) or 409 is.

const known = {
  apps: { primary: {}, other: {} },
  topics: { inquiry: 'consultas', registration: 'altas' },
  templates: { webhookUpsert: { Url: '{{url}}' } },
} as never;
const changes = { useTemplate: () => undefined, guard: async () => true } as never;

const probe = (answer: (app: string, topic: string) => number) =>
  fakeProbe((req: SendRequest) => [req.method === 'POST' ? answer(String(req.app ?? 'primary'), decodeURIComponent(req.path.split('/').at(-1)!)) : 500], {
    known,
    changes,
  });

describe('unavailableTopics inferred by POST as each other app', () => {
  it('403 names the topic unavailable to that app; 201 and 409 are available', async () => {
    const out = await topicAvailabilityInferrer.infer(probe((app, topic) => (app === 'other' && topic === 'consultas' ? 403 : topic === 'altas' ? 409 : 201)));
    expect(out.found).toEqual([expect.objectContaining({ key: 'unavailableTopics', value: { other: ['consultas'] } })]);
  });

  it('every topic available: an empty map; an answer that tells neither: a hint', async () => {
    expect((await topicAvailabilityInferrer.infer(probe(() => 201))).found[0]?.value).toEqual({});
    const out = await topicAvailabilityInferrer.infer(probe(() => 400));
    expect(out.found).toEqual([]);
    expect(out.hints[0]?.key).toBe('unavailableTopics');
  });
});
