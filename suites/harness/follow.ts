import type { Check } from './check.ts';

// Where a URI the target gave (a Location, a link's href) leads: resolved the way a client resolves it, against
// the URL of the response that carried it, and turned into a request of the run. "All paths below are relative
// to" the base address, so a root-relative URI that falls outside a base URL with a path prefix is read as a
// path under the base.

export interface Resolved {
  raw: string;
  /** 'absolute' (scheme), 'network-path' (//host/…), 'root-relative' (/…) or 'relative' (e.g. agencias/x). */
  form: 'absolute' | 'network-path' | 'root-relative' | 'relative';
  /** The URI resolved against the URL of the response that carried it. */
  url: URL;
  /** The path (and query) under the base URL that it names, for sending a request to it. */
  path: string;
}

/** `raw` resolved against `against` (a response's URL), or undefined when it is no URI reference. */
export function resolveUri(c: Check, raw: string | undefined, against: string): Resolved | undefined {
  if (raw === undefined || raw === '' || !URL.canParse(raw, against)) return undefined;
  const url = new URL(raw, against);
  const form = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? 'absolute' : raw.startsWith('//') ? 'network-path' : raw.startsWith('/') ? 'root-relative' : 'relative';
  const basePath = new URL(c.client.baseUrl).pathname.replace(/\/+$/, '');
  const underBase = basePath === '' || url.pathname.startsWith(`${basePath}/`);
  const pathname = underBase ? url.pathname.slice(basePath.length) : url.pathname;
  return { raw, form, url, path: `${pathname}${url.search}` };
}

/**
 * A request for what a resolved URI names: its path, and its query as parameters — less those the run adds itself
 * (the profile's media-type selection and the app's credentials in the query), which it sets once.
 */
export function requestOf(c: Check, r: Resolved): { path: string; query: Record<string, string> } {
  const selection = c.ctx.profile.mediaTypeSelection;
  const own = new Set([...('query' in selection ? [selection.query] : []), ...Object.keys(c.client.queryFor('primary'))]);
  const query: Record<string, string> = {};
  for (const [k, v] of r.url.searchParams) if (!own.has(k)) query[k] = v;
  return { path: r.path.split('?')[0]!, query };
}
