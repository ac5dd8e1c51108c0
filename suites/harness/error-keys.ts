import { agenciaCreate, ENTRY_LEVEL_KEY, type Endpoint } from '../../models/index.ts';
import type { SendRequest } from '../../sut/client.ts';
import type { Profile } from '../../sut/profile.ts';

// Errors > Validation problem body: Errors is a "map from property name to an array of message strings; the key
// _ holds entry-level problems that belong to no single property". The property names of a request are its row's
// parameters as Endpoints names them, the members of its body (the spec names AgenciaCreate's AdminMail; the others
// are the profile's templates, the body's members "not shown" otherwise) and whatever it sent (query parameters,
// top-level body members). JSON member names are case-sensitive (RFC 8259 §4 compares strings as code units), so
// `adminMail` does not name AdminMail; a key may name a member below one of them (`AdminMail.x`, `Items[0]`).

/** The profile's template of each request body model, whose members a request of that model may carry. */
const TEMPLATE_OF: Readonly<Record<string, keyof Profile['templates']>> = {
  AgenciaCreate: 'agenciaCreate',
  AgenciaEdit: 'agenciaEdit',
  AppWebhookUpsert: 'webhookUpsert',
};

/** Members the spec itself names, per request body model. */
const SPEC_MEMBERS: Readonly<Record<string, readonly string[]>> = { AgenciaCreate: Object.keys(agenciaCreate().shape) };

const membersOf = (json: unknown): string[] => (json !== null && typeof json === 'object' && !Array.isArray(json) ? Object.keys(json) : []);

function sentJson(req: Pick<SendRequest, 'json' | 'body'>): unknown {
  if (req.json !== undefined) return req.json;
  if (typeof req.body !== 'string') return undefined;
  try {
    return JSON.parse(req.body);
  } catch {
    return undefined;
  }
}

/** The names an Errors key of an answer to `req` on row `e` may be: its property names, and `_`. */
export function propertyNames(e: Endpoint, req: Pick<SendRequest, 'json' | 'body' | 'query'>, profile: Profile): Set<string> {
  const model = e.body?.model;
  const template = model && TEMPLATE_OF[model] ? profile.templates[TEMPLATE_OF[model]] : undefined;
  return new Set([
    ENTRY_LEVEL_KEY,
    ...e.params.map((p) => p.name),
    ...Object.keys(req.query ?? {}),
    ...(model ? (SPEC_MEMBERS[model] ?? []) : []),
    ...membersOf(template),
    ...(e.body ? membersOf(sentJson(req)) : []),
  ]);
}

/** Whether an Errors key is one of `names`, or a member below one (`name.…`, `name[…]`): exact, case included. */
export const isPropertyKey = (key: string, names: ReadonlySet<string>): boolean =>
  names.has(key) || [...names].some((n) => n !== ENTRY_LEVEL_KEY && (key.startsWith(`${n}.`) || key.startsWith(`${n}[`)));

/** The Errors keys of a validation problem that are neither a property name of the request nor `_`. */
export function strayKeys(json: unknown, names: ReadonlySet<string>): string[] {
  const errors = json !== null && typeof json === 'object' ? (json as { Errors?: unknown }).Errors : undefined;
  return membersOf(errors).filter((k) => !isPropertyKey(k, names));
}
