import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Profile } from '../sut/profile.ts';

// Webhook signatures, signed and verified here alone. The spec does not show signing ("Delivery payloads …,
// headers, signing and retry behavior: not shown"), so a scheme is checked only when the profile declares one,
// always on the raw bytes received, and the reference server signs only when its profile names one.

export type SignatureConfig = NonNullable<Profile['webhooks']['signature']>;
export type SignatureStatus = 'valid' | 'invalid' | 'absent' | 'not-configured';

export interface SignatureCheck {
  status: SignatureStatus;
  /** Why a signature is invalid, in words a report can show. */
  detail?: string;
}

/** The headers a Standard Webhooks delivery carries: message id, timestamp (integer seconds), signatures. */
export const STANDARD_WEBHOOKS_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** Standard Webhooks rejects timestamps more than five minutes from the receiver's clock (replay protection). */
export const STANDARD_WEBHOOKS_TOLERANCE_SEC = 300;

/**
 * Keys to try for a Standard Webhooks secret. The standard (and its reference libraries) strip an optional
 * "whsec_" prefix and base64-decode the rest; some senders key the HMAC with the secret's raw UTF-8 bytes
 * instead, so without the prefix both keys are tried — a MAC that matches either is the sender's.
 */
export function standardWebhooksKeys(secret: string): Buffer[] {
  if (secret.startsWith('whsec_')) return [Buffer.from(secret.slice('whsec_'.length), 'base64')];
  return [Buffer.from(secret, 'base64'), Buffer.from(secret, 'utf8')];
}

/** The webhook-signature value for one delivery: "v1,<base64 HMAC-SHA256 of id.timestamp.body>". */
export function signStandardWebhooks(secret: string, id: string, timestampSec: number, body: Buffer | string, key: 'standard' | 'raw' = 'standard'): string {
  const bytes = key === 'raw' ? Buffer.from(secret, 'utf8') : Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${standardWebhooksMac(bytes, id, timestampSec, body).toString('base64')}`;
}

function standardWebhooksMac(key: Buffer, id: string, timestampSec: number, body: Buffer | string): Buffer {
  return createHmac('sha256', key)
    .update(`${id}.${timestampSec}.`)
    .update(typeof body === 'string' ? Buffer.from(body) : body)
    .digest();
}

/** HMAC-SHA256 of the body bytes with the secret, hex (default) or base64: the hmac-sha256 scheme's signature. */
export function signHmacSha256(secret: string, body: Buffer | string, encoding: 'hex' | 'base64' = 'hex'): string {
  return createHmac('sha256', secret).update(body).digest(encoding);
}

/**
 * The signature headers a sender adds to a delivery, as the profile's scheme says (the reference server's sender):
 * Standard Webhooks' webhook-signature (the sender sets webhook-id and webhook-timestamp itself), or the body's
 * HMAC-SHA256 in the named header as "sha256=<hex>". None without a scheme.
 */
export function signatureHeaders(config: SignatureConfig | null, id: string, timestampSec: number, body: string): Record<string, string> {
  if (!config) return {};
  if (config.scheme === 'standard-webhooks') return { 'webhook-signature': signStandardWebhooks(config.secret, id, timestampSec, body) };
  return { [config.header.toLowerCase()]: `sha256=${signHmacSha256(config.secret, body)}` };
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function verifyStandardWebhooks(secret: string, headers: IncomingHttpHeaders, body: Buffer, nowMs: number, toleranceSec: number | null): SignatureCheck {
  const names = STANDARD_WEBHOOKS_HEADERS;
  const [id, timestamp, signature] = names.map((n) => header(headers, n));
  if (id === undefined && timestamp === undefined && signature === undefined) return { status: 'absent' };
  const missing = names.filter((_, i) => [id, timestamp, signature][i] === undefined);
  if (missing.length > 0) return { status: 'invalid', detail: `missing header ${missing.join(', ')}` };
  if (!/^\d+$/.test(timestamp!)) return { status: 'invalid', detail: `webhook-timestamp '${timestamp}' is not integer seconds` };
  const expected = standardWebhooksKeys(secret).map((key) => standardWebhooksMac(key, id!, Number(timestamp), body));
  // The header may carry several space-separated signatures (key rotation); one matching v1 suffices.
  const candidates = signature!.split(' ').filter((s) => s.startsWith('v1,'));
  if (candidates.length === 0) return { status: 'invalid', detail: 'webhook-signature has no v1 signature' };
  if (!candidates.some((c) => expected.some((e) => sameBytes(Buffer.from(c.slice(3), 'base64'), e)))) {
    return { status: 'invalid', detail: 'no v1 signature matches HMAC-SHA256(secret, id.timestamp.body)' };
  }
  const skewSec = Math.abs(nowMs / 1000 - Number(timestamp));
  if (toleranceSec !== null && skewSec > toleranceSec) {
    return { status: 'invalid', detail: `webhook-timestamp is ${Math.round(skewSec)} s from the capture clock (tolerance ${toleranceSec} s)` };
  }
  return { status: 'valid' };
}

/** Decodes a hex or base64 MAC, with or without a "sha256=" prefix (GitHub's style). */
function decodeMac(value: string): Buffer[] {
  const v = value.trim().replace(/^sha256=/i, '');
  const forms: Buffer[] = [];
  if (/^[0-9a-f]{64}$/i.test(v)) forms.push(Buffer.from(v, 'hex'));
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) forms.push(Buffer.from(v, v.includes('-') || v.includes('_') ? 'base64url' : 'base64'));
  return forms;
}

function verifyHmac(config: Extract<SignatureConfig, { scheme: 'hmac-sha256' }>, headers: IncomingHttpHeaders, body: Buffer): SignatureCheck {
  const value = header(headers, config.header);
  if (value === undefined) return { status: 'absent' };
  const expected = createHmac('sha256', config.secret).update(body).digest();
  const forms = decodeMac(value);
  if (forms.length === 0) return { status: 'invalid', detail: `${config.header} is neither hex nor base64 of 32 bytes` };
  return forms.some((f) => sameBytes(f, expected))
    ? { status: 'valid' }
    : { status: 'invalid', detail: `${config.header} does not match HMAC-SHA256(secret, body)` };
}

export interface VerifyOptions {
  nowMs?: number;
  /** Standard Webhooks timestamp tolerance; null disables the check (e.g. a target with a fixed clock). */
  toleranceSec?: number | null;
}

/** Checks a delivery's signature against the profile's scheme over the raw body bytes (a Buffer, as received: never re-serialised JSON). */
export function verifySignature(
  config: SignatureConfig | null | undefined,
  headers: IncomingHttpHeaders,
  body: Buffer,
  options: VerifyOptions = {},
): SignatureCheck {
  if (!config) return { status: 'not-configured' };
  if (config.scheme === 'standard-webhooks') {
    const tolerance = options.toleranceSec === undefined ? STANDARD_WEBHOOKS_TOLERANCE_SEC : options.toleranceSec;
    return verifyStandardWebhooks(config.secret, headers, body, options.nowMs ?? Date.now(), tolerance);
  }
  return verifyHmac(config, headers, body);
}
