import { readFileSync } from 'node:fs';
import { KILLED_BY_RULES } from './verdict.ts';

// The mutation score as issue 28 counts it, from Stryker's JSON report (mutation-testing-report-schema): a mutant
// is killed only when the conformance run's results say so. Stryker's own score counts a Timeout as detected and
// leaves a RuntimeError out; here each is killed only when the run it stopped had already failed a rule (run.ts
// writes the run's verdict into statusReason), and is otherwise a survivor to triage.

/** The parts of a report this project reads. */
export interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

export interface Report {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

/** Where run.ts writes the run's verdict in a mutant's statusReason. */
export const RUN_VERDICT = ' | the run: ';

/** The reason of a `// Stryker disable` that leaves code out rather than calls a mutant equivalent. */
export const NOT_GOVERNED = 'not governed by the spec';

export type Verdict =
  /** The run's results failed a rule (or reached the deadline). */
  | 'killed'
  /** Marked equivalent: its disable comment quotes the spec sentence that leaves the behaviour open. */
  | 'equivalent'
  /** Left out in place: code the spec does not govern (logging, the server's own option checks). */
  | 'not-governed'
  /** Did not compile (the TypeScript checker): no mutant at all. */
  | 'invalid'
  /** Not killed by any rule: survived, not reached, or ended by something other than the run's results. */
  | 'survived';

export function verdictOf(m: Pick<ReportMutant, 'status' | 'statusReason'>): Verdict {
  const reason = m.statusReason ?? '';
  switch (m.status) {
    case 'Ignored':
      return reason.startsWith(NOT_GOVERNED) ? 'not-governed' : 'equivalent';
    case 'CompileError':
      return 'invalid';
    case 'Killed':
    case 'Timeout':
    case 'RuntimeError':
      return reason.includes(KILLED_BY_RULES) ? 'killed' : 'survived';
    default:
      return 'survived';
  }
}

export interface Score {
  counts: Record<Verdict, number>;
  /** Stryker's statuses, as it reported them. */
  statuses: Record<string, number>;
  /** Killed of the non-equivalent, governed, compiling mutants. */
  score: number;
}

export function scoreOf(report: Report): Score {
  const counts: Record<Verdict, number> = { killed: 0, equivalent: 0, 'not-governed': 0, invalid: 0, survived: 0 };
  const statuses: Record<string, number> = {};
  for (const file of Object.values(report.files)) {
    for (const m of file.mutants) {
      counts[verdictOf(m)] += 1;
      statuses[m.status] = (statuses[m.status] ?? 0) + 1;
    }
  }
  const judged = counts.killed + counts.survived;
  return { counts, statuses, score: judged === 0 ? 0 : counts.killed / judged };
}

export const readReport = (file: string): Report => JSON.parse(readFileSync(file, 'utf8')) as Report;

export function scoreLines(s: Score): string[] {
  const c = s.counts;
  const statuses = Object.entries(s.statuses)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return [
    `Mutation score: ${c.killed}/${c.killed + c.survived} non-equivalent mutants killed by the run's results (${(s.score * 100).toFixed(1)} %)`,
    `  equivalent ${c.equivalent}, not governed ${c['not-governed']}, did not compile ${c.invalid}; Stryker's statuses: ${statuses}`,
  ];
}
