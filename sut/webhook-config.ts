import { callEndpoint } from './call.ts';
import type { TargetClient, TargetResponse } from './client.ts';
import type { AppName } from './profile.ts';
import { fillTemplate } from './templates.ts';
import { planRestore, type RestorePlan } from './webhook-restore.ts';
import { type DurableJournal, durableJournal } from './durable-journal.ts';
import { RESTORE_GRACE_MS, sendWithRetry } from './restore-retry.ts';
import { runOf } from './run-mark.ts';

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

/**
 * "run: saved the primary app's webhook topic 'x' (was …) before changing it (journal: …)": each saved value said
 * once, as the journal keeps it, so that it can be put back by hand (issue 27, "printed once, redacted"; the
 * caller redacts).
 */
export const savedLine = (command: string, s: WebhookSnapshot, journal: Pick<DurableJournal, 'place'> | undefined): string =>
  `${command}: saved ${describeSnapshot(s)} before changing it${journal ? ` (journal: ${journal.place.files.join(' and ')})` : ''}`;

/**
 * GET /v3/appnotificaciones/{topic}: 200 plans the restore; 404 means "unavailable or never configured". Until
 * `until` (epoch ms), a transient answer (no answer, 429, 503) is asked again (restore-retry.ts).
 */
export async function readWebhookConfig(client: TargetClient, app: AppName, topic: string, until = 0): Promise<WebhookSnapshot> {
  const res = await sendWithRetry(() => callEndpoint(client, 'appnotificaciones-get', { app, params: { topic }, form: 'json' }), until);
  if (res.status === 404) return { app, topic, configured: false };
  if (res.status === 200 && res.json && typeof res.json === 'object' && !Array.isArray(res.json)) {
    // A link map is output, never AppWebhookUpsert input.
    const { _links: _ignored, ...representation } = res.json as Record<string, unknown>;
    return { app, topic, configured: true, ...planRestore(representation, client.profile, client.baseUrl) };
  }
  throw new Error(`cannot read the ${app} app's webhook configuration of '${topic}': GET answered ${res.status ?? res.error?.code ?? 'nothing'}`);
}

/** Saves a topic before its change: one GET (a transient answer is not taken for the user's configuration). */
export const saveWebhookConfig = (client: TargetClient, app: AppName, topic: string): Promise<WebhookSnapshot> =>
  readWebhookConfig(client, app, topic).catch((error: Error) => {
    throw new Error(error.message.replace('cannot read', 'cannot save'));
  });

/** Throws UnrestorableWebhookError unless the topic may be changed: restorable, or the loss accepted. */
export function assertTouchable(snapshot: WebhookSnapshot, acceptLoss: boolean): void {
  if (snapshot.configured && snapshot.loses !== undefined && !acceptLoss) throw new UnrestorableWebhookError(snapshot);
}

/**
 * Whether a read of the topic shows what a restore of `saved` puts back (unconfigured, when its restore deletes it):
 * its callback URL, and every member both plans took from a read. A plan is made with what the profile knew then
 * (init learns restoreFrom and the upsert's secret member while it probes; a journal keeps secrets redacted): a
 * member one plan holds and the other does not, or one the profile gave (a write-only secret), is no difference
 * a read can show.
 */
export function holdsRestored(read: WebhookSnapshot, saved: WebhookSnapshot): boolean {
  const expectConfigured = saved.configured && saved.body !== undefined;
  if (!read.configured || !expectConfigured) return read.configured === expectConfigured;
  if (read.callbackUrl !== saved.callbackUrl) return false;
  const now = read.body ?? {};
  const unread = new Set([...(read.fromProfile ?? []), ...(saved.fromProfile ?? [])]);
  return Object.entries(saved.body ?? {}).every(([k, v]) => unread.has(k) || !(k in now) || JSON.stringify(now[k]) === JSON.stringify(v));
}

/** How a topic ended: put back, found as saved already, or left to whoever changed it since (`now` says to what). */
export type TopicRestore = { state: 'restored' | 'unchanged' } | { state: 'left'; now: string };

/**
 * Puts a topic back and confirms it with a read (issue 27, items 3 and 4). It compares first: a topic that holds
 * its saved value is left as it is, and one that no longer holds what this run set — its callback URL is neither
 * the saved one nor one of this run's (run-mark.ts) — is left to whoever changed it. Otherwise PUT of the planned
 * body (POST when it was deleted meanwhile), or DELETE when it was not configured (or its callback URL is unknown:
 * an accepted loss); transient answers are asked again until `until`. Throws when the target refuses, or when the
 * read after the write does not show the saved value.
 */
