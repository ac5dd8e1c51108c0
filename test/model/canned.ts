import type { TargetResponse } from '../../sut/client.ts';
import { newAgency, emptyWorld, type App, type InquiryRecord, type World } from '../../suites/model/world.ts';

// Canned states and answers for the model's unit tests: a world of known agencies, and answers built by hand.

export const PERIOD = { desde: '2025-06-01', hasta: '2025-06-15' };

/** A world: primary has p@a.example (run-made, two inquiries) and shared@a.example (seen only); other has o@b.example; u@a.example was primary's. */
export function cannedWorld(): World {
  const w = emptyWorld(['primary', 'other', 'empty'], 'nobody@x.example');
  const p = newAgency('p@a.example', true);
  p.apps.add('primary');
  p.inquiries.set('primary', {
    records: [record('m1', 's-p-1', 'pub-1', 'p@a.example', '2025-06-10T10:00:00Z'), record('m2', 's-p-2', 'pub-2', 'op@a.example', '2025-06-12T23:30:00Z')],
    sids: new Set(['s-p-1', 's-p-2']),
    complete: true,
    allSids: true,
    ...PERIOD,
  });
  const o = newAgency('o@b.example', true);
  o.apps.add('other');
  o.inquiries.set('other', {
    records: [record('m3', 's-o-1', 'pub-1', 'o@b.example', '2025-06-11T09:00:00Z')],
    sids: new Set(['s-o-1']),
    complete: true,
    allSids: true,
    ...PERIOD,
  });
  const seen = newAgency('seen@c.example', false);
  seen.apps.add('primary');
  seen.inquiries.set('primary', {
    records: [record('content-1', undefined, 'pub-9', 'x@c.example', '2025-06-05T12:00:00Z')],
    sids: new Set(['s-c-1']),
    complete: true,
    allSids: false,
    ...PERIOD,
  });
  const u = newAgency('u@a.example', true);
  u.dissociatedFrom.add('primary');
  for (const a of [p, o, seen, u]) w.agencies.set(a.adminMail, a);
  return w;
}

export function record(key: string, sid: string | undefined, externalId: string, operador: string, momento: string): InquiryRecord {
  return { key: `vmp-model ${key}`, ...(sid ? { sid } : {}), externalId, operador, epochMs: Date.parse(momento) };
}

/** An answer as the client would give it. */
export function answer(status: number, json?: unknown, method = 'GET', url = 'http://target.test/v3/x'): TargetResponse {
  const text = json === undefined ? '' : JSON.stringify(json);
  return {
    status,
    headers: {},
    text,
    ...(json !== undefined ? { json } : {}),
    exchange: { method, url, curl: '', requestHeaders: {}, responseHeaders: {}, bodyExcerpt: text.slice(0, 200), durationMs: 0 },
  };
}

/** A full-form Consulta carrying a marker (what the model recognises the run's inquiries by). */
export const consulta = (marker: string, extra: Record<string, unknown> = {}) => ({
  Momento: '2025-06-10T10:00:00Z',
  Interesado: { Comentario: `vmp-model ${marker}` },
  ...extra,
});

export const apps = (w: World): App[] => [...w.apps];
