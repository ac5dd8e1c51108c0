import { isEnforced, ruleById, RULES, rulesOfStatement, STATEMENTS, type Statement } from '../api/rules.ts';
import { parseFlags } from './flags.ts';

// `vmp-conformance rules [--statements] [--json]`: the rule catalog, or the statement table (the spec sentence
// by sentence, each with the rules that check it, the statements that restate it, or why nothing can).

export const RULES_USAGE = [
  'Usage: vmp-conformance rules [--statements] [--json]',
  'Lists every rule (id, level, spec section); with --statements, every statement of the spec, quoted, with its rules.',
];

function statementJson(s: Statement) {
  return {
    id: s.id,
    section: s.section,
    ...(s.row ? { row: s.row } : {}),
    quote: s.quote,
    rules: rulesOfStatement(s).map((id) => ({ id, level: ruleById(id).level })),
    ...(s.reason ? { reason: s.reason } : {}),
    ...(s.restatedBy ? { restatedBy: s.restatedBy } : {}),
  };
}

function statementLines(s: Statement): string[] {
  const rules = rulesOfStatement(s);
  const how = rules.length
    ? `rules: ${rules.map((id) => `${id} (${ruleById(id).level})`).join(', ')}`
    : s.restatedBy?.length
      ? `restated by: ${s.restatedBy.join(', ')}`
      : `no rule: ${s.reason ?? ''}`;
  return [`${s.id}  [${s.section}]`, `  “${s.quote}”`, `  ${how}`];
}

function statementsSummary(): string {
  const enforced = STATEMENTS.filter(isEnforced).length;
  const observed = STATEMENTS.filter((s) => s.rules.length > 0 && !isEnforced(s)).length;
  const restated = STATEMENTS.filter((s) => s.restatedBy?.length).length;
  const reasoned = STATEMENTS.filter((s) => s.rules.length === 0 && !s.restatedBy?.length).length;
  return `${STATEMENTS.length} statements: ${enforced} checked by must or profile rules, ${observed} observed only, ${restated} restated elsewhere, ${reasoned} with a reason no rule can check them`;
}

/** One console line per out() call: the JSON's own line breaks are lines of their own. */
function jsonLines(value: unknown, out: (line: string) => void): void {
  for (const line of JSON.stringify(value, null, 2).split('\n')) out(line);
}

export async function rulesCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseFlags({
    args: argv,
    options: {
      json: { type: 'boolean', default: false },
      statements: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    for (const line of RULES_USAGE) out(line);
    return 0;
  }
  if (values.statements) {
    if (values.json) jsonLines(STATEMENTS.map(statementJson), out);
    else {
      for (const line of STATEMENTS.flatMap(statementLines)) out(line);
      out(statementsSummary());
    }
    return 0;
  }
  if (values.json) {
    jsonLines(RULES, out);
    return 0;
  }
  const width = Math.max(...RULES.map((r) => r.id.length));
  for (const r of RULES) out(`${r.id.padEnd(width)}  ${r.level.padEnd(7)}  ${r.section}`);
  out(`${RULES.length} rules: ${(['must', 'profile', 'observe'] as const).map((l) => `${RULES.filter((r) => r.level === l).length} ${l}`).join(', ')}`);
  return 0;
}
