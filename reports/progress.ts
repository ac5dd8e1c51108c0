import { areaOf } from '../models/index.ts';
import { areaRank } from './catalog-order.ts';
import type { RuleResult, Verdict } from './results.ts';

// One console line per spec area, in the catalog's order (issue 23 §1: two CI logs diff cleanly): an area's
// line is printed once every rule of it that the run selected has a result and every area before it is
// printed. Plain text, no cursor tricks, so CI logs read the same as a terminal (a terminal also gets a live
// line from the CLI). Areas with rules that no check covers finish at the end of the run (finish()).

export type AreaCounts = Record<Verdict, number>;

export const emptyCounts = (): AreaCounts => ({ pass: 0, fail: 0, skip: 0, observed: 0 });

export function countsLine(c: AreaCounts): string {
  const parts = [`${c.pass} passed`];
  if (c.fail) parts.push(`${c.fail} failed`);
  if (c.skip) parts.push(`${c.skip} skipped`);
  if (c.observed) parts.push(`${c.observed} observed`);
  return parts.join(', ');
}

export class AreaProgress {
  private readonly expected = new Map<string, Set<string>>();
  private readonly counts = new Map<string, AreaCounts>();
  /** Areas in catalog order; `next` is the first not printed yet. */
  private readonly order: string[];
  private next = 0;
  private readonly width: number;

  /** `ruleIds`: the rules the run selected (after --only), so an area knows when it is complete. */
  constructor(
    ruleIds: readonly string[],
    private readonly out: (line: string) => void,
  ) {
    for (const id of ruleIds) {
      const area = areaOf(id);
      if (!this.expected.has(area)) this.expected.set(area, new Set());
      this.expected.get(area)!.add(id);
    }
    this.order = [...this.expected.keys()].sort((a, b) => areaRank(a) - areaRank(b));
    this.width = Math.max(8, ...this.order.map((a) => a.length));
  }

  add(result: RuleResult): void {
    const area = result.area;
    const counts = this.counts.get(area) ?? emptyCounts();
    counts[result.verdict] += 1;
    this.counts.set(area, counts);
    if (!this.expected.has(area)) {
      this.expected.set(area, new Set());
      this.order.push(area);
    }
    this.expected.get(area)!.delete(result.id);
    while (this.next < this.order.length && this.expected.get(this.order[this.next]!)!.size === 0) this.print(this.order[this.next++]!);
  }

  /** Prints every area not printed yet (rules without a check, or results outside the catalog). */
  finish(): void {
    while (this.next < this.order.length) this.print(this.order[this.next++]!);
  }

  private print(area: string): void {
    const counts = this.counts.get(area) ?? emptyCounts();
    this.out(`  ${counts.fail ? 'FAIL' : 'ok  '} ${area.padEnd(this.width)}  ${countsLine(counts)}`);
  }
}

/** Where a run stands as each rule completes (the API's onRule, the CLI's live line). */
export interface RunProgress {
  /** Rules with a result so far, of `total` selected. */
  done: number;
  total: number;
  /** Failed so far (any level). */
  failed: number;
}

/** Hears each rule's result as it completes, with the run's totals so far. */
export type RuleListener = (rule: RuleResult, progress: RunProgress) => void;

/** Counts rules as they complete, for a listener that wants the running totals. */
export function progressCounter(total: number, listener: RuleListener): (r: RuleResult) => void {
  const p: RunProgress = { done: 0, total, failed: 0 };
  return (r) => {
    p.done += 1;
    if (r.verdict === 'fail') p.failed += 1;
    listener(r, { ...p });
  };
}
