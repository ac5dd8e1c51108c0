import { z } from 'zod';
import { trafficSchema, type Traffic } from '../sut/infrastructure.ts';
import type { RuleResult } from './results.ts';

// The one infrastructure cause a run's reports lead with (issue 27 item 5, Principle 5): what the network did to
// the run's requests — a gateway's 429s, a deploy's 503s, resets — said once, with the fix, rather than as dozens
// of rules. Rules whose checks met such an answer are skipped, each "not judged: …" (suites/harness/check.ts); a
// run that only retried (every retry answered) says so in a quieter line.

/** A skip reason of a check that met an answer lost to the network (sut/infrastructure.ts notJudged). */
const NOT_JUDGED = /^not judged: (?:the target throttled|the target was unavailable|transport) /;

export const infrastructureSchema = z.object({
  traffic: trafficSchema,
  /** Rules skipped because the network took the answers they needed. */
  rulesNotJudged: z.number().int().nonnegative(),
  /** The one line every report leads with; absent when the network cost the run nothing. */
  cause: z.string().optional(),
  /** Requests sent again that then answered: said, but not a cause. */
  note: z.string().optional(),
});
export type Infrastructure = z.infer<typeof infrastructureSchema>;

const n = (x: number): string => x.toLocaleString('en-US');
const plural = (x: number, one: string, many = `${one}s`): string => `${n(x)} ${x === 1 ? one : many}`;

/**
 * A rate the target let through, rounded down to a figure a user would type: what it answered (not 429) per second
 * over the run, at least 1. The run's own pauses (start-up, webhook waits) make it a safe figure, not the gateway's.
 */
export function suggestedRate(t: Traffic, durationMs: number): number {
  const answered = t.attempts - t.throttled;
  const perSecond = answered / Math.max(1, durationMs / 1_000);
  if (perSecond < 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(perSecond));
  const step = magnitude >= 10 ? magnitude / 2 : magnitude;
  return Math.max(1, Math.floor(perSecond / step) * step);
}

/** The causes, most lost answers first: `throttled`, `unavailable` or `transport`. */
function causeLine(t: Traffic, durationMs: number, rateLimit: number | undefined): string | undefined {
  const kinds = Object.entries(t.lost)
    .filter(([, x]) => x > 0)
    .sort((a, b) => b[1] - a[1]);
  const kind = kinds[0]?.[0];
  if (kind === 'throttled') {
    const rate = suggestedRate(t, durationMs);
    const fix = rateLimit !== undefined && rate >= rateLimit ? 'try a lower --rate-limit' : `try --rate-limit ${rate}/s`;
    return `the target answered 429 to ${n(t.throttled)} of ${plural(t.attempts, 'request')}; ${fix}`;
  }
  if (kind === 'unavailable') {
    return `the target answered 503 with Retry-After to ${n(t.unavailable)} of ${plural(t.attempts, 'request')} (a deploy or maintenance?); run again once it is back`;
  }
  if (kind === 'transport') {
    const lost = t.lost.transport ?? 0;
    return `${plural(lost, 'request')} of ${n(t.attempts)} got no response, even when sent again (${t.first.transport?.replace(/^transport: /, '')}); check the network between this machine and the target`;
  }
  return undefined;
}

const RETRY_WORDS: Readonly<Record<string, string>> = {
  reset: 'a reset',
  closed: 'a closed connection',
  refused: 'a refused connection',
  '429': 'a 429',
  '503': 'a 503 with Retry-After',
};

function retryNote(t: Traffic): string | undefined {
  const entries = Object.entries(t.retries).filter(([, x]) => x > 0);
  if (entries.length === 0) return undefined;
  const total = entries.reduce((s, [, x]) => s + x, 0);
  const by = entries.map(([cause, x]) => `${n(x)} after ${RETRY_WORDS[cause] ?? cause}`).join(', ');
  return `${plural(total, 'request was', 'requests were')} sent again (${by}): each was judged on the answer it finally got`;
}

/** What the network did to the run (every request it made: sut/traffic-tap.ts); undefined when it did nothing worth a line. */
export function infrastructureOf(traffic: Traffic, rules: readonly RuleResult[], durationMs: number, rateLimit?: number): Infrastructure | undefined {
  const rulesNotJudged = rules.filter((r) => r.verdict === 'skip' && NOT_JUDGED.test(r.skipReason ?? '')).length;
  const cause = causeLine(traffic, durationMs, rateLimit);
  const note = retryNote(traffic);
  if (!cause && !note) return undefined;
  return { traffic, rulesNotJudged, ...(cause ? { cause } : {}), ...(note ? { note } : {}) };
}

/** The lines the console and summary.md lead with: the cause (with the rules it cost), then the retries. */
export function infrastructureLines(i: Infrastructure | undefined): string[] {
  if (!i) return [];
  const cost = i.rulesNotJudged > 0 ? ` (${plural(i.rulesNotJudged, 'rule')} not judged)` : '';
  return [...(i.cause ? [`Infrastructure: ${i.cause}${cost}.`] : []), ...(i.note ? [`Network: ${i.note}.`] : [])];
}

/**
 * Whether the network took every judgment the run could have made: no must or profile rule passed or failed, and
 * some were skipped for it. Such a run is not a pass (Principle 3: a pass that judged nothing is a defect) but the
 * target could not be judged, exit 3, as when it cannot be reached at all.
 */
export function judgedNothing(infrastructure: Infrastructure | undefined, rules: readonly RuleResult[]): boolean {
  if (!infrastructure?.cause || infrastructure.rulesNotJudged === 0) return false;
  return !rules.some((r) => r.level !== 'observe' && (r.verdict === 'pass' || r.verdict === 'fail'));
}
