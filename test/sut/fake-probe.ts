import type { SendRequest, TargetClient, TargetResponse } from '../../sut/client.ts';
import type { Probe } from '../../sut/infer/probe.ts';

// A probe of sut/infer/ on a fake target: `answer` gives each request's status, headers and JSON body.

export function fakeProbe(answer: (req: SendRequest) => [number, Record<string, string>?, unknown?], extra: Partial<Probe> = {}): Probe {
  const client = {
    baseUrl: 'http://fake.test',
    async send(req: SendRequest): Promise<TargetResponse> {
      const [status, headers = {}, json] = answer(req);
      return {
        status,
        headers,
        text: JSON.stringify(json ?? ''),
        json,
        exchange: { method: req.method, url: `http://fake.test${req.path}` } as TargetResponse['exchange'],
      };
    },
  } as unknown as TargetClient;
  return {
    client,
    known: { apps: {} as Probe['known']['apps'] },
    readOnly: false,
    fixtures: {} as Probe['fixtures'],
    verify: () => false,
    runId: 'rtest',
    changes: {} as Probe['changes'],
    deliveryMs: 100,
    ...extra,
  };
}
