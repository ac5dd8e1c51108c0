import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LocalFaultError, systemCause } from '../support/errors.ts';
import { settledTemp, tempPathFor } from '../support/atomic-write.ts';
import { profileFileSchema, type Profile } from './profile.ts';
import { redact } from './redact.ts';
import { journalKey, stateDir } from './state-dir.ts';
import type { WebhookSnapshot } from './webhook-config.ts';

// The durable webhook journal (issue 27, items 1 and 3): before a run changes a webhook topic, what the topic held
// is on disk — fsync'd, in the report directory and in the user's state directory (state-dir.ts) — so that a run
// killed at any moment (SIGKILL, OOM, a CI timeout) leaves a file `vmp-conformance restore` puts back. An entry is
// removed only once a read of the target confirmed the topic holds its saved value again; the file goes with its
// last entry. The first snapshot of a topic wins: a later save of the same topic in the run would see the run's
// own change. Secrets never reach the file (Principle 4): a write-only secret of the upsert template is written
// redacted and filled in again from the profile when the journal is restored (fillRedacted).
//
// Writes are synchronous (write a temporary file, fsync, rename, fsync the directory): the change they announce
// is sent only after they return, and one thread at a time writes (the suites' single worker during the checks,
// the main thread before and after them).

export const JOURNAL_FILE = 'webhook-journal.json';

const snapshotShape = z.object({
  app: profileFileSchema.shape.apps.keyof(),
  topic: z.string(),
  configured: z.boolean(),
  body: z.record(z.string(), z.unknown()).optional(),
  callbackUrl: z.string().optional(),
  loses: z.string().optional(),
  /** Members of the body the profile gave, not the read (webhook-restore.ts): no read confirms them. */
  fromProfile: z.array(z.string()).optional(),
  /** The run whose callback URLs the topic was then pointed at (run-mark.ts): its restore compares with them. */
  runId: z.string().optional(),
  /** The AppWebhookUpsert template and restoreFrom its restore was planned with: a read is judged with them again. */
  template: z.record(z.string(), z.unknown()).optional(),
  restoreFrom: z.record(z.string(), z.string()).optional(),
});

export const journalShape = z.strictObject({
  tool: z.literal('vmp-conformance'),
  kind: z.literal('webhook-journal'),
  version: z.literal(1),
  runId: z.string(),
  pid: z.number().int(),
  command: z.string(),
  baseUrl: z.string(),
  startedAt: z.string(),
  /** Where its copies are (the state directory's first): a confirmed restore updates every one. */
  files: z.array(z.string()),
  /** Each topic as it was before the run changed it, in the order they were saved. */
  saved: z.array(snapshotShape),
});
export type JournalDoc = z.infer<typeof journalShape>;

/** Where a run's journal is kept: the state directory's copy first (the one `restore` finds by target). */
export interface JournalPlace {
  files: string[];
  runId: string;
  command: string;
  baseUrl: string;
  secrets: readonly string[];
}

/** The state directory's journal of a target (base URL and app). */
export const stateJournalFile = (baseUrl: string, profile: Pick<Profile, 'apps'>, env?: NodeJS.ProcessEnv): string =>
  path.join(stateDir(env), 'journals', `${journalKey(baseUrl, profile)}.json`);

export function journalPlace(o: {
  baseUrl: string;
  profile: Profile;
  reportDir?: string;
  runId: string;
  command: string;
  secrets: readonly string[];
}): JournalPlace {
  const files = [stateJournalFile(o.baseUrl, o.profile), ...(o.reportDir ? [path.join(path.resolve(o.reportDir), JOURNAL_FILE)] : [])];
  return { files, runId: o.runId, command: o.command, baseUrl: o.baseUrl, secrets: o.secrets };
}

/** A journal that cannot be written: nothing is changed on the target (exit 2, the cause named). */
export class JournalWriteError extends LocalFaultError {
  constructor(file: string, error: unknown) {
    super(`cannot write the webhook journal ${file} (${systemCause(error)}): nothing more is changed on the target`);
  }
}

function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a directory; the rename is then as durable as they make it.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function writeDurably(file: string, text: string): void {
  const dir = path.dirname(file);
  const temp = tempPathFor(file);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
    fsyncDir(dir);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new JournalWriteError(file, error);
  } finally {
    settledTemp(temp);
  }
}

