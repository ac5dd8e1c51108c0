// List bodies: the full forms are a bare JSON array (or, in a variant, an object with _entries), the entry form
// wraps it with _links, the reference form is an object whose _entries are link objects with href and title only.
import type { Context } from './context.ts';
import { ENTRY, REF, type Form } from './media.ts';
import type { Link } from './render.ts';
import type { Reply } from './reply.ts';

export function listReply<T>(
  ctx: Pick<Context, 'config'>,
  form: Form,
  items: readonly T[],
  full: (item: T) => unknown,
  ref: (item: T) => Link,
  self: string,
): Reply {
  if (form === REF) return { status: 200, contentType: form, body: { _links: { self: { href: self } }, _entries: items.map(ref) } };
  if (form === ENTRY || ctx.config.listShape === 'object')
    return { status: 200, contentType: form, body: { _links: { self: { href: self } }, _entries: items.map(full) } };
  return { status: 200, contentType: form, body: items.map(full) };
}

/** The request's path and query, as a relative self link. */
export function selfOf(path: string, query: URLSearchParams): string {
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** A single resource: the link object in the reference form, the full object otherwise. */
export function oneReply(form: Form, full: () => unknown, ref: () => Link): Reply {
  return { status: 200, contentType: form, body: form === REF ? ref() : full() };
}
