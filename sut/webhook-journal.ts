import { setTimeout as sleep } from 'node:timers/promises';
import { BroadcastChannel } from 'node:worker_threads';
import type { WebhookSnapshot } from './webhook-config.ts';

// The checks change webhook configurations in vitest's worker thread; a signal reaches only the main thread
// (issue 13, item 4). So whoever is about to change a topic posts its snapshot here first, and posts again once it
// has put it back: the main thread then knows, at any moment, what the run has changed and not yet restored, and
// can restore it itself after stopping the worker. A BroadcastChannel reaches every thread of the process.

const CHANNEL = 'vmp-conformance/webhook-journal';

export type JournalEntry = { runId: string; kind: 'saved'; key: string; snapshot: WebhookSnapshot } | { runId: string; kind: 'restored'; key: string };

let sender: BroadcastChannel | undefined;

/** Posts one entry; synchronous, so a 'saved' entry is on its way before the change it announces is sent. */
export function journal(entry: JournalEntry): void {
  if (!sender) {
    sender = new BroadcastChannel(CHANNEL);
    // Never keeps a process alive on its own.
    sender.unref();
  }
  sender.postMessage(entry);
}

/** The main thread's view of one run: every saved snapshot not yet restored. */
export class WebhookJournal {
  private readonly pending = new Map<string, WebhookSnapshot>();
  private readonly done: WebhookSnapshot[] = [];
  private readonly channel = new BroadcastChannel(CHANNEL);

  private readonly said = new Set<string>();

  /** @param onSaved hears each topic's saved value once (the console says it) */
  constructor(
    readonly runId: string,
    private readonly onSaved: (snapshot: WebhookSnapshot) => void = () => undefined,
  ) {
    this.channel.unref();
    this.channel.onmessage = (event) => {
      const entry = (event as { data?: JournalEntry }).data;
      if (entry?.runId !== this.runId) return;
      if (entry.kind === 'saved') {
        this.pending.set(entry.key, entry.snapshot);
        const topic = `${entry.snapshot.app}\u0000${entry.snapshot.topic}`;
        if (!this.said.has(topic)) {
          this.said.add(topic);
          this.onSaved(entry.snapshot);
        }
      } else {
        const snapshot = this.pending.get(entry.key);
        if (snapshot) this.done.push(snapshot);
        this.pending.delete(entry.key);
      }
    };
  }

  /** Records a snapshot this thread restored itself (not through the channel). */
  restoredHere(snapshot: WebhookSnapshot): void {
    for (const [key, s] of this.pending) if (s === snapshot) this.pending.delete(key);
    this.done.push(snapshot);
  }

  /** Every snapshot the run changed and put back, in the order they were put back. */
  restored(): WebhookSnapshot[] {
    return [...this.done];
  }

  /** Lets entries already posted arrive (they come as events on this thread's loop). */
  async settle(): Promise<void> {
    await sleep(50);
  }

  /**
   * Changed and not restored, latest first: restoring in this order leaves each topic as the earliest snapshot
   * saw it, before the run.
   */
  outstanding(): WebhookSnapshot[] {
    return [...this.pending.values()].reverse();
  }

  close(): void {
    this.channel.close();
  }
}
