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

export const PHASES: readonly Phase[] = ['inject', 'read', 'resend'];

/**
 * Which kind explains which (issue 23 §2: lead with the root cause): an inquiry the hook refused was never
 * delivered, one delivered to another app never reached the primary app, so "lost" follows from those; a wrong
 * payload is the next suspect (a forged delivery fails nothing: it is not the target's). The first kind of this order that a step shows is its root cause.
 */
const ROOT_ORDER: readonly ProblemKind[] = [
  'injection-failed',
  'misrouted',
  'mismatched',
  'lost',
  'duplicated',
  'resend-failed',
  'not-listed',
  'not-found-by-sid',
];

/** What each step was made of, to say "N of M": injected inquiries, reads, resends. */
const PHASE_NOUN: Record<Phase, string> = { inject: 'injected inquiries', read: 'inquiries read back', resend: 'resendwebhook calls' };

const ROOT_TEXT: Partial<Record<ProblemKind, string>> = {
  'injection-failed': 'refused by the simulation hook',
  misrouted: "delivered to another app's callback (misrouted)",
  mismatched: 'delivered with a payload that is not the inquiry (mismatched)',
  lost: 'never delivered to the primary app (lost)',
  duplicated: 'delivered more than once (duplicated)',
  'resend-failed': 'not answered 202 with the payload and a Location',
  'not-listed': 'missing from the inquiry list',
  'not-found-by-sid': 'not found by sid',
};

/**
 * The root cause of a failed simulation, one line: the first failing kind in causal order, in the step where it
 * is most frequent, as "N of M <step>", and what it explains. Undefined when nothing failed.
 */
export function rootCause(byPhase: Record<Phase, Record<ProblemKind, number>>, totals: Record<Phase, number>): string | undefined {
  for (const kind of ROOT_ORDER) {
    const phase = [...PHASES].sort((a, b) => byPhase[b][kind] - byPhase[a][kind])[0]!;
    const n = byPhase[phase][kind];
    if (n === 0) continue;
    const explained =
      kind !== 'lost' && ROOT_ORDER.indexOf('lost') > ROOT_ORDER.indexOf(kind) && byPhase[phase].lost > 0
        ? `; the ${byPhase[phase].lost} lost follow from it`
        : '';
    return `${n} of ${totals[phase]} ${PHASE_NOUN[phase]} ${ROOT_TEXT[kind]}${explained}`;
  }
  return undefined;
}

export class ProblemLog {
  private readonly counts = new Map<ProblemKind, number>();
  private readonly kept: Problem[] = [];
  /** Counts per step and kind (`inject lost`), complete like counts. */
  private readonly phased = new Map<string, number>();

  constructor(private readonly keepPerKind = DEFAULT_KEEP_PER_KIND) {}

  add(problem: Problem): void {
    const key = `${problem.phase} ${problem.kind}`;
    this.phased.set(key, (this.phased.get(key) ?? 0) + 1);
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

  /** The same counts per step, so the injected stream's and the resends' are never added together. */
  countsByPhase(): Record<Phase, Record<ProblemKind, number>> {
    return Object.fromEntries(PHASES.map((p) => [p, Object.fromEntries(PROBLEM_KINDS.map((k) => [k, this.phased.get(`${p} ${k}`) ?? 0]))])) as Record<
      Phase,
      Record<ProblemKind, number>
    >;
  }

  /** Kept problems, in stream order within each kind. */
  items(): Problem[] {
    return [...this.kept].sort((a, b) => PROBLEM_KINDS.indexOf(a.kind) - PROBLEM_KINDS.indexOf(b.kind) || a.index - b.index);
  }

  failing(): ProblemKind[] {
    return PROBLEM_KINDS.filter((k) => FAILING_KINDS.has(k) && this.count(k) > 0);
  }
}
