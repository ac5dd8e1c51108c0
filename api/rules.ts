import { RULES } from '../models/index.ts';
import { isSelected, matchesOnly, type Selection } from '../reports/rule-glob.ts';
import { UsageError } from '../support/errors.ts';

// The rules and the spec's statements, as `rules` lists them (models/).
export { isCalendarDate, isEnforced, ruleById, RULES, rulesOfStatement, STATEMENTS, type Rule, type Statement } from '../models/index.ts';
export { isSelected, matchesOnly, type Selection } from '../reports/rule-glob.ts';
export { openApiDocument } from '../openapi/document.ts';

/**
 * --only and --exclude as given, checked before anything starts: each glob list must match some rule, and
 * together they must leave one. `flag` names them as the caller knows them (`--only`, or the API's `only`).
 */
export function checkSelection(s: Selection, flag: (name: 'only' | 'exclude') => string): void {
  for (const name of ['only', 'exclude'] as const) {
    const globs = s[name];
    if (globs !== undefined && !RULES.some((r) => matchesOnly(globs, r.id))) {
      throw new UsageError(`${flag(name)} '${globs}' matches no rule id (list them with: vmp-conformance rules)`);
    }
  }
  if (!RULES.some((r) => isSelected(s, r.id))) throw new UsageError(`${flag('exclude')} '${s.exclude}' leaves no rule to run`);
}
