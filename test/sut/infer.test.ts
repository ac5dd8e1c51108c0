import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_TYPES } from '../../models/index.ts';
import { pointerTo } from '../../sut/infer/deliveries.ts';
import { inferProfile, type Inference } from '../../sut/infer/infer.ts';
import { parseDraftProfile } from '../../sut/profile-load.ts';

// Issue 14: inference reads what a target shows, not what our reference server chooses. A small target that
// chooses otherwise than the reference server does wherever the spec is silent — an X-Token header, AppWebhooks
// entries without links, days reckoned in UTC-5 though every timestamp is written in UTC, catalog ids as UUIDs
// named by the records' own links, a page size of 20 — and answers 404 to everything else: each choice is told,
// what it does not show is a hint, and no probe it answers oddly stops the inference.

const AGENCY = 'dueno@concesionaria.example';
const UUIDS = ['3f1c2a9e-0b7d-4c1e-9a55-1d2e3f4a5b6c', '8e7d6c5b-4a39-4281-b7f6-e5d4c3b2a190'];
const BODY_STYLES = [
  { uuid: UUIDS[0], label: 'Sedan Cuatro Puertas', _links: { self: { href: `/v3/carrocerias/${UUIDS[0]}` } } },
  { uuid: UUIDS[1], label: 'Pick Up Doble Cabina', _links: { self: { href: `/v3/carrocerias/${UUIDS[1]}` } } },
];
const ENVELOPE = {
  // Days in UTC-5, timestamps written in UTC: the first instant of 2026-03-02 there is 05:00Z.
  Desde: '2025-12-02T05:00:00Z',
  Hasta: '2026-03-03T04:59:59.999Z',
  Pagina: 1,
  Total: 1,
  PerPagina: 20,
  _links: {},
};
const SID = 'abcdefghijklmnopqrstuv';

type Answer = [status: number, body?: unknown, type?: string];

function answer(method: string, url: URL, headers: Record<string, string | string[] | undefined>): Answer {
  if (headers['x-token'] !== 'tok-primary' && headers['x-token'] !== 'tok-other') return [401, { Title: 'who are you' }];
  const ref = headers.accept === MEDIA_TYPES.ref;
  const type = ref ? MEDIA_TYPES.ref : MEDIA_TYPES.json;
  const path = decodeURIComponent(url.pathname);
  if (method !== 'GET') return [404];
  if (path === '/v3/agencias')
    return [200, headers['x-token'] === 'tok-primary' ? (ref ? [{ href: `/v3/agencias/${AGENCY}`, title: 'Concesionaria' }] : [{ Mail: AGENCY }]) : [], type];
  if (path === `/v3/agencias/${AGENCY}`) return [200, { Mail: AGENCY }, type];
  if (path === `/v3/consultas/${AGENCY}`) {
    const entries = ref
      ? [{ href: `/v3/consultas/${AGENCY}/${SID}`, title: 'x' }]
      : [{ Momento: '2026-03-01T15:00:00Z', _links: { self: { href: `/v3/consultas/${AGENCY}/${SID}` } } }];
    return [200, { ...ENVELOPE, _entries: entries }, type];
  }
  if (path === '/v3/appnotificaciones')
    return [
      200,
      {
        items: [
          { name: 'orders.new', enabled: false },
          { name: 'shop.joined', enabled: false },
        ],
      },
      MEDIA_TYPES.json,
    ];
  if (path === '/v3/carrocerias') return [200, BODY_STYLES, MEDIA_TYPES.json];
  if (path === '/v3/carrocerias/bestmatch') {
    const v = url.searchParams.get('bodystyle');
    const hit = BODY_STYLES.find((b) => b.uuid === v || b.label === v);
    return hit ? [200, hit, MEDIA_TYPES.json] : [400, { Errors: { bodystyle: ['no match'] } }, 'application/problem+json'];
  }
  return [404];
}

let server: Server;
let baseUrl: string;
let inference: Inference;

beforeAll(async () => {
  server = createServer((req, res) => {
    const [status, body, type] = answer(req.method ?? 'GET', new URL(req.url ?? '/', 'http://x'), req.headers);
    res.writeHead(status, body === undefined ? { 'content-length': '0' } : { 'content-type': type ?? MEDIA_TYPES.json });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const draft = parseDraftProfile({ apps: { primary: { headers: { 'X-Token': 'tok-primary' } }, other: { headers: { 'X-Token': 'tok-other' } } } });
  inference = await inferProfile({ baseUrl, draft, timeoutMs: 2_000, readOnly: true, verify: () => false, runId: 'rtest' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const value = (key: string) => inference.found.find((f) => f.key === key)?.value;

describe('inferring a profile from a target that chooses otherwise than the reference server', () => {
  it('tells the zone days are reckoned in from the day bounds, though every timestamp is written in UTC', () => {
    expect(value('timeZone')).toBe('Etc/GMT+5');
    expect(value('inquiryPageSize')).toBe(20);
  });

  it('names the topics by the member of AppWebhooks entries that names each one (no links)', () => {
    expect([value('topics.inquiry'), value('topics.registration')]).toEqual(['orders.new', 'shop.joined']);
    // Read-only: not told apart, and marked unverified.
    expect(inference.found.find((f) => f.key === 'topics.inquiry')?.unverified?.['topics.inquiry']).toMatch(/not told apart/);
  });

  it("maps a catalog id the records' links name (a UUID) and a name bestmatch finds", () => {
    expect(value('catalogKeys.carrocerias')).toEqual({ id: '/uuid', name: '/label' });
  });

  it('leaves out what the target does not show, each with a hint, and finds the fixture agency', () => {
    expect(value('fixtures.agency')).toBe(AGENCY);
    const hinted = inference.hints.map((h) => h.key);
    expect(hinted).toEqual(expect.arrayContaining(['conditionalRequestHeader', 'catalogKeys.marcas', 'resendMaxAgeDays']));
    // Hooks not found are written as null, marked unverified: run skips their checks rather than probing again.
    expect(inference.found.find((f) => f.key === 'simulationHooks')).toMatchObject({
      value: null,
      unverified: { simulationHooks: expect.stringMatching(/--hooks/) },
    });
    expect(inference.notRestored).toEqual([]);
  });
});

describe('pointerTo', () => {
  it('finds the Consulta in a payload, links aside, or says it is not there', () => {
    const consulta = { Momento: 'm', Auto: { Marca: 'x' }, _links: { self: { href: '/a' } } };
    expect(pointerTo({ Evento: 'lead', Datos: [{ Consulta: { Momento: 'm', Auto: { Marca: 'x' } } }] }, consulta)).toBe('/Datos/0/Consulta');
    expect(pointerTo(consulta, consulta)).toBe('');
    expect(pointerTo({ Consulta: { Momento: 'other' } }, consulta)).toBeUndefined();
  });
});
