// The rules and the spec's statements, as `rules` lists them (models/).
export { isCalendarDate, isEnforced, ruleById, RULES, rulesOfStatement, STATEMENTS, type Rule, type Statement } from '../models/index.ts';
export { matchesOnly } from '../reports/rule-glob.ts';
export { openApiDocument } from '../openapi/document.ts';
