import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signatureHeaders, signHmacSha256, signStandardWebhooks, verifySignature, type SignatureConfig } from '../../webhooks/signature.ts';

const body = Buffer.from('{"Topic":"consultas","Consulta":{"Momento":"2026-11-22T10:15:00-03:00"}}');
const NOW = Date.UTC(2026, 10, 22, 13, 15);
const ts = Math.floor(NOW / 1000);
const whsec = `whsec_${Buffer.from('a 24-byte shared secret!').toString('base64')}`;
const sw: SignatureConfig = { scheme: 'standard-webhooks', secret: whsec };
const hmac: SignatureConfig = { scheme: 'hmac-sha256', header: 'X-Signature', secret: 'raw-secret' };

const swHeaders = (sig: string, id = 'msg_1', t = ts) => ({ 'webhook-id': id, 'webhook-timestamp': String(t), 'webhook-signature': sig });

describe('standard-webhooks', () => {
  it('accepts a correct v1 signature: whsec_ secret, unprefixed base64 secret, or raw-bytes key', () => {
    expect(verifySignature(sw, swHeaders(signStandardWebhooks(whsec, 'msg_1', ts, body)), body, { nowMs: NOW })).toEqual({ status: 'valid' });
    const unprefixed: SignatureConfig = { scheme: 'standard-webhooks', secret: whsec.slice('whsec_'.length) };
    expect(verifySignature(unprefixed, swHeaders(signStandardWebhooks(whsec, 'msg_1', ts, body)), body, { nowMs: NOW }).status).toBe('valid');
    const raw: SignatureConfig = { scheme: 'standard-webhooks', secret: 'plain secret' };
    expect(verifySignature(raw, swHeaders(signStandardWebhooks('plain secret', 'msg_1', ts, body, 'raw')), body, { nowMs: NOW }).status).toBe('valid');
    // A whsec_ secret is only ever the base64 key: its raw bytes do not verify.
    expect(verifySignature(sw, swHeaders(signStandardWebhooks(whsec, 'msg_1', ts, body, 'raw')), body, { nowMs: NOW }).status).toBe('invalid');
  });

  it('matches the published Standard Webhooks test vector', () => {
    // From the standard-webhooks reference libraries' tests.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const t = 1614265330;
    const payload = Buffer.from('{"test": 2432232314}');
    expect(signStandardWebhooks(secret, id, t, payload)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('accepts one matching signature among several (key rotation)', () => {
    const good = signStandardWebhooks(whsec, 'msg_1', ts, body);
    expect(verifySignature(sw, swHeaders(`v1,AAAA v1a,xyz ${good}`), body, { nowMs: NOW }).status).toBe('valid');
  });

  it('rejects a tampered body, a wrong id, a partial header set and a stale timestamp', () => {
    const good = signStandardWebhooks(whsec, 'msg_1', ts, body);
    expect(verifySignature(sw, swHeaders(good), Buffer.from(`${body} `), { nowMs: NOW }).status).toBe('invalid');
    expect(verifySignature(sw, swHeaders(good, 'msg_2'), body, { nowMs: NOW }).status).toBe('invalid');
    const partial = verifySignature(sw, { 'webhook-signature': good }, body, { nowMs: NOW });
    expect(partial).toEqual({ status: 'invalid', detail: 'missing header webhook-id, webhook-timestamp' });
    const stale = signStandardWebhooks(whsec, 'msg_1', ts - 600, body);
    const check = verifySignature(sw, swHeaders(stale, 'msg_1', ts - 600), body, { nowMs: NOW });
    expect(check.status).toBe('invalid');
    expect(check.detail).toMatch(/600 s from the capture clock/);
    expect(verifySignature(sw, swHeaders(stale, 'msg_1', ts - 600), body, { nowMs: NOW, toleranceSec: null }).status).toBe('valid');
  });

  it('reports absent when no Standard Webhooks header is sent', () => {
    expect(verifySignature(sw, { 'content-type': 'application/json' }, body)).toEqual({ status: 'absent' });
  });
});

// An oracle we did not write: the Standard Webhooks reference library (`standardwebhooks`) verifies what our
// signer signs, and our verifier verifies what it signs. Only the profile's 'standard-webhooks' scheme is the
// standard's (webhook-id / webhook-timestamp / webhook-signature, `v1,` base64 HMAC-SHA256 of
// id.timestamp.body, a `whsec_` base64 secret); 'hmac-sha256' is a bare MAC over the body that no standard
// library defines. The library checks the timestamp against its own clock, so these deliveries are stamped now.
describe('standard-webhooks against the standardwebhooks library', () => {
  const msgId = fc.stringMatching(/^msg_[A-Za-z0-9]{1,27}$/);
  const keyBytes = fc.uint8Array({ minLength: 16, maxLength: 64 });
  // Bodies as a target sends them: JSON, non-ASCII text included (the library signs the body as UTF-8 text).
  const payload = fc.jsonValue().map((v) => Buffer.from(JSON.stringify({ Topic: 'consultas', Consulta: v, Nota: 'Peña ñandú €' })));
  const whsecOf = (key: Uint8Array) => `whsec_${Buffer.from(key).toString('base64')}`;
  const headersOf = (id: string, t: number, sig: string) => ({ 'webhook-id': id, 'webhook-timestamp': String(t), 'webhook-signature': sig });

  it("our signature is verified by the library's Webhook.verify", () => {
    fc.assert(
      fc.property(keyBytes, msgId, payload, (key, id, bytes) => {
        const t = Math.floor(Date.now() / 1000);
        const secret = whsecOf(key);
        const headers = headersOf(id, t, signStandardWebhooks(secret, id, t, bytes));
        expect(() => new Webhook(secret).verify(bytes, headers, { jsonParse: false })).not.toThrow();
        // The unprefixed base64 secret is the same key to both.
        expect(() => new Webhook(secret.slice('whsec_'.length)).verify(bytes, headers, { jsonParse: false })).not.toThrow();
      }),
    );
  });

  it("the library's signature is verified by ours", () => {
    fc.assert(
      fc.property(keyBytes, msgId, payload, (key, id, bytes) => {
        const now = Date.now();
        const t = Math.floor(now / 1000);
        const secret = whsecOf(key);
        const headers = headersOf(id, t, new Webhook(secret).sign(id, new Date(t * 1000), bytes));
        expect(verifySignature({ scheme: 'standard-webhooks', secret }, headers, bytes, { nowMs: now })).toEqual({ status: 'valid' });
      }),
    );
  });

  it('both refuse what the other signed over another body, id or key', () => {
    const t = Math.floor(Date.now() / 1000);
    const secret = whsecOf(Buffer.from('a 24-byte shared secret!'));
    const other = whsecOf(Buffer.from('another 24-byte secret!!'));
    const ours = headersOf('msg_1', t, signStandardWebhooks(secret, 'msg_1', t, body));
    const theirs = headersOf('msg_1', t, new Webhook(secret).sign('msg_1', new Date(t * 1000), body));
    const tampered = Buffer.from(`${body} `);
    expect(() => new Webhook(secret).verify(tampered, ours)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body, { ...ours, 'webhook-id': 'msg_2' })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(other).verify(body, ours)).toThrow(WebhookVerificationError);
    expect(verifySignature({ scheme: 'standard-webhooks', secret }, theirs, tampered).status).toBe('invalid');
    expect(verifySignature({ scheme: 'standard-webhooks', secret }, { ...theirs, 'webhook-id': 'msg_2' }, body).status).toBe('invalid');
    expect(verifySignature({ scheme: 'standard-webhooks', secret: other }, theirs, body).status).toBe('invalid');
  });

  it("a secret without whsec_ used as raw bytes: the library's raw format and ours agree", () => {
    const t = Math.floor(Date.now() / 1000);
    const secret = 'plain shared secret';
    const ours = headersOf('msg_1', t, signStandardWebhooks(secret, 'msg_1', t, body, 'raw'));
    expect(() => new Webhook(secret, { format: 'raw' }).verify(body, ours)).not.toThrow();
    const theirs = headersOf('msg_1', t, new Webhook(secret, { format: 'raw' }).sign('msg_1', new Date(t * 1000), body));
    expect(verifySignature({ scheme: 'standard-webhooks', secret }, theirs, body).status).toBe('valid');
  });
});

describe('hmac-sha256', () => {
  it('accepts hex, base64 and sha256= forms, under a case-insensitive header name', () => {
    for (const value of [signHmacSha256('raw-secret', body), signHmacSha256('raw-secret', body, 'base64'), `sha256=${signHmacSha256('raw-secret', body)}`]) {
      expect(verifySignature(hmac, { 'x-signature': value }, body), value).toEqual({ status: 'valid' });
    }
  });

  it('rejects a wrong MAC or a malformed value; absent when the header is missing', () => {
    expect(verifySignature(hmac, { 'x-signature': signHmacSha256('other', body) }, body).status).toBe('invalid');
    expect(verifySignature(hmac, { 'x-signature': 'not a mac' }, body).detail).toMatch(/neither hex nor base64/);
    expect(verifySignature(hmac, {}, body)).toEqual({ status: 'absent' });
  });

  it('is not-configured without a profile scheme', () => {
    expect(verifySignature(null, { 'x-signature': 'x' }, body)).toEqual({ status: 'not-configured' });
  });
});

describe('signatureHeaders (the reference server signs with this one signer)', () => {
  const text = body.toString('utf8');

  it('signs as the scheme says, bytes the verifier accepts', () => {
    const signed = signatureHeaders(sw, 'msg_1', ts, text);
    expect(Object.keys(signed)).toEqual(['webhook-signature']);
    expect(verifySignature(sw, { ...swHeaders(signed['webhook-signature']!) }, body, { nowMs: NOW })).toEqual({ status: 'valid' });
    const mac = signatureHeaders(hmac, 'msg_1', ts, text);
    expect(mac).toEqual({ 'x-signature': `sha256=${signHmacSha256('raw-secret', body)}` });
    expect(verifySignature(hmac, mac, body)).toEqual({ status: 'valid' });
    expect(signatureHeaders(null, 'msg_1', ts, text)).toEqual({});
  });

  it('gives the published Standard Webhooks vector, and the values the reference signer always gave', () => {
    const vector: SignatureConfig = { scheme: 'standard-webhooks', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
    expect(signatureHeaders(vector, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toEqual({
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
    // Non-ASCII bodies are signed as UTF-8, as the reference server's own signer did before the merge.
    const accents = '{"Nombre":"José Ñandú"}';
    const key = Buffer.from(whsec.slice('whsec_'.length), 'base64');
    const old = createHmac('sha256', key).update(`msg_2.${ts}.${accents}`).digest('base64');
    expect(signatureHeaders(sw, 'msg_2', ts, accents)).toEqual({ 'webhook-signature': `v1,${old}` });
  });
});
