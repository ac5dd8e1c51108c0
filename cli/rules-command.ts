import { parseArgs } from 'node:util';
import { RULES } from '../models/index.ts';

export async function rulesCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { json: { type: 'boolean', default: false } }, strict: true });
  if (values.json) {
    out(JSON.stringify(RULES, null, 2));
    return 0;
  }
  const width = Math.max(...RULES.map((r) => r.id.length));
  for (const r of RULES) out(`${r.id.padEnd(width)}  ${r.level.padEnd(7)}  ${r.section}`);
  out(`${RULES.length} rules: ${(['must', 'profile', 'observe'] as const).map((l) => `${RULES.filter((r) => r.level === l).length} ${l}`).join(', ')}`);
  return 0;
}
