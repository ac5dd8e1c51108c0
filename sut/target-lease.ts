import { UsageError } from '../support/errors.ts';
import { DurableJournal, durableJournal, journalPlace, useDurableJournal } from './durable-journal.ts';
import { recoverUnfinished } from './journal-restore.ts';
import type { Profile } from './profile.ts';
import { runOf } from './run-mark.ts';
import { lockTarget } from './target-lock.ts';
import type { TransportSettings } from './transport.ts';
import { describeTopic, type WebhookSnapshot } from './webhook-config.ts';

// A command's lease on a target it may change (issue 27, items 1–2): the lock on this machine (target-lock.ts),
// then whatever an unfinished run's journal keeps put back first, then this run's own durable journal, which
// every save of a webhook topic in this thread writes before the change (durable-journal.ts).

export interface Lease {
  readonly runId: string;
  readonly journal: DurableJournal;
  release(): void;
}

/** The command that puts back what a run on this target left (said wherever a restore could not be done). */
export function restoreCommand(baseUrl: string, profileFile: string | undefined, transport?: TransportSettings): string {
  const flags = transport && Object.keys(transport).length > 0 ? ' (with the same --ca/--cert/--key/--insecure/--proxy flags)' : '';
  return `vmp-conformance restore --base-url ${baseUrl} --profile ${profileFile ?? '<profile file>'}${flags}`;
}

export interface LeaseOptions {
  baseUrl: string;
  /** The profile as known: its credentials key the journal; its template fills what a journal keeps redacted. */
  profile: Profile;
  reportDir?: string;
  command: string;
  runId: string;
  timeoutMs: number;
  secrets: readonly string[];
  transport?: TransportSettings | undefined;
  profileFile?: string | undefined;
  out: (line: string) => void;
}

export async function takeLease(o: LeaseOptions): Promise<Lease> {
  const lock = await lockTarget({ baseUrl: o.baseUrl, runId: o.runId, command: o.command, out: o.out });
  try {
    const reach = { baseUrl: o.baseUrl, profile: o.profile, timeoutMs: o.timeoutMs, secrets: o.secrets, transport: o.transport };
    await recoverUnfinished(reach, restoreCommand(o.baseUrl, o.profileFile, o.transport), o.out);
    const journal = new DurableJournal(journalPlace({ ...o, ...(o.reportDir ? { reportDir: o.reportDir } : {}) }));
    useDurableJournal(journal);
    return {
      runId: o.runId,
      journal,
      release() {
        if (durableJournal() === journal) useDurableJournal(undefined);
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** A topic points at another run's callback: its value is that run's, not the user's (exit 2, naming the run). */
export class OtherRunsCallbackError extends UsageError {
  constructor(snapshot: WebhookSnapshot & { configured: true }, other: string) {
    super(
      `${describeTopic(snapshot)} points at ${snapshot.callbackUrl}, a callback of another vmp-conformance run (${other}): that run is still ` +
        'changing this target (from another machine?) or ended without putting it back. It is not saved as your configuration: ' +
        'wait for that run to end, or run `vmp-conformance restore` where it ran, or configure the topic again by hand',
      'VMP_ERR_OTHER_RUN',
    );
  }
}

/** Throws OtherRunsCallbackError when the saved value is a callback of a run other than `runId`. */
export function assertUsersValue(snapshot: WebhookSnapshot, runId: string): void {
  if (!snapshot.configured) return;
  const other = runOf(snapshot.callbackUrl);
  if (other !== undefined && other !== runId) throw new OtherRunsCallbackError(snapshot, other);
}