export async function restoreWebhookConfig(client: TargetClient, snapshot: WebhookSnapshot, o: { runId?: string; until?: number } = {}): Promise<TopicRestore> {
  const { app, topic } = snapshot;
  const until = o.until ?? 0;
  const params = { topic };
  // A read that fails does not stop the restore: the run changed the topic, so it is written back, unconfirmed.
  const before = await readWebhookConfig(client, app, topic, until).catch(() => undefined);
  if (before && holdsRestored(before, snapshot)) return { state: 'unchanged' };
  const holder = before?.configured ? before.callbackUrl : undefined;
  if (o.runId !== undefined && holder !== undefined && holder !== (snapshot.configured ? snapshot.callbackUrl : undefined) && runOf(holder) !== o.runId) {
    const other = runOf(holder);
    return { state: 'left', now: other ? `${holder}, a callback of another run (${other})` : `${holder}, set by someone else since this run changed it` };
  }
  let wrote: string;
  if (!snapshot.configured || snapshot.body === undefined) {
    const res = await sendWithRetry(() => callEndpoint(client, 'appnotificaciones-delete', { app, params }), until);
    if (res.status !== 204 && res.status !== 404)
      throw new Error(`cannot restore ${describeTopic(snapshot)} to unconfigured: DELETE answered ${res.status ?? res.error?.code}`);
    wrote = 'DELETE';
  } else {
    const json = snapshot.body;
    let res = await sendWithRetry(() => callEndpoint(client, 'appnotificaciones-put', { app, params, json }), until);
    if (res.status === 404) res = await sendWithRetry(() => callEndpoint(client, 'appnotificaciones-post', { app, params, json }), until);
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`cannot restore ${describeTopic(snapshot)}: ${res.exchange.method} answered ${res.status ?? res.error?.code}`);
    wrote = res.exchange.method;
  }
  const after = await readWebhookConfig(client, app, topic, until).catch((error: Error) => {
    throw new Error(`written back (${wrote} answered), but not confirmed: ${error.message}`);
  });
  if (!holdsRestored(after, snapshot)) {
    throw new Error(
      `cannot confirm the restore of ${describeTopic(snapshot)}: a read after it shows ${after.configured ? (after.callbackUrl ?? 'another configuration') : 'it unconfigured'}`,
    );
  }
  return { state: 'restored' };
}

/** Saves several topics at once, in order; the first that cannot be read stops it (nothing was changed yet). */
export async function saveWebhookConfigs(client: TargetClient, targets: readonly { app: AppName; topic: string }[]): Promise<WebhookSnapshot[]> {
  const snapshots: WebhookSnapshot[] = [];
  for (const t of targets) snapshots.push(await saveWebhookConfig(client, t.app, t.topic));
  return snapshots;
}

export interface RestoreReport {
  /** Put back, or found as saved, and confirmed by a read. */
  restored: WebhookSnapshot[];
  /** Of those, the ones that had to be written (the rest held their saved value already). */
  wrote: WebhookSnapshot[];
  failed: { snapshot: WebhookSnapshot; error: string }[];
  /** Changed since by someone else: left as they are (`now` says to what). */
  left: { snapshot: WebhookSnapshot; now: string }[];
}

/**
 * Restores every snapshot, even after one fails, within one grace (restore-retry.ts); says which were put back,
 * which left and which not (with why). A topic confirmed (or left) leaves the durable journal.
 */
export async function restoreWebhookConfigs(
  client: TargetClient,
  snapshots: readonly WebhookSnapshot[],
  o: { runId?: string; graceMs?: number } = {},
): Promise<RestoreReport> {
  const until = Date.now() + (o.graceMs ?? RESTORE_GRACE_MS);
  const report: RestoreReport = { restored: [], wrote: [], failed: [], left: [] };
  for (const snapshot of snapshots) {
    try {
      const outcome = await restoreWebhookConfig(client, snapshot, { ...(o.runId !== undefined ? { runId: o.runId } : {}), until });
      if (outcome.state === 'left') report.left.push({ snapshot, now: outcome.now });
      else {
        report.restored.push(snapshot);
        if (outcome.state === 'restored') report.wrote.push(snapshot);
      }
      durableJournal()?.settled(snapshot);
    } catch (error) {
      report.failed.push({ snapshot, error: (error as Error).message });
    }
  }
  return report;
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
