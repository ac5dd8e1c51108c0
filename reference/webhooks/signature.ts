import { createHmac } from 'node:crypto';
import type { Profile } from '../../sut/profile.ts';

// Events: "signing ... not shown". The reference profile signs nothing; a profile may name a scheme, and the
// server then signs as it says: Standard Webhooks (webhook-signature: v1,<base64 HMAC-SHA256 of
// "id.timestamp.body"> keyed by the base64 secret after "whsec_"), or a plain HMAC-SHA256 of the body in the
// named header as "sha256=<hex>".

export type Signature = NonNullable<Profile['webhooks']['signature']>;

export function signatureHeaders(signature: Signature | null, id: string, timestamp: number, body: string): Record<string, string> {
  if (!signature) return {};
  if (signature.scheme === 'standard-webhooks') {
    const key = Buffer.from(signature.secret.replace(/^whsec_/, ''), 'base64');
    const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    return { 'webhook-signature': `v1,${mac}` };
  }
  return { [signature.header.toLowerCase()]: `sha256=${createHmac('sha256', signature.secret).update(body).digest('hex')}` };
}
