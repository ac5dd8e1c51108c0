import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import type { AppName } from '../../sut/profile.ts';
import { signatureHeaders, type SignatureConfig } from '../../webhooks/signature.ts';

// Webhook delivery (Events): one POST of the JSON payload to the configured URL, started after the API
// response is decided and never awaited by it, with a deadline and no retries (reference/README.md).

export interface Delivery {
  id: string;
  app: AppName;
  topic: string;
  url: string;
  /** The receiver's status, when it answered. */
  status?: number;
  error?: string;
  durationMs: number;
}

export interface SenderOptions {
  timeoutMs: number;
  signature: SignatureConfig | null;
  onDelivery?: (delivery: Delivery) => void;
}

export class WebhookSender {
  private readonly agent: Agent;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly controllers = new Set<AbortController>();

  constructor(private readonly options: SenderOptions) {
    const t = options.timeoutMs;
    this.agent = new Agent({ connect: { timeout: t }, headersTimeout: t, bodyTimeout: t, keepAliveTimeout: 1_000 });
  }

  /** Starts the delivery and returns its webhook-id at once. */
  send(app: AppName, topic: string, url: string, payload: unknown): string {
    const id = `msg_${randomUUID().replace(/-/g, '')}`;
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'vmp-reference-server',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      // The app's role name in the profile, never its credentials.
      'x-vmp-app': app,
      'x-vmp-topic': topic,
      ...signatureHeaders(this.options.signature, id, timestamp, body),
    };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    this.controllers.add(controller);
    // Stryker disable all: not governed by the spec: the delivery log (serve prints each delivery), never part of a delivery or an answer
    const started = performance.now();
    const report = (outcome: { status?: number; error?: string }) =>
      this.options.onDelivery?.({ id, app, topic, url, ...outcome, durationMs: performance.now() - started });
    // Stryker restore all
    const task = Promise.resolve()
      .then(() => request(url, { method: 'POST', headers, body, signal: controller.signal, dispatcher: this.agent }))
      .then(async (res) => {
        await res.body.dump();
        // Stryker disable next-line all: not governed by the spec: the delivery log (serve prints each delivery), never part of a delivery or an answer
        report({ status: res.statusCode });
      })
      // Stryker disable next-line all: not governed by the spec: the delivery log (serve prints each delivery), never part of a delivery or an answer
      .catch((error: unknown) => report({ error: (error as Error).message ?? String(error) }))
      .finally(() => {
        clearTimeout(timer);
        this.controllers.delete(controller);
        this.inFlight.delete(task);
      });
    this.inFlight.add(task);
    return id;
  }

  /** Resolves when every delivery started so far has settled. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    for (const c of this.controllers) c.abort();
    await this.idle();
    await this.agent.destroy().catch(() => undefined);
  }
}
