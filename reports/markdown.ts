import { coverageTotals } from './coverage-matrix.ts';
import { inferredText } from './inferred.ts';
import { markdownText } from './markdown-text.ts';
import { specCoverageTotals } from './spec-coverage.ts';
import type { RuleResult, RunResult } from './results.ts';
import { areaSummaries, blockingFailures, deadlineNote, interruptionNote, verdictOf } from './summary.ts';

// summary.md: the short version for a CI job summary ($GITHUB_STEP_SUMMARY and the like) — the verdict,
// the per-area table, the failures with their replay ids, and the baseline comparison.

/** Text in a cell or list item, the target's included: inert (markdown-text.ts). */
const cell = markdownText;
/** Inline code of our own values (rule ids, the seed) and the user's (base URL, files): not closed early by a backtick. */
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

function failureRow(r: RuleResult): string {
  return `| ${code(r.id)} | ${r.level} | ${cell(r.statement)} | ${cell(r.message ?? 'failed')} | ${r.failureId ? code(r.failureId) : ''} |`;
}

export function markdownSummary(result: RunResult): string {
  const s = result.summary;
  const lines: string[] = [
    `## vmp-conformance: ${verdictOf(result)}`,
    '',
    ...(result.interrupted ? [`**${cell(interruptionNote(result)!)}**`, ''] : []),
    `Target ${code(result.target.baseUrl)}${result.target.embedded ? ' (embedded reference server)' : ''}, seed ${code(String(result.seed))}, ` +
      `${result.options.runs} runs per property${result.options.only ? `, only ${code(result.options.only)}` : ''}, ` +
      `${result.tool.name} ${result.tool.version}.`,
    '',
    `**${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.observed} observed** in ${(result.durationMs / 1000).toFixed(1)} s.`,
    '',
    '| area | passed | failed | skipped | observed |',
    '|---|---:|---:|---:|---:|',
    ...areaSummaries(result.rules).map(({ area, counts: c }) => `| ${cell(area)} | ${c.pass} | ${c.fail} | ${c.skip} | ${c.observed} |`),
  ];
  const blocking = blockingFailures(result);
  if (blocking.length) {
    lines.push('', result.baseline ? `### New failures (${blocking.length})` : `### Failed rules (${blocking.length})`, '');
    lines.push('| rule | level | statement | failure | replay id |', '|---|---|---|---|---|', ...blocking.map(failureRow));
  }
  if (result.inferred?.length) {
    lines.push('', '### Before the checks: inferred profile values', '');
    for (const f of result.inferred) lines.push(`- ${cell(inferredText(f))}`);
  }
  if (result.discovery?.length) {
    lines.push('', '### Before the checks: fixture discovery', '');
    for (const d of result.discovery) lines.push(`- ${cell(d)}`);
  }
  const b = result.baseline;
  if (b) {
    lines.push('', `### Baseline ${code(b.file)}`, '');
    lines.push(`- still failing (known): ${b.stillFailing.length ? b.stillFailing.map(code).join(', ') : 'none'}`);
    lines.push(`- now passing (remove from the baseline): ${b.nowPassing.length ? b.nowPassing.map(code).join(', ') : 'none'}`);
    lines.push(`- new failures: ${b.newFailures.length ? b.newFailures.map(code).join(', ') : 'none'}`);
    if (b.notRun.length) lines.push(`- not run: ${b.notRun.map(code).join(', ')}`);
  }
  const deadline = deadlineNote(result);
  if (deadline) lines.push('', `### Deadline`, '', deadline);
  if (result.unhandledErrors.length) {
    lines.push('', `### Errors outside any check (${result.unhandledErrors.length})`, '');
    for (const e of result.unhandledErrors) lines.push(`- ${cell(e.split('\n')[0]!)}`);
  }
  const cov = coverageTotals(result.coverageMatrix);
  const spec = specCoverageTotals(result.specCoverage);
  lines.push(
    '',
    `Coverage matrix: ${cov.exercised} cells exercised, ${cov.failed} failed, ${cov['not-exercised']} not exercised. ` +
      `Spec coverage: of ${result.specCoverage.length} statements, ${spec.pass} passed, ${spec.fail} failed, ${spec.skip} skipped, ${spec['not-run']} not run. ` +
      'Details, evidence and observed behaviour: report.html.',
    '',
  );
  return lines.join('\n');
}
