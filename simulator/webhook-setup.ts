import { VmpError } from '../support/errors.ts';
import { durableJournal } from '../sut/durable-journal.ts';
import { assertUsersValue } from '../sut/target-lease.ts';
import type { TargetClient } from '../sut/client.ts';
import {
  assertTouchable,
  describeSnapshot,
  pointWebhook,
  restoreWebhookConfigs,
  savedLine,
  saveWebhookConfigs,
  UnrestorableWebhookError,
  type WebhookSnapshot,
} from '../sut/webhook-config.ts';

// Step 1 of `simulate`: the primary app's inquiry topic points at {capture}/primary and the other app's at
// {capture}/other, so a delivery's path says which app it was sent to. Both are saved before any change and
// restored afterwards, whatever happened in between; a topic that could not be put back as it is stays untouched
// (issue 13, item 5) unless the user accepts the loss.

/** The run could not be set up (the primary app's topic could not be pointed at the capture server): exit 1. */
export class SimulationSetupError extends VmpError {
  constructor(message: string) {
    super(message, 'VMP_ERR_SIMULATION_SETUP');
  }
}

/** The topics the simulation may change, saved; nothing is changed before both are saved. */
export interface InquiryTopics {
  snapshots: WebhookSnapshot[];
  /** False when the other app's topic is left untouched: deliveries misrouted to it go unseen. */
  pointOther: boolean;
}

export async function saveInquiryTopics(
  client: TargetClient,
  topic: string,
  acceptLoss: boolean,
  out: (line: string) => void,
  runId = '',
): Promise<InquiryTopics> {
  let saved: WebhookSnapshot[];
  try {
    saved = await saveWebhookConfigs(client, [
      { app: 'primary', topic },
      { app: 'other', topic },
    ]);
  } catch (error) {
    throw new SimulationSetupError(`${(error as Error).message} (check profile topics.inquiry); nothing was changed`);
  }
  const [fresh, freshOther] = saved as [WebhookSnapshot, WebhookSnapshot];
  // Never another run's callback as the user's value (issue 27, item 2): exit 2 naming it, nothing changed.
  for (const s of saved)
    if (
      !durableJournal()
        ?.outstanding()
        .some((j) => j.app === s.app && j.topic === s.topic)
    )
      assertUsersValue(s, runId);
  // On disk before any change (issue 27, item 1), and said once; a topic already journaled keeps its first snapshot.
  const keep = (s: WebhookSnapshot) => {
    const journal = durableJournal();
    const kept = journal?.save(s, runId, client.profile) ?? s;
    out(savedLine('simulate', kept, journal));
    return kept;
  };
  const primary = fresh;
  const other = freshOther;
  try {
    assertTouchable(primary, acceptLoss);
  } catch (error) {
    throw new SimulationSetupError(`${(error as Error).message}; nothing was changed`);
  }
  try {
    assertTouchable(other, acceptLoss);
    return { snapshots: [keep(primary), keep(other)], pointOther: true };
  } catch (error) {
    if (!(error instanceof UnrestorableWebhookError)) throw error;
    out(`simulate: warning: ${error.message}; deliveries misrouted to the other app go unseen`);
    return { snapshots: [keep(primary)], pointOther: false };
  }
}

export async function pointAtCapture(client: TargetClient, captureUrl: string, topic: string, pointOther: boolean, out: (line: string) => void): Promise<void> {
  const primary = await pointWebhook(client, 'primary', topic, `${captureUrl}/primary`);
  if (primary.status !== 200 && primary.status !== 201) {
    throw new SimulationSetupError(
      `cannot point the primary app's topic '${topic}' at the capture server: ${primary.exchange.method} ${primary.exchange.url} answered ` +
        `${primary.status ?? primary.error?.code} (check profile topics.inquiry and templates.webhookUpsert)`,
    );
  }
  if (!pointOther) return;
  const other = await pointWebhook(client, 'other', topic, `${captureUrl}/other`);
  if (other.status !== 200 && other.status !== 201) {
    out(
      `simulate: warning: the other app's topic '${topic}' could not be pointed at the capture server (${other.status ?? other.error?.code}); deliveries misrouted to it go unseen`,
    );
  }
}

export async function restoreAll(
  client: TargetClient,
  snapshots: readonly WebhookSnapshot[],
  out: (line: string) => void,
  runId?: string,
): Promise<{ ok: boolean; error?: string }> {
  if (snapshots.length === 0) return { ok: true };
  const { restored, failed, left } = await restoreWebhookConfigs(client.restoring(), snapshots, runId ? { runId } : {});
  for (const l of left) out(`simulate: warning: ${describeSnapshot(l.snapshot)} left as it is: it now holds ${l.now}`);
  for (const s of restored) if (s.configured && s.loses) out(`simulate: ${describeSnapshot(s)} restored without ${s.loses} (--discard-unrestorable-webhooks)`);
  if (failed.length === 0) {
    out(
      `simulate: webhook configurations restored (${snapshots.map((s) => `${s.app} '${s.topic}' ${s.configured ? 'as saved' : 'unconfigured'}`).join(', ')})`,
    );
    return { ok: true };
  }
  const error = failed.map((f) => f.error).join('; ');
  out(`simulate: ERROR restoring webhook configurations: ${error}`);
  return { ok: false, error };
}
