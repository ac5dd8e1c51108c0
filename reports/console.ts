import { causeGroups, causesHeadline, followersLine, rulesOf, seenAt } from './cause-groups.ts';
import { infrastructureLines } from './infrastructure-cause.ts';
import { replayCommand } from './replay-command.ts';
import { clipText } from '../support/clip.ts';
import type { RuleResult, RunResult } from './results.ts';
import { INSECURE_WARNING } from '../sut/transport-notes.ts';
import { areaSummaries, blockingFailures, deadlineNote, interruptionNote, totals, verdictOf } from './summary.ts';
import { selectionParts } from './selection-words.ts';

// The console's end-of-run text: a summary table per spec area, the failed rules with their one-line
// statements and failure messages, the baseline comparison, and the verdict. Plain text for CI logs.

const COLUMNS = ['passed', 'failed', 'skipped', 'observed'] as const;
/** A failure message quotes what the target sent, which may be megabytes: the console shows this much of it. */
export const CONSOLE_MESSAGE_CHARS = 1_000;

export function headerLine(r: Pick<RunResult, 'tool' | 'target' | 'seed' | 'options' | 'deadline'>): string {
  const target = r.target.embedded ? `${r.target.baseUrl} (embedded reference server)` : r.target.baseUrl;
  const o = r.options;
  const only = selectionParts(o)
    .map(([word, value]) => `, ${word} ${value}`)
    .join('');
  const ro = r.options.readOnly ? ', read-only' : '';
  const bound = r.deadline ? `, at most ${r.deadline.seconds} s` : '';
  return `${r.tool.name} ${r.tool.version} → ${target} (seed ${r.seed}, ${r.options.runs} runs per property${only}${ro}${bound})`;
}

export function summaryTable(rules: readonly RuleResult[]): string[] {
  const rows = areaSummaries(rules).map(({ area, counts }) => [area, counts.pass, counts.fail, counts.skip, counts.observed] as const);
  const t = totals(rules);
  const all = [...rows, ['total', t.passed, t.failed, t.skipped, t.observed] as const];
  const width = Math.max(5, ...all.map((r) => r[0].length));
  const line = (cells: readonly (string | number)[]) =>
    `  ${String(cells[0]).padEnd(width)}  ${cells
      .slice(1)
      .map((c, i) => String(c).padStart(COLUMNS[i]!.length))
      .join('  ')}`;
  return [line(['area', ...COLUMNS]), ...rows.map(line), line(all.at(-1)!)];
}

/** A curl line on the console: long bodies (the tricky inputs reach 10,000 characters) are cut; report.html has it whole. */
const CURL_SHOWN = 400;

function failureLines(r: RuleResult, result: RunResult): string[] {
  const replay = r.failureId ? ` (replay: ${replayCommand(result, r.failureId)})` : '';
  return [`  ${r.id} [${r.level}, ${r.section}]${replay}`, `      ${r.statement}`, `      ${clipText(r.message ?? 'failed', CONSOLE_MESSAGE_CHARS)}`];
}

/** The causes first (issue 23 §2): what went wrong, how many rules it fails, where it was first seen, as curl. */
function causeLines(failed: readonly RuleResult[]): string[] {
  const groups = causeGroups(failed);
  const out = ['', `Failures by cause (${causesHeadline(groups)}):`];
  for (const g of groups) {
    const n = rulesOf(g);
    out.push(`  ${n} rule${n === 1 ? '' : 's'} — ${clipText(g.text, CONSOLE_MESSAGE_CHARS)}`);
    if (g.finding) out.push(`      first said: ${clipText(g.finding, CONSOLE_MESSAGE_CHARS)}`);
    if (g.exchange) {
      const curl = g.exchange.curl.length > CURL_SHOWN ? `${g.exchange.curl.slice(0, CURL_SHOWN)}… (whole in report.html)` : g.exchange.curl;
      out.push(`      first seen: ${clipText(seenAt(g.exchange), CONSOLE_MESSAGE_CHARS)}`, `      ${curl}`);
    }
    out.push(`      ${g.rules.map((r) => r.id).join(', ')}`);
    if (g.followers.length) out.push(`      ${followersLine(g)}: ${g.followers.map((r) => r.id).join(', ')}`);
  }
  return out;
}

export function consoleReport(result: RunResult, reportDir: string): string[] {
  const out: string[] = ['', ...summaryTable(result.rules)];
  const blocking = blockingFailures(result);
  if (result.error) out.push('', `No check ran: ${result.error.message}`);
  // The network's doing, once, before any failure: what was not judged for it is not the target's (Principle 5).
  const infrastructure = infrastructureLines(result.infrastructure);
  if (infrastructure.length) out.push('', ...infrastructure);
  if (blocking.length) {
    out.push(...causeLines(blocking));
    out.push('', result.baseline ? `New failures, not in the baseline (${blocking.length}):` : `Failed rules (${blocking.length}):`);
    for (const r of blocking) out.push(...failureLines(r, result));
  }
  const b = result.baseline;
  if (b) {
    const byId = new Map(result.rules.map((r) => [r.id, r]));
    if (b.stillFailing.length) {
      out.push('', `Still failing, expected by the baseline ${b.file} (${b.stillFailing.length}):`);
      for (const id of b.stillFailing) out.push(`  ${id}: ${byId.get(id)?.statement ?? ''}`);
    }
    if (b.newCauses.length) out.push('', `Known to fail, failing in a new way now (${b.newCauses.length}): ${b.newCauses.join(', ')}`);
    if (b.nowPassing.length) {
      out.push('', `Now passing — remove from the baseline ${b.file} (${b.nowPassing.length}):`);
      for (const id of b.nowPassing) out.push(`  ${id}`);
    }
    if (b.notRun.length) out.push('', `In the baseline but not run (${b.notRun.length}): ${b.notRun.join(', ')}`);
  }
  const deadline = deadlineNote(result);
  if (deadline) out.push('', `Deadline: ${deadline.replace(/^The/, 'the')}`);
  if (result.unhandledErrors.length) {
    out.push('', `Errors outside any check (${result.unhandledErrors.length}):`);
    for (const e of result.unhandledErrors) out.push(`  ${clipText(e.split('\n')[0]!, CONSOLE_MESSAGE_CHARS)}`);
  }
  const s = result.summary;
  const note = interruptionNote(result);
  if (note) out.push('', note);
  // Said with the verdict as well as before the first request: a PASS over an unverified connection proves less.
  if (result.target.transport?.insecure) out.push('', INSECURE_WARNING);
  out.push(
    '',
    `${verdictOf(result)}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.observed} observed in ${(result.durationMs / 1000).toFixed(1)} s (seed ${result.seed})`,
    `reports: ${reportDir}`,
  );
  return out;
}
