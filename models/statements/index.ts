import type { Level } from '../rule.ts';
import { RULES } from '../rules/index.ts';
import { CATALOGO_STATEMENTS } from './endpoints-catalogo.ts';
import { AGENCIAS_STATEMENTS } from './endpoints-agencias.ts';
import { CONSULTAS_STATEMENTS } from './endpoints-consultas.ts';
import { NOTIFICACIONES_STATEMENTS } from './endpoints-notificaciones.ts';
import { CONSULTA_STATEMENTS } from './consulta.ts';
import { GENERAL_STATEMENTS } from './general.ts';
import { OVERVIEW_STATEMENTS } from './overview.ts';
import { RESOURCE_STATEMENTS } from './resources.ts';
import { matchesRuleRef, type Statement } from './statement.ts';

export { matchesRuleRef, type Statement } from './statement.ts';

/** Every normative statement of the spec, in the spec's order. */
export const STATEMENTS: readonly Statement[] = [
  ...OVERVIEW_STATEMENTS,
  ...CONSULTA_STATEMENTS,
  ...RESOURCE_STATEMENTS,
  ...AGENCIAS_STATEMENTS,
  ...NOTIFICACIONES_STATEMENTS,
  ...CATALOGO_STATEMENTS,
  ...CONSULTAS_STATEMENTS,
  ...GENERAL_STATEMENTS,
];

const BY_ID = new Map(STATEMENTS.map((s) => [s.id, s]));

export const statementById = (id: string): Statement | undefined => BY_ID.get(id);

/** The ids of the rules a statement names, its globs expanded against the rule catalog. */
export function rulesOfStatement(s: Statement): string[] {
  return RULES.filter((r) => s.rules.some((ref) => matchesRuleRef(ref, r.id))).map((r) => r.id);
}

const BY_RULE = new Map<string, string[]>();
for (const s of STATEMENTS) for (const id of rulesOfStatement(s)) BY_RULE.set(id, [...(BY_RULE.get(id) ?? []), s.id]);

/** The statements a rule checks. */
export const statementsOfRule = (ruleId: string): readonly string[] => BY_RULE.get(ruleId) ?? [];

const LEVEL_OF = new Map(RULES.map((r) => [r.id, r.level]));

/**
 * Whether a departure from the statement can fail a run: it has a must or profile rule. Statements checked
 * only by observe rules describe what the spec does not show; those with a reason cannot be checked.
 */
export const isEnforced = (s: Statement): boolean => rulesOfStatement(s).some((id) => (['must', 'profile'] as Level[]).includes(LEVEL_OF.get(id)!));
