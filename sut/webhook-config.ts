import { callEndpoint } from './call.ts';
import type { TargetClient, TargetResponse } from './client.ts';
import type { AppName } from './profile.ts';
import { fillTemplate } from './templates.ts';
import { planRestore, type RestorePlan } from './webhook-restore.ts';

// Whoever changes a webhook configuration (a mutating check, the simulator) saves it first and restores it at
// the end, even on failure or a signal (issue 4, Safety; issue 6, simulate step 1; issue 13, items 4–5). A
// configured topic is saved as a restore plan (webhook-restore.ts); one that cannot be put back faithfully is
// not touched unless the user accepts the loss.

export type WebhookSnapshot = { app: AppName; topic: string } & ({ configured: false } | ({ configured: true } & RestorePlan));

/** A configured topic whose restore would lose something, and the user did not accept that: leave it alone. */
export class UnrestorableWebhookError extends Error {
  readonly code = 'VMP_ERR_UNRESTORABLE_WEBHOOK';
  constructor(readonly snapshot: WebhookSnapshot & { configured: true }) {
    super(
      `${describeTopic(snapshot)} is configured and could not be put back as it is: a restore would lose ${snapshot.loses}; ` +
        'it is left untouched (--discard-unrestorable-webhooks changes it anyway and accepts that loss)',
    );
    this.name = 'UnrestorableWebhookError';
  }
}

export const describeTopic = (s: { app: AppName; topic: string }): string => `the ${s.app} app's webhook topic '${s.topic}'`;

/** "the primary app's webhook topic 'x' (was https://…)": for the lists of what was or was not restored. */
export function describeSnapshot(s: WebhookSnapshot): string {
  if (!s.configured) return `${describeTopic(s)} (was not configured)`;
  return `${describeTopic(s)} (was ${s.callbackUrl ?? 'configured, callback URL unknown'})`;
}

/** GET /v3/appnotificaciones/{topic}: 200 plans the restore; 404 means "unavailable or never configured". */
export async function saveWebhookConfig(client: TargetClient, app: AppName, topic: string): Promise<WebhookSnapshot> {
  const res = await callEndpoint(client, 'appnotificaciones-get', { app, params: { topic }, form: 'json' });
  if (res.status === 404) return { app, topic, configured: false };
  if (res.status === 200 && res.json && typeof res.json === 'object' && !Array.isArray(res.json)) {
    // A link map is output, never AppWebhookUpsert input.
    const { _links: _ignored, ...representation } = res.json as Record<string, unknown>;
    return { app, topic, configured: true, ...planRestore(representation, client.profile, client.baseUrl) };
  }
  throw new Error(`cannot save the ${app} app's webhook configuration of '${topic}': GET answered ${res.status ?? res.error?.code ?? 'nothing'}`);
}

/** Throws UnrestorableWebhookError unless the topic may be changed: restorable, or the loss accepted. */
export function assertTouchable(snapshot: WebhookSnapshot, acceptLoss: boolean): void {
  if (snapshot.configured && snapshot.loses !== undefined && !acceptLoss) throw new UnrestorableWebhookError(snapshot);
}

/**
 * Puts a topic back: PUT of the planned body (POST when it was deleted meanwhile), or DELETE when it was not
 * configured (a 404 then means it already is not) or its callback URL is unknown (accepted loss). Throws when the
 * target refuses, so the run says so.
 */
export async function restoreWebhookConfig(client: TargetClient, snapshot: WebhookSnapshot): Promise<void> {
  const { app, topic } = snapshot;
  const params = { topic };
  if (!snapshot.configured || snapshot.body === undefined) {
    const res = await callEndpoint(client, 'appnotificaciones-delete', { app, params });
    if (res.status === 204 || res.status === 404) return;
    throw new Error(`cannot restore ${describeTopic(snapshot)} to unconfigured: DELETE answered ${res.status ?? res.error?.code}`);
  }
  const json = snapshot.body;
  let res = await callEndpoint(client, 'appnotificaciones-put', { app, params, json });
  if (res.status === 404) res = await callEndpoint(client, 'appnotificaciones-post', { app, params, json });
  if (res.status === 200 || res.status === 201) return;
  throw new Error(`cannot restore ${describeTopic(snapshot)}: ${res.exchange.method} answered ${res.status ?? res.error?.code}`);
}

/** Saves several topics at once, in order; the first that cannot be read stops it (nothing was changed yet). */
export async function saveWebhookConfigs(client: TargetClient, targets: readonly { app: AppName; topic: string }[]): Promise<WebhookSnapshot[]> {
  const snapshots: WebhookSnapshot[] = [];
  for (const t of targets) snapshots.push(await saveWebhookConfig(client, t.app, t.topic));
  return snapshots;
}

/** Restores every snapshot, even after one fails; says which were put back and which not (with why). */
export async function restoreWebhookConfigs(
  client: TargetClient,
  snapshots: readonly WebhookSnapshot[],
): Promise<{ restored: WebhookSnapshot[]; failed: { snapshot: WebhookSnapshot; error: string }[] }> {
  const restored: WebhookSnapshot[] = [];
  const failed: { snapshot: WebhookSnapshot; error: string }[] = [];
  for (const snapshot of snapshots) {
    try {
      await restoreWebhookConfig(client, snapshot);
      restored.push(snapshot);
    } catch (error) {
      failed.push({ snapshot, error: (error as Error).message });
    }
  }
  return { restored, failed };
}

/**
 * Points (app, topic) at url with the profile's AppWebhookUpsert template: PUT replaces a configuration, and
 * POST creates one when PUT answers 404 ("unavailable or never configured"). Save the topic first.
 */
export async function pointWebhook(client: TargetClient, app: AppName, topic: string, url: string, runId = ''): Promise<TargetResponse> {
  const params = { topic };
  const json = fillTemplate(client.profile.templates.webhookUpsert, { url, runId });
  const put = await callEndpoint(client, 'appnotificaciones-put', { app, params, json });
  if (put.status !== 404) return put;
  return callEndpoint(client, 'appnotificaciones-post', { app, params, json });
}
