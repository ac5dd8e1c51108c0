import { describe, expect, it } from 'vitest';
import { CONSULTA_LINKS, contentDigest } from '../../simulator/content-digest.ts';
import { Ledger } from '../../simulator/ledger.ts';
import type { Delivery } from '../../webhooks/delivery.ts';

// Issue 27, item 10: two inquiries alike in content (distinct sids) are two inquiries to the simulation too. A
// delivery that names no sid can only be told by its content: of alike inquiries it goes to one not yet served,
// so each of two alike resends delivered once is delivered once — not one lost and the other duplicated.

const CONSULTA = { Momento: '2026-11-22T10:15:00-03:00', Auto: { Marca: 'Ford' }, Interesado: { Email: 'a@example.test' } };

const delivery = (seq: number, json: unknown): Delivery => ({
  seq,
  receivedAt: new Date().toISOString(),
  method: 'POST',
  path: '/primary',
  headers: {},
  rawBodyBase64: '',
  json,
  signature: 'not-configured',
  status: 204,
});

describe('alike inquiries in the ledger', () => {
  it('each resend of two alike inquiries takes one delivery without a sid', () => {
    const ledger = new Ledger({ capacity: 3, deadlineMs: 1_000, consultaPointer: '', signed: false });
    const digest = contentDigest(CONSULTA, CONSULTA_LINKS);
    ledger.adopt(0, 'sid-aaaaaaaaaaaaaaaaaaaaaa', digest);
    ledger.adopt(1, 'sid-bbbbbbbbbbbbbbbbbbbbbb', digest);
    ledger.adopt(2, 'sid-cccccccccccccccccccccc', contentDigest({ ...CONSULTA, Auto: { Marca: 'Fiat' } }, CONSULTA_LINKS));
    ledger.phase = 'resend';
    for (const i of [0, 1, 2]) ledger.resendStarted(i, performance.now());
    ledger.record(delivery(1, CONSULTA), performance.now());
    ledger.record(delivery(2, CONSULTA), performance.now());
    expect([0, 1, 2].map((i) => ledger.resends.get(i)!.deliveries.length)).toEqual([1, 1, 0]);
    // A delivery that names its sid goes to that inquiry, alike or not.
    ledger.record(delivery(3, { ...CONSULTA, _links: { self: { href: '/v3/consultas/a@x/sid-bbbbbbbbbbbbbbbbbbbbbb' } } }), performance.now());
    expect(ledger.resends.get(1)!.deliveries.length).toBe(2);
    expect(ledger.unattributed).toBe(0);
  });
});
