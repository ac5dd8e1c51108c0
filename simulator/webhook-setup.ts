import { CliError } from '../cli/errors.ts';
import type { TargetClient } from '../target/client.ts';
import { pointWebhook, restoreWebhookConfigs, saveWebhookConfigs, type WebhookSnapshot } from '../target/webhook-config.ts';

// Step 1 of `simulate`: the primary app's inquiry topic points at {capture}/primary and the other app's at
// {capture}/other, so a delivery's path says which app it was sent to. Both are saved before any change and
// restored afterwards, whatever happened in between.

/** The run could not be set up (the primary app's topic could not be pointed at the capture server): exit 1. */
export class SimulationSetupError extends CliError {
  constructor(message: string) {
    super(message, 'VMP_ERR_SIMULATION_SETUP', 1);
  }
}

/** Nothing is changed before both are saved; a topic that cannot be read cannot be restored, so the run stops. */
export async function saveInquiryTopics(client: TargetClient, topic: string): Promise<WebhookSnapshot[]> {
  try {
    return await saveWebhookConfigs(client, [
      { app: 'primary', topic },
      { app: 'other', topic },
    ]);
  } catch (error) {
    throw new SimulationSetupError(`${(error as Error).message} (check profile topics.inquiry); nothing was changed`);
  }
}

export async function pointAtCapture(client: TargetClient, captureUrl: string, topic: string, out: (line: string) => void): Promise<void> {
  const primary = await pointWebhook(client, 'primary', topic, `${captureUrl}/primary`);
  if (primary.status !== 200 && primary.status !== 201) {
    throw new SimulationSetupError(
      `cannot point the primary app's topic '${topic}' at the capture server: ${primary.exchange.method} ${primary.exchange.url} answered ` +
        `${primary.status ?? primary.error?.code} (check profile topics.inquiry and templates.webhookUpsert)`,
    );
  }
  const other = await pointWebhook(client, 'other', topic, `${captureUrl}/other`);
  if (other.status !== 200 && other.status !== 201) {
    out(`simulate: warning: the other app's topic '${topic}' could not be pointed at the capture server (${other.status ?? other.error?.code}); deliveries misrouted to it go unseen`);
  }
}

export async function restoreAll(client: TargetClient, snapshots: readonly WebhookSnapshot[], out: (line: string) => void): Promise<{ ok: boolean; error?: string }> {
  if (snapshots.length === 0) return { ok: true };
  try {
    await restoreWebhookConfigs(client.restoring(), snapshots);
    out(`simulate: webhook configurations restored (${snapshots.map((s) => `${s.app} '${s.topic}' ${s.configured ? 'as saved' : 'unconfigured'}`).join(', ')})`);
    return { ok: true };
  } catch (error) {
    out(`simulate: ERROR restoring webhook configurations: ${(error as Error).message}`);
    return { ok: false, error: (error as Error).message };
  }
}
