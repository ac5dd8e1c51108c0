// Webhook deliveries: JSON POSTed to the configured callback, signed with the topic's secret
// (`X-Firma: sha256=<hex HMAC-SHA256 of the body>`, or in a variant Standard Webhooks' webhook-id,
// webhook-timestamp and webhook-signature, or `X-Sur-Firma: <base64 HMAC-SHA256>`; unsigned when the topic has no
// secret), retried twice when the callback fails.
import { createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhookConfig } from './store.ts';

export const SIGNATURE_HEADER = 'X-Firma';
export const BASE64_SIGNATURE_HEADER = 'X-Sur-Firma';
const RETRY_DELAYS_MS = [400, 1500];
const TIMEOUT_MS = 8000;

export type SignatureScheme = 'hmac' | 'standard-webhooks' | 'hmac-base64';

/** Standard Webhooks: "v1,<base64 HMAC-SHA256 of id.timestamp.body>", keyed with the base64 after whsec_. */
function standardHeaders(secret: string, id: string, body: Buffer): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${mac}` };
}

export type Deliverer = (topic: string, config: WebhookConfig, payload: Record<string, unknown>) => Buffer;

function postOnce(url: URL, body: Buffer, headers: Record<string, string>): Promise<boolean> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) }, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300));
      res.on('error', () => resolve(false));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

/** Starts a delivery in the background and returns the exact bytes it sends. */
export function createDeliverer(pending: Set<Promise<void>>, scheme: SignatureScheme): Deliverer {
  return (topic, config, payload) => {
    const id = randomUUID();
    const body = Buffer.from(JSON.stringify({ Evento: topic, IdEntrega: id, ...payload }), 'utf8');
    const secret = config.secret;
    const signature =
      secret === null
        ? {}
        : scheme === 'hmac'
          ? { [SIGNATURE_HEADER]: `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` }
          : scheme === 'hmac-base64'
            ? { [BASE64_SIGNATURE_HEADER]: createHmac('sha256', secret).update(body).digest('base64') }
            : standardHeaders(secret, id, body);
    const headers = { 'Content-Type': 'application/json', 'User-Agent': 'vmp-indep-webhooks/1', 'X-Evento': encodeURIComponent(topic), ...signature };
    const attempt = async (): Promise<void> => {
      const url = new URL(config.url);
      for (let i = 0; ; i++) {
        if (await postOnce(url, body, headers)) return;
        const delay = RETRY_DELAYS_MS[i];
        if (delay === undefined) return;
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    };
    const running = attempt().finally(() => pending.delete(running));
    pending.add(running);
    return body;
  };
}
