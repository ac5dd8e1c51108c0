import { RULES } from '../models/index.ts';
import { isSelected, matchesOnly, type Selection } from '../reports/rule-glob.ts';
import { ruleMethods, unmatched } from '../reports/rule-endpoints.ts';
import { UsageError } from '../support/errors.ts';

// The rules and the spec's statements, as `rules` lists them (models/).
export { isCalendarDate, isEnforced, ruleById, RULES, rulesOfStatement, STATEMENTS, type Rule, type Statement } from '../models/index.ts';
export { isSelected, matchesOnly, type Selection } from '../reports/rule-glob.ts';
export { openApiDocument } from '../openapi/document.ts';

/**
 * --only, --exclude, --endpoint and --method as given, checked before anything starts: each glob list must match
 * some rule, each endpoint pattern and method some rule's endpoint, and together they must leave a rule. `flag`
 * names them as the caller knows them (`--only`, or the API's `only`).
 */
export function checkSelection(s: Selection, flag: (name: 'only' | 'exclude' | 'endpoint' | 'method') => string): void {
  for (const name of ['only', 'exclude'] as const) {
    const globs = s[name];
    if (globs !== undefined && !RULES.some((r) => matchesOnly(globs, r.id))) {
      throw new UsageError(`${flag(name)} '${globs}' matches no rule id (list them with: vmp-conformance rules)`);
    }
  }
  const none = unmatched(s);
  if (none.endpoint.length > 0) {
    throw new UsageError(`${flag('endpoint')} ${quoted(none.endpoint)} matches no endpoint id or path a rule is about (list them with: vmp-conformance rules)`);
  }
  if (none.method.length > 0)
    throw new UsageError(`${flag('method')} ${quoted(none.method)} matches no rule (the rules' methods: ${ruleMethods().join(', ')})`);
  if (!RULES.some((r) => isSelected(s, r.id))) throw new UsageError(`${leaving(s, flag)} leaves no rule to run`);
}

const quoted = (list: readonly string[]): string => list.map((x) => `'${x}'`).join(', ');

/** The parts of a selection that, together, leave nothing: as given. */
function leaving(s: Selection, flag: (name: 'only' | 'exclude' | 'endpoint' | 'method') => string): string {
  const given = (['only', 'exclude', 'endpoint', 'method'] as const).filter((name) => s[name] !== undefined);
  return given.map((name) => `${flag(name)} '${s[name]}'`).join(' with ');
}
