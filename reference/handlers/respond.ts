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
export const invalid = (ctx: Ctx, errors: Errors, status: 400 | 409 = 400, detail = 'The request is not valid; see Errors.'): Reply =>
  problem(status, { instance: ctx.instance, errors, detail });

export const forbidden = (ctx: Ctx, detail: string): Reply => problem(403, { instance: ctx.instance, detail });

/** 404: "no body defined". */
export const notFound = (): Reply => empty(404);

/** The body as a JSON object, or undefined when it is an array, a scalar or null. */
export function asObject(body: unknown): Record<string, unknown> | undefined {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

const typeMatches = (type: FieldType, value: unknown) =>
  type === 'any' || value === null || (type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === type);

/**
 * Errors for the members of `body` that `types` names and that have the wrong JSON type (null is allowed:
 * "a field that has no value is sent as null"). Members `types` does not name are ignored, so a client may
 * send back a representation it read (read-only members such as _links, Estado or Topic included).
 */
export function typeErrors(body: Record<string, unknown>, types: Readonly<Record<string, FieldType>>): Errors {
  const errors: Errors = {};
  for (const [name, type] of Object.entries(types)) {
    if (name in body && !typeMatches(type, body[name])) errors[name] = [`${name} must be a ${type} or null`];
  }
  return errors;
}

/** The members `types` names, as given. */
export function pick(body: Record<string, unknown>, types: Readonly<Record<string, FieldType>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(types)
      .filter((k) => k in body)
      .map((k) => [k, body[k]]),
  );
}

export const hasErrors = (errors: Errors) => Object.keys(errors).length > 0;
