import { excerptOf } from '../../support/clip.ts';
import type { DeliveryEvidence } from '../../sut/evidence.ts';
import { redact, redactHeaders } from '../../sut/redact.ts';
import type { Delivery } from '../../webhooks/delivery.ts';

// A delivery rule's evidence is the deliveries it judged (issue 23 §2): both of them when one was expected, none
// when none came. Each as it arrived — when, on which callback, its headers and the start of its body — with
// every secret redacted, like an exchange.

const SHOWN = 10;
const BODY_CHARS = 2_000;

export function deliveryEvidence(deliveries: readonly Delivery[], secrets: readonly string[]): DeliveryEvidence[] {
  return [...deliveries]
    .sort((a, b) => a.seq - b.seq)
    .slice(-SHOWN)
    .map((d) => {
      const headers = Object.fromEntries(Object.entries(d.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]])));
      const body = Buffer.from(d.rawBodyBase64, 'base64').toString('utf8');
      return {
        receivedAt: d.receivedAt,
        callback: d.path,
        headers: redactHeaders(headers, secrets),
        bodyExcerpt: redact(excerptOf(body, BODY_CHARS), secrets),
        ...(d.signature !== 'not-configured' ? { signature: d.signature } : {}),
      };
    });
}
