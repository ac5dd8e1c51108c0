import { RULES } from '../models/index.ts';
import { parseFlags } from './flags.ts';

export const RULES_USAGE = ['Usage: vmp-conformance rules [--json]', 'Lists every rule: id, level (must, profile, observe) and spec section; --json prints them as JSON.'];

export async function rulesCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseFlags({
    args: argv,
    options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    for (const line of RULES_USAGE) out(line);
    return 0;
  }
  if (values.json) {
    // One console line per out() call: the JSON's own line breaks are lines of their own.
    for (const line of JSON.stringify(RULES, null, 2).split('\n')) out(line);
    return 0;
  }
  const width = Math.max(...RULES.map((r) => r.id.length));
  for (const r of RULES) out(`${r.id.padEnd(width)}  ${r.level.padEnd(7)}  ${r.section}`);
  out(`${RULES.length} rules: ${(['must', 'profile', 'observe'] as const).map((l) => `${RULES.filter((r) => r.level === l).length} ${l}`).join(', ')}`);
  return 0;
}
