import { isEnforced, RULES, STATEMENTS } from '../../models/index.ts';
import type { Mutant } from './fault.ts';
import { UNKILLABLE, UNKILLABLE_STATEMENTS } from './gallery/rows.ts';
import type { CliRun } from './run-cli.ts';

// The gallery's verdicts: which mutants were killed with the right rule id, which rules each mutant's run
// showed failing (of those its fault is meant to trip), the must-rules no mutant shows can fail, and the
// statements of the spec (models/statements/) no killed mutant breaks.

export interface Outcome {
  mutant: Mutant;
  run: CliRun;
  /** Exceptions inside the fault itself (a broken mutant). */
  faultErrors: readonly string[];
}

export const failedIds = (o: Outcome): string[] => o.run.rules.filter((r) => r.verdict === 'fail').map((r) => r.id);

/** Killed: the run failed (exit 1) and the failed rules include the one the mutant breaks. */
export const killed = (o: Outcome): boolean => o.run.code === 1 && failedIds(o).includes(o.mutant.breaks);

/** Rules a mutant is shown to test: those of breaks + also that its run failed. */
export function killersByRule(outcomes: readonly Outcome[]): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const o of outcomes) {
    const intended = new Set([o.mutant.breaks, ...(o.mutant.also ?? [])]);
    for (const id of failedIds(o).filter((f) => intended.has(f))) by.set(id, [...(by.get(id) ?? []), o.mutant.name]);
  }
  return by;
}

/** The printed report: score, survivors, every must- and profile-rule's killing mutants, and the gaps. */
export function report(outcomes: readonly Outcome[], wallMs: number, settings: string): { lines: string[]; score: number } {
  const dead = outcomes.filter(killed);
  const score = outcomes.length === 0 ? 0 : dead.length / outcomes.length;
  const lines = [
    `Mutation score: ${dead.length}/${outcomes.length} killed with the right rule id (${(score * 100).toFixed(1)}%) in ${(wallMs / 1000).toFixed(0)} s (${settings})`,
  ];
  for (const o of outcomes.filter((x) => !killed(x))) {
    const verdict = o.run.rules.find((r) => r.id === o.mutant.breaks);
    lines.push(
      `  SURVIVED ${o.mutant.name} (breaks ${o.mutant.breaks}): exit ${o.run.code}, ${o.mutant.breaks} ${verdict?.verdict ?? 'not reported'}; failed: ${failedIds(o).join(', ') || 'none'}`,
    );
    if (!verdict) lines.push(...o.run.tail.split('\n').map((l) => `      ${l}`));
  }
  for (const o of outcomes.filter((x) => x.faultErrors.length > 0)) lines.push(`  FAULT ERROR in ${o.mutant.name}: ${o.faultErrors[0]}`);
  const killers = killersByRule(outcomes);
  for (const level of ['must', 'profile'] as const) {
    const rules = RULES.filter((r) => r.level === level);
    const tested = rules.filter((r) => killers.has(r.id));
    lines.push('', `${level}-rules shown to fail by a mutant: ${tested.length}/${rules.length}`);
    for (const r of tested) lines.push(`  ${r.id} ← ${killers.get(r.id)!.join(', ')}`);
    const gaps = rules.filter((r) => !killers.has(r.id));
    lines.push(`GAPS — ${level}-rules no mutant shows failing (${gaps.length}):`);
    for (const r of gaps) lines.push(`  ${r.id}${UNKILLABLE[r.id] ? ` (no mutant can: ${UNKILLABLE[r.id]})` : ''}`);
  }
  return { lines, score };
}

/**
 * The statement view (issue 12): an enforced statement is shown breakable when a mutant that names it was
 * killed — with its `breaks`, which is one of the statement's rules. `scope`: the statements judged (every
 * enforced one for the whole gallery; those the mutants name for a selection).
 */
export function statementReport(outcomes: readonly Outcome[], scope: readonly string[]): { lines: string[]; unbroken: string[] } {
  const killers = new Map<string, string[]>();
  for (const o of outcomes.filter(killed)) killers.set(o.mutant.statement, [...(killers.get(o.mutant.statement) ?? []), o.mutant.name]);
  const shown = scope.filter((id) => killers.has(id));
  const share = scope.length === 0 ? 0 : (shown.length / scope.length) * 100;
  const lines = ['', `Statement score: ${shown.length}/${scope.length} enforced statements broken by a killed mutant (${share.toFixed(1)}%)`];
  const unbroken = scope.filter((id) => !killers.has(id));
  lines.push(`GAPS — enforced statements no killed mutant breaks (${unbroken.length}):`);
  for (const id of unbroken) lines.push(`  ${id}${UNKILLABLE_STATEMENTS[id] ? ` (no mutant can: ${UNKILLABLE_STATEMENTS[id]})` : ''}`);
  return { lines, unbroken };
}

/** Every statement a mutant can be asked to break: those with a must or profile rule. */
export const ENFORCED_STATEMENTS: readonly string[] = STATEMENTS.filter(isEnforced).map((s) => s.id);
