import { areaOf } from '../models/index.ts';
import type { RuleResult, Verdict } from './results.ts';

// One console line per spec area, printed as soon as every rule of the area that the run selected has a
// result — plain text, no cursor tricks, so CI logs read the same as a terminal. Areas with rules that
// no check covers finish at the end of the run (finish()).

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
  private readonly done = new Set<string>();
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
    this.width = Math.max(8, ...[...this.expected.keys()].map((a) => a.length));
  }

  add(result: RuleResult): void {
    const area = result.area;
    const counts = this.counts.get(area) ?? emptyCounts();
    counts[result.verdict] += 1;
    this.counts.set(area, counts);
    const pending = this.expected.get(area);
    pending?.delete(result.id);
    if (pending && pending.size === 0) this.print(area);
  }

  /** Prints every area not printed yet (rules without a check, or results outside the catalog). */
  finish(): void {
    for (const area of this.counts.keys()) this.print(area);
  }

  private print(area: string): void {
    if (this.done.has(area)) return;
    this.done.add(area);
    const counts = this.counts.get(area) ?? emptyCounts();
    this.out(`  ${counts.fail ? 'FAIL' : 'ok  '} ${area.padEnd(this.width)}  ${countsLine(counts)}`);
  }
}
