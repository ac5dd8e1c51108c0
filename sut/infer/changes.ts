import { callEndpoint } from '../call.ts';
import type { TargetClient } from '../client.ts';
import type { AppName } from '../profile.ts';
import { durableJournal } from '../durable-journal.ts';
import { runOf } from '../run-mark.ts';
import { describeSnapshot, restoreWebhookConfigs, saveWebhookConfig, type WebhookSnapshot } from '../webhook-config.ts';

// What inferring changes on a target, and how it is put back (Principle 4): a webhook topic is saved with GET
// before its first change (sut/webhook-config.ts, as the suites do) and restored at the end; an agency the
// probing invited is dissociated again, as the suites do with theirs. A configured topic whose restore would lose
// something is never touched.

export class InferChanges {
  private readonly saved = new Map<string, WebhookSnapshot>();
  private readonly invited: string[] = [];
  /** Topics of the primary app this probing pointed at its own callbacks: only their webhooks reach nobody else. */
  private readonly pointed = new Set<string>();

  /** The AppWebhookUpsert template a restore fills (webhook-restore.ts), once known. */
  private template: Record<string, unknown> | undefined;

  /** @param client a client whose profile carries `template` as templates.webhookUpsert */
  /** @param runId the probing's run id, which its callback URLs carry (run-mark.ts) */
  /** @param onSaved told once of each saved value, as the journal keeps it */
  constructor(
    private readonly clientWith: (template: Record<string, unknown>) => TargetClient,
    private readonly runId: string,
    private readonly onSaved?: (snapshot: WebhookSnapshot) => void,
  ) {}

  private client(): TargetClient {
    return this.clientWith(this.template ?? {});
  }

  /** From now on, configured topics are saved (and restored) through this template. */
  useTemplate(template: Record<string, unknown>): void {
    this.template = template;
  }

  /**
   * Saves (app, topic) before its first change; false when it is configured and could not be put back as it is
   * (then it must not be changed).
   */
  async guard(app: AppName, topic: string): Promise<boolean> {
    const key = `${app}\u0000${topic}`;
    let snapshot = this.saved.get(key);
    if (!snapshot) {
      try {
        snapshot = await saveWebhookConfig(this.client(), app, topic);
      } catch {
        return false;
      }
      // Without a template, or where it would lose something, a configured topic could not be put back as it is.
      if (snapshot.configured && (this.template === undefined || snapshot.loses !== undefined || snapshot.body === undefined)) return false;
      if (snapshot.configured && (await this.keepsMore(app, topic))) return false;
      // Another run's callback is not the user's value: left alone (issue 27, item 2).
      if (snapshot.configured && runOf(snapshot.callbackUrl) !== undefined && runOf(snapshot.callbackUrl) !== this.runId) return false;
      // On disk before the change (issue 27, item 1).
      try {
        snapshot = durableJournal()?.save(snapshot, this.runId, this.client().profile) ?? snapshot;
      } catch {
        return false;
      }
      this.saved.set(key, snapshot);
      // Printed once, so that what a killed probing left can be put back by hand (issue 27, "printed once, redacted").
      this.onSaved?.(snapshot);
    }
    return true;
  }

  /**
   * Whether the topic's AppWebhook shows a member the inferred template would not put back (an "active" flag, a
   * description): a restore through the template would drop it, so inferring leaves such a topic alone. Its
   * links, its own name and timestamps are taken for read-only.
   */
  private async keepsMore(app: AppName, topic: string): Promise<boolean> {
    const res = await callEndpoint(this.client(), 'appnotificaciones-get', { app, params: { topic }, form: 'json' });
    const body = res.json !== null && typeof res.json === 'object' && !Array.isArray(res.json) ? (res.json as Record<string, unknown>) : {};
    const template = this.template ?? {};
    const readOnly = (k: string, v: unknown) => k === '_links' || v === topic || v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v));
    const url = Object.entries(body)
      .filter(([, v]) => typeof v === 'string' && /^https?:\/\//.test(v))
      .map(([k]) => k);
    return Object.entries(body).some(([k, v]) => !Object.hasOwn(template, k) && !readOnly(k, v) && !(url.length === 1 && url[0] === k));
  }

  /** The primary app's topic now calls this probing's callback. */
  markPointed(topic: string): void {
    this.pointed.add(topic);
  }

  isPointed(topic: string): boolean {
    return this.pointed.has(topic);
  }

  /** An agency the probing invited (and may have registered): dissociated at the end. */
  invitedAgency(adminMail: string): void {
    this.invited.push(adminMail);
  }

  /** What is changed and not yet restored, for a second Ctrl-C's message. */
  outstanding(): string[] {
    return [...[...this.saved.values()].map(describeSnapshot), ...this.invited.map((a) => `the agency ${a} invited while inferring`)];
  }

  /** Puts every topic back and dissociates the invited agencies; says what could not be. */
  async restore(): Promise<{ restored: string[]; failed: string[] }> {
    const client = this.client().restoring();
    const { restored, failed } = await restoreWebhookConfigs(client, [...this.saved.values()].reverse(), { runId: this.runId });
    const notDone = failed.map((f) => `${describeSnapshot(f.snapshot)}: ${f.error}`);
    for (const adminMail of this.invited) {
      // 404/403: never registered (an invitation the API cannot withdraw), or already gone.
      const res = await callEndpoint(client, 'agencias-desasociar', { params: { adminMail } });
      if (res.status !== 204 && res.status !== 403 && res.status !== 404)
        notDone.push(`the agency ${adminMail}: desasociar answered ${res.status ?? res.error?.code}`);
    }
    this.saved.clear();
    this.invited.length = 0;
    this.pointed.clear();
    return { restored: restored.map(describeSnapshot), failed: notDone };
  }
}
