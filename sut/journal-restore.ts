import { UsageError } from '../support/errors.ts';
import { TargetClient } from './client.ts';
import { DurableJournal, durableJournal, type JournalDoc, readJournal, stateJournalFile, useDurableJournal } from './durable-journal.ts';
import type { Profile } from './profile.ts';
import { REDACTED, redact } from './redact.ts';
import type { TransportSettings } from './transport.ts';
import { describeSnapshot, type RestoreReport, restoreWebhookConfigs, type WebhookSnapshot } from './webhook-config.ts';

// Putting back what a journal on disk says an unfinished run changed (issue 27, items 1–2): `vmp-conformance
// restore`, and `run`, `simulate`, `init` and `load` before they change anything. A journal holds no secret: a
// redacted value is the profile's own (a write-only secret of the upsert template), filled in again from it.

/** Every string holding the redaction mark, taken from `from` at the same place; undefined where `from` has none. */
function filled(value: unknown, from: unknown): { value: unknown } | undefined {
  if (typeof value === 'string') {
    if (!value.includes(REDACTED)) return { value };
    return typeof from === 'string' && !/\{\{\w+\}\}/.test(from) ? { value: from } : undefined;
  }
  if (Array.isArray(value)) {
    const items = value.map((v, i) => filled(v, Array.isArray(from) ? from[i] : undefined));
    return items.every((i) => i !== undefined) ? { value: items.map((i) => i!.value) } : undefined;
  }
  if (value && typeof value === 'object') {
    const source = from && typeof from === 'object' ? (from as Record<string, unknown>) : {};
    const entries = Object.entries(value).map(([k, v]) => [k, filled(v, source[k])] as const);
    return entries.every(([, e]) => e !== undefined) ? { value: Object.fromEntries(entries.map(([k, e]) => [k, e!.value])) } : undefined;
  }
  return { value };
}

type Entry = JournalDoc['saved'][number];

/**
 * An entry as it can be sent: its template and body with their redacted members filled in from the profile's
 * template, and the profile it was planned with; a message when a member cannot be filled in.
 */
export function unredacted(entry: Entry, profile: Profile): { snapshot: WebhookSnapshot; profile: Profile } | string {
  const snapshot = entry as WebhookSnapshot;
  const why = `${describeSnapshot(snapshot)}: the journal keeps a member of it redacted, and the profile's templates.webhookUpsert does not give it`;
  const template = entry.template ? filled(entry.template, profile.templates.webhookUpsert) : { value: profile.templates.webhookUpsert };
  if (!template) return why;
  const planned: Profile = {
    ...profile,
    templates: { ...profile.templates, webhookUpsert: template.value as Record<string, unknown> },
    webhooks: { ...profile.webhooks, ...(entry.restoreFrom ? { restoreFrom: entry.restoreFrom } : {}) },
  };
  if (!snapshot.configured || snapshot.body === undefined) return { snapshot, profile: planned };
  const body = filled(snapshot.body, template.value);
  if (!body) return why;
  return { snapshot: { ...snapshot, body: body.value as Record<string, unknown> }, profile: planned };
}

export interface JournalRestore extends RestoreReport {
  /** Snapshots that could not be sent at all (a member the profile cannot fill in). */
  unfillable: { snapshot: WebhookSnapshot; error: string }[];
}

/** Restores every topic the journal keeps (each confirmed by a read); the journal loses each one confirmed. */
export async function restoreJournal(
  doc: JournalDoc,
  file: string,
  reach: { baseUrl: string; profile: Profile; timeoutMs: number; secrets: readonly string[]; transport?: TransportSettings | undefined },
): Promise<JournalRestore> {
  const report: JournalRestore = { restored: [], wrote: [], failed: [], left: [], unfillable: [] };
  const before = durableJournal();
  useDurableJournal(DurableJournal.of(doc, file, reach.secrets));
  try {
    for (const entry of doc.saved) {
      const sendable = unredacted(entry, reach.profile);
      if (typeof sendable === 'string') {
        report.unfillable.push({ snapshot: entry as WebhookSnapshot, error: sendable });
        continue;
      }
      const { baseUrl, timeoutMs, secrets, transport } = reach;
      const client = new TargetClient({ baseUrl, profile: sendable.profile, timeoutMs, secrets, transport });
      try {
        const one = await restoreWebhookConfigs(client, [sendable.snapshot], { runId: entry.runId ?? doc.runId });
        report.restored.push(...one.restored);
        report.wrote.push(...one.wrote);
        report.failed.push(...one.failed);
        report.left.push(...one.left);
      } finally {
        await client.close();
      }
    }
    return report;
  } finally {
    useDurableJournal(before);
  }
}

/** What a restore left undone, one line each, with the saved value (redacted) so it can be put back by hand. */
export function undoneLines(r: Pick<JournalRestore, 'failed' | 'unfillable'>, secrets: readonly string[]): string[] {
  return [...r.failed, ...r.unfillable].map((f) =>
    redact(`${describeSnapshot(f.snapshot)}: ${f.error}; saved value: ${JSON.stringify(f.snapshot.configured ? (f.snapshot.body ?? null) : null)}`, secrets),
  );
}

/** An unfinished run's journal that could not be put back: the command stops before changing anything (exit 2). */
export class UnfinishedJournalError extends UsageError {
  constructor(file: string, doc: JournalDoc, lines: readonly string[], command: string) {
    super(
      `an earlier ${doc.command} (run ${doc.runId}, pid ${doc.pid}, since ${doc.startedAt}) left ${doc.baseUrl}'s webhook configuration changed, ` +
        `and it could not be put back now: ${lines.join('; ')}. Nothing was changed; run \`${command}\` (journal: ${file})`,
      'VMP_ERR_UNFINISHED_JOURNAL',
    );
  }
}

/**
 * Before a command changes a target: the journal an unfinished run left for it (same base URL and app) is
 * restored, each topic confirmed; what cannot be stops the command (UnfinishedJournalError, exit 2).
 */
export async function recoverUnfinished(reach: Parameters<typeof restoreJournal>[2], restoreCommand: string, out: (line: string) => void): Promise<void> {
  const file = stateJournalFile(reach.baseUrl, reach.profile);
  const doc = readJournal(file);
  if (!doc) return;
  out(
    redact(`restore: an earlier ${doc.command} (run ${doc.runId}) did not confirm its restore; putting back what its journal keeps (${file})`, reach.secrets),
  );
  const r = await restoreJournal(doc, file, reach);
  for (const s of r.restored) out(redact(`restore: restored ${describeSnapshot(s)} (confirmed by a read)`, reach.secrets));
  for (const l of r.left) out(redact(`restore: warning: ${describeSnapshot(l.snapshot)} left as it is: it now holds ${l.now}`, reach.secrets));
  const undone = undoneLines(r, reach.secrets);
  if (undone.length > 0) throw new UnfinishedJournalError(file, doc, undone, restoreCommand);
}