function removeDurably(file: string): void {
  rmSync(file, { force: true });
  fsyncDir(path.dirname(file));
}

/** The journal in file, or undefined when there is none; a file that is not a journal is an error naming it. */
export function readJournal(file: string): JournalDoc | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new LocalFaultError(`cannot read the webhook journal ${file} (${systemCause(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = journalShape.safeParse(json);
  if (!parsed.success) throw new LocalFaultError(`${file} is not a vmp-conformance webhook journal`);
  return parsed.data;
}

const planning = (p: Pick<Profile, 'templates' | 'webhooks'>) => ({
  template: p.templates.webhookUpsert,
  ...(p.webhooks.restoreFrom ? { restoreFrom: p.webhooks.restoreFrom } : {}),
});

const same = (a: { app: string; topic: string }, b: { app: string; topic: string }) => a.app === b.app && a.topic === b.topic;

/** One thread's writer of a run's journal. */
export class DurableJournal {
  /** The unredacted snapshots this thread saved: what an in-run restore sends. */
  private readonly mine: WebhookSnapshot[] = [];
  private readonly startedAt = new Date().toISOString();

  constructor(readonly place: JournalPlace) {}

  /** The writer of a journal found on disk (its own copies, and `file` where it was found), to settle its topics. */
  static of(doc: JournalDoc, file: string, secrets: readonly string[]): DurableJournal {
    const files = [...new Set([file, ...doc.files])];
    return new DurableJournal({ files, runId: doc.runId, command: doc.command, baseUrl: doc.baseUrl, secrets });
  }

  private current(): JournalDoc {
    const found = readJournal(this.place.files[0]!);
    if (found && found.runId === this.place.runId) return found;
    const { runId, command, baseUrl } = this.place;
    return {
      tool: 'vmp-conformance',
      kind: 'webhook-journal',
      version: 1,
      runId,
      pid: process.pid,
      command,
      baseUrl,
      startedAt: this.startedAt,
      files: this.place.files,
      saved: [],
    };
  }

  private write(doc: JournalDoc): void {
    if (doc.saved.length === 0) {
      for (const file of this.place.files) removeDurably(file);
      return;
    }
    const text = `${redact(JSON.stringify(doc, null, 2), this.place.secrets)}\n`;
    for (const file of this.place.files) writeDurably(file, text);
  }

  /**
   * Records a topic's snapshot before its first change, on disk before it returns. Returns the snapshot to
   * restore: an earlier one of the run when the topic is already journaled (what the topic held before the run).
   */
  save(
    snapshot: WebhookSnapshot,
    runId: string,
    profile: Pick<Profile, 'templates' | 'webhooks'>,
    /** Throws when a snapshot not journaled yet must not be saved (another run's value). */
    vet: (s: WebhookSnapshot) => void = () => undefined,
  ): WebhookSnapshot {
    const doc = this.current();
    const earlier = doc.saved.find((s) => same(s, snapshot));
    if (earlier) return this.mine.find((s) => same(s, snapshot)) ?? (earlier as WebhookSnapshot);
    vet(snapshot);
    this.write({ ...doc, saved: [...doc.saved, { ...snapshot, runId, ...planning(profile) }] });
    this.mine.push(snapshot);
    return snapshot;
  }

  /** The topic is confirmed as saved (or left to whoever changed it since): its entry goes. */
  settled(topic: { app: string; topic: string }): void {
    const doc = this.current();
    const i = this.mine.findIndex((s) => same(s, topic));
    if (i >= 0) this.mine.splice(i, 1);
    if (!doc.saved.some((s) => same(s, topic))) return;
    this.write({ ...doc, saved: doc.saved.filter((s) => !same(s, topic)) });
  }

  /** What is journaled and not yet confirmed restored. */
  outstanding(): WebhookSnapshot[] {
    return this.current().saved.map((s) => this.mine.find((m) => same(m, s)) ?? (s as WebhookSnapshot));
  }
}

// The journal of the target this thread is changing, if the run keeps one (a target given by --base-url).
let active: DurableJournal | undefined;

export function useDurableJournal(journal: DurableJournal | undefined): void {
  active = journal;
}

export const durableJournal = (): DurableJournal | undefined => active;
