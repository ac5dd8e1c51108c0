// What a simulation found wrong, by inquiry. Every kind is counted in full; the items kept per kind are capped,
// so a run where everything is lost still writes a report of bounded size.

export type ProblemKind =
  | 'lost'
  | 'duplicated'
  | 'late'
  | 'misrouted'
  | 'mismatched'
  | 'forged'
  | 'not-listed'
  | 'not-found-by-sid'
  | 'injection-failed'
  | 'resend-failed';

/** Which step saw it: the injected stream's deliveries, the reads of the API, or resendwebhook and its delivery. */
export type Phase = 'inject' | 'read' | 'resend';

export interface Problem {
  kind: ProblemKind;
  phase: Phase;
  /** Position in the injected stream (or in the list of existing inquiries, in observe mode). */
  index: number;
  sid?: string;
  detail: string;
}

export const PROBLEM_KINDS: readonly ProblemKind[] = [
  'lost',
  'duplicated',
  'late',
  'misrouted',
  'mismatched',
  'forged',
  'not-listed',
  'not-found-by-sid',
  'injection-failed',
  'resend-failed',
];

/**
 * Kinds that fail the run (exit 1). The issue names lost, duplicated, misrouted and mismatched deliveries; the
 * other verifications of step 3 (listed, readable by sid, resend answered 202) fail too. Late is only reported:
 * the spec states no delivery time, the deadline is the user's. So is forged — a delivery of an inquiry without
 * a valid signature where the profile declares a scheme: anyone who reaches the capture server can send one, so
 * it is not the target's and counts for nothing (issue 22, defect 7); a target that signs badly loses every
 * inquiry it delivers.
 */
export const FAILING_KINDS: ReadonlySet<ProblemKind> = new Set(PROBLEM_KINDS.filter((k) => k !== 'late' && k !== 'forged'));

export const DEFAULT_KEEP_PER_KIND = 1000;

export class ProblemLog {
  private readonly counts = new Map<ProblemKind, number>();
  private readonly kept: Problem[] = [];

  constructor(private readonly keepPerKind = DEFAULT_KEEP_PER_KIND) {}

  add(problem: Problem): void {
    const n = (this.counts.get(problem.kind) ?? 0) + 1;
    this.counts.set(problem.kind, n);
    if (n <= this.keepPerKind) this.kept.push(problem);
  }

  count(kind: ProblemKind): number {
    return this.counts.get(kind) ?? 0;
  }

  countsByKind(): Record<ProblemKind, number> {
    return Object.fromEntries(PROBLEM_KINDS.map((k) => [k, this.count(k)])) as Record<ProblemKind, number>;
  }

  /** Kept problems, in stream order within each kind. */
  items(): Problem[] {
    return [...this.kept].sort((a, b) => PROBLEM_KINDS.indexOf(a.kind) - PROBLEM_KINDS.indexOf(b.kind) || a.index - b.index);
  }

  failing(): ProblemKind[] {
    return PROBLEM_KINDS.filter((k) => FAILING_KINDS.has(k) && this.count(k) > 0);
  }
}
