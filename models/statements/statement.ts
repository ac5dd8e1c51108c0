// The spec, sentence by sentence: every normative statement of the seed (each table cell and sentence that
// says what a request, response, limit, filter, transition or event does or must be), quoted word for word,
// with the rules that check it, or the reason no check can. The rules say what the suites enforce; the
// statements say why, and which words of the spec a departure breaks.

export interface Statement {
  /** Stable id: `<area>/<name>`, e.g. `endpoints/agencias-get/404`. */
  id: string;
  /** The headings above it in the spec, joined by ` > ` (`Endpoints > Agencias`). */
  section: string;
  /** For a table row: its first cells as written (`| GET | /v3/agencias |`), so the quote is found in that row. */
  row?: string;
  /** The spec's own words, verbatim. */
  quote: string;
  /** Ids of the rules that check it; a `*` stands for any run of characters but `/` (`media/*\/ref`). */
  rules: readonly string[];
  /** Why no rule checks it (a gap of the spec, or nothing the API lets a client observe); with no rules only. */
  reason?: string;
  /**
   * Statements elsewhere in the spec that say the same more precisely (the overview's bullets, the States
   * table's cells that repeat a row of Endpoints): their rules and mutants stand for this one.
   */
  restatedBy?: readonly string[];
}

/** A statement the spec repeats elsewhere: checked through the restatements, not on its own. */
export const restated = (s: Statement, ...by: string[]): Statement => ({ ...s, rules: [], restatedBy: by });

/** Statements of one section, written as (id, quote, rules, reason?). */
export function inSection(section: string) {
  return (id: string, quote: string, rules: readonly string[], reason?: string): Statement => ({
    id,
    section,
    quote,
    rules,
    ...(reason ? { reason } : {}),
  });
}

/** Statements of one table row: the row is identified by its first cells. */
export function inRow(section: string, row: string) {
  return (id: string, quote: string, rules: readonly string[], reason?: string): Statement => ({
    ...inSection(section)(id, quote, rules, reason),
    row,
  });
}

/** Whether a rule id matches a rule reference of a statement (an id, or a glob whose `*` stays within a segment). */
export function matchesRuleRef(ref: string, ruleId: string): boolean {
  if (!ref.includes('*')) return ref === ruleId;
  const body = ref
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${body}$`).test(ruleId);
}
