import { MEDIA_TYPES } from '../../models/index.ts';
import type { FieldType } from '../choices.ts';
import type { Ctx } from '../context.ts';
import { empty, jsonReply, problem, type Errors, type Reply } from '../reply.ts';

// Answers shared by the handlers.

/** 200 in the negotiated form: the reference form where asked for (and offered), else the full form. */
export function represent(ctx: Ctx, full: () => unknown, ref?: () => unknown, status = 200, headers?: Record<string, string>): Reply {
  const form = ctx.form ?? 'json';
  const value = form === 'ref' && ref ? ref() : full();
  return jsonReply(status, value, MEDIA_TYPES[form], headers);
}

/** 400 or 409 with a validation problem body. */
export const invalid = (
  ctx: Ctx,
  errors: Errors,
  status: 400 | 409 = 400,
  // Stryker disable next-line StringLiteral: Errors: "Detail | string | human-readable explanation" (its words are not shown)
  detail = 'The request is not valid; see Errors.',
): Reply => problem(status, { instance: ctx.instance, errors, detail });

export const forbidden = (ctx: Ctx, detail: string): Reply => problem(403, { instance: ctx.instance, detail });

/** 404: "no body defined". */
export const notFound = (): Reply => empty(404);

/** The body as a JSON object, or undefined when it is an array, a scalar or null. */
export function asObject(body: unknown): Record<string, unknown> | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: Other resources: "AgenciaEdit (request), … AppWebhookUpsert … Fields of these: not shown" (whether PUT takes an array is not shown; null, a number or a string is refused with 400 either way, by the handlers' own test or by the dispatcher's answer to what throws)
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

// The JSON types of these members are not shown (Other resources: "Fields of these, other than AdminMail: not shown"),
// so the types a member takes are this server's choice: a mutant that takes a value of another type, or null, is
// equivalent. One that refuses the template's own type is not, and profile/templates-accepted kills it; the marks
// below, per mutator and line, cover both directions of one expression, so they hide a few of those killed ones.
const typeMatches = (type: FieldType, value: unknown) =>
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: Other resources: "Fields of these, other than AdminMail: not shown" (their JSON types)
  type === 'any' || value === null || (type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === type);

/**
 * Errors for the members of `body` that `types` names and that have the wrong JSON type (null is allowed:
 * "a field that has no value is sent as null"). Members `types` does not name are ignored, so a client may
 * send back a representation it read (read-only members such as _links, Estado or Topic included).
 */
export function typeErrors(body: Record<string, unknown>, types: Readonly<Record<string, FieldType>>): Errors {
  const errors: Errors = {};
  // Stryker disable next-line BlockStatement: Other resources: "Fields of these, other than AdminMail: not shown" (their JSON types)
  for (const [name, type] of Object.entries(types)) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: Other resources: "Fields of these, other than AdminMail: not shown" (their JSON types, and whether a PUT carries every member)
    if (name in body && !typeMatches(type, body[name]))
      // Stryker disable next-line ArrayDeclaration,StringLiteral: Errors: "map from property name to an array of message strings" (the messages are not shown)
      errors[name] = [`${name} must be a ${type} or null`];
  }
  return errors;
}

/** The members `types` names, as given. */
export function pick(body: Record<string, unknown>, types: Readonly<Record<string, FieldType>>): Record<string, unknown> {
  return Object.fromEntries(
    // Stryker disable next-line MethodExpression: Other resources: "AgenciaEdit (request), … AppWebhookUpsert (request body to create or replace a configuration) … Fields of these: not shown" (whether a write without a member keeps it or clears it to null)
    Object.keys(types)
      .filter((k) => k in body)
      .map((k) => [k, body[k]]),
  );
}

export const hasErrors = (errors: Errors) => Object.keys(errors).length > 0;
