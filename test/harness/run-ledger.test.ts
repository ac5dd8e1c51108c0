import { describe, expect, it } from 'vitest';
import { callEndpoint, endpointRequest } from '../../sut/call.ts';
import { runLedger, sendingAs, watchRun } from '../../suites/harness/run-ledger.ts';
import { answer } from '../sut/tiny-server.ts';
import { closeTargetsAfterEach, tinyTarget } from '../sut/tiny-target.ts';

// The run ledger (issue 12 §4): it hears every exchange of the run's client, keeps each 5xx with who sent it,
// tells a request to a row of the catalog with credentials (judged) from one outside the rows (recorded), never
// counts a transport failure as a 5xx, and knows what was already sent.

closeTargetsAfterEach();

/** A target whose /v3/colores answers 500, whose /v3/carrocerias never answers, and the rest 200. */
const target = () =>
  tinyTarget(
    (req, socket) => {
      if (req.url?.startsWith('/v3/carrocerias')) return;
      answer(socket, req.url?.startsWith('/v3/colores') || req.url?.startsWith('/nope') ? 500 : 200, '[]');
    },
    { timeoutMs: 300 },
  );

describe('the run ledger', () => {
  it('keeps every 5xx with the check and property run that sent it, and judges only rows sent with credentials', async () => {
    const { client } = await target();
    watchRun('run-a', client);
    const ledger = runLedger('run-a')!;
    await sendingAs({ ruleId: 'status/colores-list/documented-only', property: { seed: 7, path: '3' } }, () =>
      callEndpoint(client, 'colores-list', { query: { q: 'ñ' } }),
    );
    await callEndpoint(client, 'colores-list', { app: null });
    await client.send({ method: 'GET', path: '/nope' });
    await callEndpoint(client, 'marcas-list');
    expect(ledger.sent).toBe(4);
    expect(ledger.serverErrors).toBe(3);
    expect(ledger.sightings.map((s) => [s.status, s.counted, s.ruleId])).toEqual([
      [500, true, 'status/colores-list/documented-only'],
      [500, false, undefined],
      [500, false, undefined],
    ]);
    expect(ledger.sightings[0]!.property).toEqual({ seed: 7, path: '3' });
    expect(ledger.sightings[0]!.exchange.url).toContain('/v3/colores?q=%C3%B1');
  });

  it('credits each request to the check that sent it when checks run concurrently', async () => {
    const { client } = await target();
    watchRun('run-d', client);
    const ledger = runLedger('run-d')!;
    const sender = (ruleId: string, q: string) =>
      sendingAs({ ruleId }, async () => {
        await callEndpoint(client, 'marcas-list');
        await callEndpoint(client, 'colores-list', { query: { q } });
      });
    await Promise.all([sender('status/colores-list/documented-only', 'a'), sender('errors/no-server-error', 'b')]);
    const credited = ledger.sightings.map((s) => [s.ruleId, new URL(s.exchange.url).searchParams.get('q')]);
    expect(credited.sort()).toEqual([
      ['errors/no-server-error', 'b'],
      ['status/colores-list/documented-only', 'a'],
    ]);
  });

  it('counts a timeout as a transport failure, not a 5xx', async () => {
    const { client } = await target();
    watchRun('run-b', client);
    const res = await callEndpoint(client, 'carrocerias-list');
    expect(res.error?.code).toBe('VMP_ERR_TIMEOUT');
    expect(runLedger('run-b')!.serverErrors).toBe(0);
  });

  it('knows the requests already sent (method, URL, app, form, headers, body), and belongs to one run id', async () => {
    const { client } = await target();
    watchRun('run-c', client);
    const ledger = runLedger('run-c')!;
    await callEndpoint(client, 'marcas-list', { query: { q: 'a' }, form: 'json' });
    expect(ledger.wasSent(endpointRequest('marcas-list', { query: { q: 'a' }, form: 'json' }))).toBe(true);
    expect(ledger.wasSent(endpointRequest('marcas-list', { query: { q: 'a' }, form: 'ref' }))).toBe(false);
    expect(ledger.wasSent(endpointRequest('marcas-list', { query: { q: 'a' }, form: 'json', app: 'other' }))).toBe(false);
    expect(runLedger('run-b')).toBeUndefined();
  });
});
