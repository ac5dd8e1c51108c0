import { callEndpoint } from './call.ts';
import type { TargetClient, TargetResponse } from './client.ts';
import type { AppName } from './profile.ts';
import { fillTemplate } from './templates.ts';

// Whoever changes a webhook configuration (a mutating check, the simulator) saves it first and restores it at
// the end, even on failure (issue 4, Safety; issue 6, simulate step 1). The fields of AppWebhook are not shown,
// so a configuration is kept as its whole JSON body minus `_links` (a link map is output, never
// AppWebhookUpsert input) and sent back as is.

export type WebhookSnapshot =
  | { app: AppName; topic: string; configured: true; body: Record<string, unknown> }
  | { app: AppName; topic: string; configured: false };

/** GET /v3/appnotificaciones/{topic}: 200 keeps the body; 404 means "unavailable or never configured". */
export async function saveWebhookConfig(client: TargetClient, app: AppName, topic: string): Promise<WebhookSnapshot> {
  const res = await callEndpoint(client, 'appnotificaciones-get', { app, params: { topic }, form: 'json' });
  if (res.status === 404) return { app, topic, configured: false };
  if (res.status === 200 && res.json && typeof res.json === 'object' && !Array.isArray(res.json)) {
    const { _links: _ignored, ...body } = res.json as Record<string, unknown>;
    return { app, topic, configured: true, body };
  }
  throw new Error(
    `cannot save the ${app} app's webhook configuration of '${topic}': GET answered ${res.status ?? res.error?.code ?? 'nothing'}`,
  );
}

/**
 * Puts a topic back as it was: PUT of the saved body (POST when it was deleted meanwhile), or DELETE when it
 * was not configured (a 404 then means it already is not). Throws when the target refuses, so the run says so.
 */
export async function restoreWebhookConfig(client: TargetClient, snapshot: WebhookSnapshot): Promise<void> {
  const { app, topic } = snapshot;
  const params = { topic };
  if (!snapshot.configured) {
    const res = await callEndpoint(client, 'appnotificaciones-delete', { app, params });
    if (res.status === 204 || res.status === 404) return;
    throw new Error(`cannot restore '${topic}' of the ${app} app to unconfigured: DELETE answered ${res.status ?? res.error?.code}`);
  }
  const replace = async (json: Record<string, unknown>): Promise<TargetResponse> => {
    const put = await callEndpoint(client, 'appnotificaciones-put', { app, params, json });
    return put.status === 404 ? callEndpoint(client, 'appnotificaciones-post', { app, params, json }) : put;
  };
  let res = await replace(snapshot.body);
  // A target may refuse the read-only members of what it served (their fields are not shown): send back only
  // the members AppWebhookUpsert takes, as the profile's template names them.
  if (res.status === 400) res = await replace(inputMembers(snapshot.body, Object.keys(client.profile.templates.webhookUpsert)));
  if (res.status === 200 || res.status === 201) return;
  throw new Error(`cannot restore '${topic}' of the ${app} app: ${res.exchange.method} answered ${res.status ?? res.error?.code}`);
}

const inputMembers = (body: Record<string, unknown>, names: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body).filter(([k]) => names.includes(k)));

/** Saves several topics at once and gives back one restore-all for afterAll; restores every one even if some fail. */
export async function saveWebhookConfigs(
  client: TargetClient,
  targets: readonly { app: AppName; topic: string }[],
): Promise<WebhookSnapshot[]> {
  const snapshots: WebhookSnapshot[] = [];
  for (const t of targets) snapshots.push(await saveWebhookConfig(client, t.app, t.topic));
  return snapshots;
}

export async function restoreWebhookConfigs(client: TargetClient, snapshots: readonly WebhookSnapshot[]): Promise<void> {
  const failures: string[] = [];
  for (const s of snapshots) {
    try {
      await restoreWebhookConfig(client, s);
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (failures.length > 0) throw new Error(failures.join('; '));
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
