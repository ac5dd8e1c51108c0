import path from 'node:path';
import { UsageError } from '../support/errors.ts';
import { readJournal, stateJournalFile } from '../sut/durable-journal.ts';
import { provisional } from '../sut/infer/infer.ts';
import { restoreJournal, undoneLines } from '../sut/journal-restore.ts';
import type { DraftProfile } from '../sut/profile.ts';
import { redact } from '../sut/redact.ts';
import { secretsOf } from '../sut/secrets.ts';
import { targetOf } from '../sut/state-dir.ts';
import { type Lease, takeLease } from '../sut/target-lease.ts';
import { lockTarget } from '../sut/target-lock.ts';
import type { TransportSettings } from '../sut/transport.ts';
import { describeSnapshot } from '../sut/webhook-config.ts';

// What `vmp-conformance restore` does (issue 27, item 1), and the lease `init` takes: the journal an interrupted run
// kept on disk put back, each topic confirmed by a read, under the target's lock (sut/durable-journal.ts,
// sut/journal-restore.ts, sut/target-lease.ts).

export interface RestoreOptions {
  baseUrl: string;
  /** The profile as given: its credentials, and the values the journal keeps redacted. */
  draft: DraftProfile;
  /** The journal to restore; by default the state directory's for this target. */
  journal?: string | undefined;
  timeoutMs: number;
  transport?: TransportSettings | undefined;
}

/** Exit code: 0 restored or nothing to restore, 1 something could not be (its saved value printed, redacted). */
export async function restoreTarget(o: RestoreOptions, out: (line: string) => void): Promise<0 | 1> {
  const { baseUrl, timeoutMs, transport } = o;
  const profile = provisional(o.draft);
  const secrets = secretsOf(o.draft);
  const say = (line: string) => out(redact(`restore: ${line}`, secrets));
  const file = o.journal ? path.resolve(o.journal) : stateJournalFile(baseUrl, profile);
  const lock = await lockTarget({ baseUrl, runId: `restore-${process.pid}`, command: 'restore', out: (l) => say(l.replace(/^\w+: /, '')) });
  try {
    const doc = readJournal(file);
    if (!doc || doc.saved.length === 0) {
      say(`nothing to restore on ${targetOf(baseUrl)}: no unfinished run's journal (${file})`);
      return 0;
    }
    if (targetOf(doc.baseUrl) !== targetOf(baseUrl)) throw new UsageError(`--journal ${file} is of ${doc.baseUrl}, not of --base-url ${baseUrl}`);
    say(`putting back what ${doc.command} (run ${doc.runId}, pid ${doc.pid}, since ${doc.startedAt}) changed (journal: ${file})`);
    const r = await restoreJournal(doc, file, { baseUrl, profile, timeoutMs, secrets, transport });
    for (const s of r.restored) say(`${r.wrote.includes(s) ? 'restored' : 'already as saved:'} ${describeSnapshot(s)} (confirmed by a read)`);
    for (const l of r.left) say(`warning: ${describeSnapshot(l.snapshot)} left as it is: it now holds ${l.now}`);
    const undone = undoneLines(r, secrets);
    if (undone.length === 0) {
      say(`done: ${r.restored.length + r.left.length} webhook topic${r.restored.length + r.left.length === 1 ? '' : 's'} settled; the journal is removed`);
      return 0;
    }
    for (const line of undone) say(`NOT restored ${line}`);
    say(`the journal is kept (${file}): run restore again, or put these back by hand`);
    return 1;
  } finally {
    lock.release();
  }
}

/** `init`'s lease on its target: one writer, and what an unfinished run left put back first (issue 27, items 1–2). */
export function takeInitLease(o: {
  baseUrl: string;
  draft: DraftProfile;
  /** Every secret of the command line, the signing secret init keeps apart from the draft included. */
  secrets: readonly string[];
  runId: string;
  timeoutMs: number;
  transport?: TransportSettings | undefined;
  out: (line: string) => void;
}): Promise<Lease> {
  return takeLease({ ...o, profile: provisional(o.draft), command: 'init' });
}
