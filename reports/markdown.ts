import { causeGroups, causesHeadline, followersLine, rulesOf, seenAt } from './cause-groups.ts';
import { coverageTotals } from './coverage-matrix.ts';
import { replayCommand } from './replay-command.ts';
import { inferredText } from './inferred.ts';
import { infrastructureLines } from './infrastructure-cause.ts';
import { markdownText } from './markdown-text.ts';
import { specCoverageTotals } from './spec-coverage.ts';
import type { RuleResult, RunResult } from './results.ts';
import { USAGE_EXIT_CODE } from './run-result.ts';
import { INSECURE_WARNING, transportLines } from '../sut/transport-notes.ts';
import { areaSummaries, blockingFailures, deadlineNote, interruptionNote, verdictOf } from './summary.ts';
import { selectionParts } from './selection-words.ts';

// summary.md: the short version for a CI job summary ($GITHUB_STEP_SUMMARY and the like) — the verdict,
// the per-area table, the failures with their replay ids, and the baseline comparison.

/** Text in a cell or list item, the target's included: inert (markdown-text.ts). */
const cell = markdownText;
/** Inline code of our own values (rule ids, the seed) and the user's (base URL, files): not closed early by a backtick. */
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

function failureRow(r: RuleResult, result: RunResult): string {
  return `| ${code(r.id)} | ${r.level} | ${cell(r.statement)} | ${cell(r.message ?? 'failed')} | ${r.failureId ? code(replayCommand(result, r.failureId)) : ''} |`;
}

/** The causes before the rules (issue 23 §2): a fault that fails twenty rules reads as one. */
function causeLines(failed: readonly RuleResult[]): string[] {
  const groups = causeGroups(failed);
  const lines = ['', `### Failures by cause (${causesHeadline(groups)})`, ''];
  groups.forEach((g, i) => {
    // One item, three lines: each but the last ends in a backslash, Markdown's hard line break (a bare newline
    // is a soft one, which GitHub joins into one paragraph).
    const item = [
      `${i + 1}. **${rulesOf(g)} rule${rulesOf(g) === 1 ? '' : 's'}**: ${cell(g.text)}`,
      ...(g.finding ? [`   first said: ${cell(g.finding)}`] : []),
      ...(g.exchange ? [`   first seen: ${code(seenAt(g.exchange))}`] : []),
      `   ${g.rules.map((r) => code(r.id)).join(', ')}`,
      ...(g.followers.length ? [`   ${followersLine(g)}: ${g.followers.map((r) => code(r.id)).join(', ')}`] : []),
    ];
    lines.push(...item.map((line, n) => (n < item.length - 1 ? `${line}\\` : line)));
  });
  return lines;
}

/** A run refused for its command line or profile (exit 2): nothing ran, nothing else to say. */
function refusedSummary(result: RunResult): string {
  const message = cell(result.error?.message ?? 'bad usage');
  return `## vmp-conformance: ${verdictOf(result)}\n\n**Refused, nothing ran (exit 2, bad usage): ${message}**\n\n${result.tool.name} ${result.tool.version}; \`vmp-conformance run --help\` lists the flags.\n`;
}

export function markdownSummary(result: RunResult): string {
  if (result.exitCode === USAGE_EXIT_CODE) return refusedSummary(result);
  const s = result.summary;
  const lines: string[] = [
    `## vmp-conformance: ${verdictOf(result)}`,
    '',
    ...(result.interrupted ? [`**${cell(interruptionNote(result)!)}**`, ''] : []),
    ...(result.error ? [`**No check ran: ${cell(result.error.message)}**`, ''] : []),
    // The network's doing first, once (reports/infrastructure-cause.ts): the rules it cost were not judged.
    ...infrastructureLines(result.infrastructure).flatMap((line) => [`**${cell(line)}**`, '']),
    `Target ${code(result.target.baseUrl)}${result.target.embedded ? ' (embedded reference server)' : ''}, seed ${code(String(result.seed))}, ` +
      `${result.options.runs} runs per property${selectionParts(result.options)
        .map(([word, value]) => `, ${word} ${code(value)}`)
        .join('')}, ` +
      `${result.tool.name} ${result.tool.version}.`,
    '',
    // Our own words, in bold; the other lines name the user's files and proxy.
    ...transportLines(result.target.transport).flatMap((line) => [line === INSECURE_WARNING ? `**${line}**` : `- ${cell(line)}`, '']),
    `**${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.observed} observed** in ${(result.durationMs / 1000).toFixed(1)} s.`,
    '',
    '| area | passed | failed | skipped | observed |',
    '|---|---:|---:|---:|---:|',
    ...areaSummaries(result.rules).map(({ area, counts: c }) => `| ${cell(area)} | ${c.pass} | ${c.fail} | ${c.skip} | ${c.observed} |`),
  ];
  const blocking = blockingFailures(result);
  if (blocking.length) {
    lines.push(...causeLines(blocking));
    lines.push('', result.baseline ? `### New failures (${blocking.length})` : `### Failed rules (${blocking.length})`, '');
    lines.push('| rule | level | statement | failure | replay |', '|---|---|---|---|---|', ...blocking.map((r) => failureRow(r, result)));
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
    if (b.newCauses.length) lines.push(`- known to fail, failing in a new way now: ${b.newCauses.map(code).join(', ')}`);
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
