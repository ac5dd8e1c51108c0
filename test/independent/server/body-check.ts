// Request-body member checks: each member is declared with its type and limit; undeclared members are refused
// (or, where a variant says so, ignored).
import { isObject } from './http-io.ts';
import { ValidationFailure, type FieldErrors } from './reply.ts';

export interface MemberRule {
  required: boolean;
  nullable: boolean;
  maxLength: number;
  check?: (value: string) => string | undefined;
}

/** Checks body against its members; returns the string (or null) values by member name. */
export function checkMembers(body: unknown, rules: Record<string, MemberRule>, unknown: 'refuse' | 'ignore' = 'refuse'): Record<string, string | null> {
  if (!isObject(body)) throw new ValidationFailure({ _: ['el cuerpo debe ser un objeto JSON'] });
  const errors: FieldErrors = {};
  const add = (key: string, message: string): void => {
    (errors[key] ??= []).push(message);
  };
  if (unknown === 'refuse') for (const key of Object.keys(body)) if (!(key in rules)) add(key, `miembro desconocido: ${key}`);
  const values: Record<string, string | null> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const value = body[name];
    if (value === undefined || value === null) {
      if (rule.required || (value === null && !rule.nullable)) add(name, `${name} es obligatorio`);
      values[name] = null;
      continue;
    }
    if (typeof value !== 'string') {
      add(name, `${name} debe ser texto`);
      continue;
    }
    if (rule.required && value.trim() === '') add(name, `${name} no puede estar vacío`);
    if (value.length > rule.maxLength) add(name, `${name} admite hasta ${rule.maxLength} caracteres`);
    const problem = rule.check?.(value);
    if (problem) add(name, problem);
    values[name] = value;
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailure(errors);
  return values;
}
