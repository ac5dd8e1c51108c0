import { describe, expect, it } from 'vitest';
import type { SendRequest } from '../../sut/client.ts';
import { bodyTypeInferrer } from '../../sut/infer/body-type.ts';
import { fakeProbe } from './fake-probe.ts';

// Issue 28 §3: how a body labelled with another media type is refused is not shown (415, or a 400 validation
// problem); init tells the readings apart by POSTing the registration topic, unconfigured first, labelled text/plain.

const known = { apps: {}, topics: { registration: 'alta' }, templates: { webhookUpsert: { Url: '{{url}}' } } } as never;
const changes = { useTemplate: () => undefined, guard: async () => true } as never;

function probeAnswering(post: [number, Record<string, string>?, unknown?]) {
  const seen: SendRequest[] = [];
  const p = fakeProbe(
    (req) => {
      seen.push(req);
      return req.method === 'DELETE' ? [204] : req.method === 'POST' && req.contentType === 'text/plain; charset=utf-8' ? post : [500];
    },
    { known, changes },
  );
  return { p, seen };
}

describe('bodyTypeRefusal inferred by a valid body labelled text/plain', () => {
  it.each([
    ['unsupported-media-type', [415]],
    ['invalid', [400, {}, { Errors: { _: ['tipo no admitido'] } }]],
  ] as const)('%s', async (reading, post) => {
    const { p, seen } = probeAnswering([...post] as [number, Record<string, string>?, unknown?]);
    const out = await bodyTypeInferrer.infer(p);
    expect(out.found).toEqual([expect.objectContaining({ key: 'bodyTypeRefusal', value: reading })]);
    expect(seen.map((r) => r.method)).toEqual(['DELETE', 'POST']);
  });

  it('taken (201), or --read-only: a hint, no value', async () => {
    expect((await bodyTypeInferrer.infer(probeAnswering([201, {}, {}]).p)).found).toEqual([]);
    const readOnly = fakeProbe(() => [500], { known, changes, readOnly: true });
    expect((await bodyTypeInferrer.infer(readOnly)).hints[0]?.key).toBe('bodyTypeRefusal');
  });
});
