import { createLatencyHistogram, percentilesMs, recordMs, type LatencyHistogram } from './histogram.ts';

// p50 and p99 of each second's latencies, for load's latency-over-time chart (issue 29 §9). Latencies arrive in the
// order their responses completed, so a second is done once a later one has begun: each second has an HDR
// histogram while it is open, read and reused once it is done — a run of an hour keeps a few, not 3,600.

export interface SecondLatency {
  /** Milliseconds. */
  p50: number;
  p99: number;
}

/** Seconds kept open behind the latest: a batch recorded a little out of order still lands in its own second. */
const OPEN_BEHIND = 2;

export class LatencyTimeline {
  private readonly open = new Map<number, LatencyHistogram>();
  private readonly spare: LatencyHistogram[] = [];
  private readonly done: (SecondLatency | undefined)[] = [];
  private latest = 0;
  /** The second most latencies go to, and its histogram: no lookup on the common path. */
  private current: { second: number; h: LatencyHistogram } | undefined;

  record(second: number, ms: number): void {
    if (this.current?.second === second) return recordMs(this.current.h, ms);
    if (second > this.latest) {
      this.latest = second;
      for (const s of [...this.open.keys()]) if (s < second - OPEN_BEHIND) this.close(s);
    }
    let h = this.open.get(second);
    if (!h) this.open.set(second, (h = this.spare.pop() ?? createLatencyHistogram('us')));
    this.current = { second, h };
    recordMs(h, ms);
  }

  private close(second: number): void {
    const h = this.open.get(second)!;
    if (this.current?.second === second) this.current = undefined;
    const p = percentilesMs(h);
    this.done[second] = { p50: p.p50, p99: p.p99 };
    this.open.delete(second);
    h.histogram.reset();
    this.spare.push(h);
  }

  /** Every second's p50 and p99 so far (undefined for a second without a latency); the open ones are closed. */
  seconds(): readonly (SecondLatency | undefined)[] {
    for (const s of [...this.open.keys()]) this.close(s);
    return this.done;
  }
}
