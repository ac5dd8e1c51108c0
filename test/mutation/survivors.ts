import { existsSync } from 'node:fs';
import path from 'node:path';
import { readReport, scoreLines, scoreOf, verdictOf, type Report, type ReportMutant } from './score.ts';

// `npm run mutation:survivors [-- REPORT.json]`: the mutants no rule killed, grouped by file and mutator, each with
// its line, the code it replaced and what replaced it, and how it ended (Stryker's status and the run's verdict) —
// the list to triage: equivalent (mark it in the code with the spec sentence) or a missed fault (a check that kills
// it). Reads Stryker's JSON report (mutation-testing-report-schema): vmp-report/mutation/mutation.json by default,
// or, on a clone where no run has written one, the committed incremental results (the same schema).

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The source a mutant's location spans (lines and columns are 1-based). */
function original(source: string, m: ReportMutant): string {
  const lines = source.split('\n');
  const { start, end } = m.location;
  const span =
    start.line === end.line
      ? lines[start.line - 1]!.slice(start.column - 1, end.column - 1)
      : [lines[start.line - 1]!.slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1]!.slice(0, end.column - 1)].join('\n');
  return span;
}

const oneLine = (s: string, max = 140) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function survivorLines(report: Report): string[] {
  const out: string[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const survivors = mutants.filter((m) => verdictOf(m) === 'survived');
    if (survivors.length === 0) continue;
    out.push('', `${file} — ${survivors.length} of ${mutants.length}`);
    const byMutator = new Map<string, ReportMutant[]>();
    for (const m of survivors) byMutator.set(m.mutatorName, [...(byMutator.get(m.mutatorName) ?? []), m]);
    for (const [mutator, ms] of [...byMutator].sort(([a], [b]) => a.localeCompare(b))) {
      out.push(`  ${mutator} (${ms.length})`);
      for (const m of ms.sort((a, b) => a.location.start.line - b.location.start.line)) {
        const how = m.statusReason ? ` [${m.status}: ${oneLine(m.statusReason, 110)}]` : m.status === 'Survived' ? '' : ` [${m.status}]`;
        out.push(`    ${m.location.start.line}:${m.location.start.column} ${oneLine(original(source, m), 70)} → ${oneLine(m.replacement ?? '', 70)}${how}`);
      }
    }
  }
  return out;
}

const DEFAULTS = ['vmp-report/mutation/mutation.json', 'test/mutation/stryker-incremental.json'].map((f) => path.join(ROOT, f));
const file = process.argv[2] ? path.resolve(process.argv[2]) : DEFAULTS.find((f) => existsSync(f));
if (!file || !existsSync(file)) {
  console.error(`mutation:survivors: no report at ${file ?? DEFAULTS.join(' or ')}: run \`npm run mutation\` first, or name a Stryker JSON report`);
  process.exit(2);
}
const report = readReport(file);
for (const line of [...scoreLines(scoreOf(report)), ...survivorLines(report)]) console.log(line);
