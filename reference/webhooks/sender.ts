import { randomUUID } from 'node:crypto';
import { Agent, type Dispatcher, request } from 'undici';
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
    // Stryker disable next-line ObjectLiteral: Events: "Delivery payloads (other than being the inquiry webhook payload on resend), headers, signing and retry behavior: not shown" (how long a delivery may take, and whether its connection is kept)
    this.agent = new Agent({ connect: { timeout: t }, headersTimeout: t, bodyTimeout: t, keepAliveTimeout: 1_000 });
  }

  /** Starts the delivery and returns its webhook-id at once. */
  send(app: AppName, topic: string, url: string, payload: unknown): string {
    // Stryker disable next-line StringLiteral: Events: "Delivery payloads (other than being the inquiry webhook payload on resend), headers, signing and retry behavior: not shown" (what the webhook-id header holds)
    const id = `msg_${randomUUID().replace(/-/g, '')}`;
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      // Stryker disable next-line StringLiteral: Events: "Delivery payloads (other than being the inquiry webhook payload on resend), headers, signing and retry behavior: not shown"
      'content-type': 'application/json',
      // Stryker disable next-line StringLiteral: Events: "Delivery payloads (other than being the inquiry webhook payload on resend), headers, signing and retry behavior: not shown"
      'user-agent': 'vmp-reference-server',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      // The app's role name in the profile, never its credentials.
      'x-vmp-app': app,
      'x-vmp-topic': topic,
      ...signatureHeaders(this.options.signature, id, timestamp, body),
    };
    const controller = new AbortController();
    // Stryker disable next-line ArrowFunction: Events: "Delivery payloads (other than being the inquiry webhook payload on resend), headers, signing and retry behavior: not shown" (whether a receiver that does not answer is given up on)
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    this.controllers.add(controller);
    // Stryker disable all: not governed by the spec: the delivery log (serve prints each delivery), never part of a delivery or an answer
    const started = performance.now();
    const report = (outcome: { status?: number; error?: string }) =>
      this.options.onDelivery?.({ id, app, topic, url, ...outcome, durationMs: performance.now() - started });
    // Stryker restore all
    const post = () => request(url, { method: 'POST', headers, body, signal: controller.signal, dispatcher: this.agent });
    // Each step a statement of its own: a directive comment inside a promise chain leads no node, so Stryker would not
    // apply it there.
    // Stryker disable next-line BlockStatement: not governed by the spec: the receiver's answer, read to its end for the delivery log (serve prints each delivery), is no part of a delivery or an answer
    const logAnswer = async (res: Dispatcher.ResponseData) => {
      await res.body.dump();
      // Stryker disable next-line all: not governed by the spec: the delivery log (serve prints each delivery), never part of a delivery or an answer
      report({ status: res.statusCode });
    };
    // Stryker disable next-line all: not governed by the spec: the delivery log (serve prints each delivery), never part of a delivery or an answer
    const logError = (error: unknown) => report({ error: (error as Error).message ?? String(error) });
    // Stryker disable next-line BlockStatement: not governed by the spec: the bookkeeping the server's shutdown waits on (close, idle), left out as server.ts is
    const settled = () => {
      clearTimeout(timer);
      this.controllers.delete(controller);
      this.inFlight.delete(task);
    };
    const task = Promise.resolve().then(post).then(logAnswer).catch(logError).finally(settled);
    this.inFlight.add(task);
    return id;
  }

  /** Resolves when every delivery started so far has settled. */
  // Stryker disable next-line BlockStatement: not governed by the spec: the server's shutdown (close, and the tests' idle), left out as server.ts is
  async idle(): Promise<void> {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArrayDeclaration: not governed by the spec: the server's shutdown (close, and the tests' idle), left out as server.ts is
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  // Stryker disable next-line BlockStatement: not governed by the spec: the server's shutdown, left out as server.ts is
  async close(): Promise<void> {
    for (const c of this.controllers) c.abort();
    await this.idle();
    await this.agent.destroy().catch(() => undefined);
  }
}
