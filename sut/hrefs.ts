import { endpoint } from '../models/index.ts';

// Reading resource names out of link hrefs ("relative URI"): a reference-form entry is the link to its
// resource, so its last segment names it; in a full-form body, a link names a resource when its path ends
// as the catalog template of that resource's endpoint does.

/** The last path segment of an href: ref-form entries link to /v3/agencias/{adminMail} and /v3/consultas/{adminMail}/{sid}. */
export function lastSegment(href: string): string {
  const path = href.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return decoded(path.slice(path.lastIndexOf('/') + 1));
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The href members of a list's entries that carry one. */
export function entryHrefs(entries: readonly unknown[]): string[] {
  return entries.flatMap((e) => (e && typeof e === 'object' && typeof (e as { href?: unknown }).href === 'string' ? [(e as { href: string }).href] : []));
}

/**
 * The path parameters of `href` read against the endpoint's path template, or undefined when the href's path
 * does not end as the template does. The template's /v3 prefix is not required: a relative href may leave
 * it out, and an absolute one may sit under another base path.
 */
export function templateParams(href: string, endpointId: string): Record<string, string> | undefined {
  const template = endpoint(endpointId).path.replace(/^\/v3\//, '');
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const pattern = new RegExp(`(?:^|/)${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)')}/?$`);
  const match = pattern.exec(href.split(/[?#]/)[0]!);
  return match ? Object.fromEntries(names.map((name, i) => [name, decoded(match[i + 1]!)])) : undefined;
}

/**
 * Every string `href` member anywhere in a JSON value (link objects, wherever a full form keeps them), in
 * document order. Walked with a stack of its own, not the call stack: a target's body may nest deep.
 */
export function hrefsWithin(value: unknown): string[] {
  const found: string[] = [];
  const pending: ({ value: unknown } | { href: string })[] = [{ value }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if ('href' in item) {
      found.push(item.href);
      continue;
    }
    const v = item.value;
    if (v === null || typeof v !== 'object') continue;
    const members: [string, unknown][] = Array.isArray(v) ? v.map((member) => ['', member]) : Object.entries(v);
    for (let i = members.length - 1; i >= 0; i--) {
      const [key, member] = members[i]!;
      pending.push(key === 'href' && typeof member === 'string' ? { href: member } : { value: member });
    }
  }
  return found;
}
