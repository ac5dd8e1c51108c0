import { lastSegment } from '../../sut/discovery.ts';
import { canonicalJson } from '../../models/index.ts';
import { LINKS_ANYWHERE } from './json-walk.ts';
import type { PageWalk } from './pages.ts';

// Inquiry identity (issue 27, item 10): an inquiry is the resource its URI names — the href of the reference
// form (its last segment is the sid), the `self` link of a full-form entry, or a link of the full form with a
// reference-form href. Never its content: two inquiries may be alike in every member (distinct sids; the API
// cannot delete either), and a list that shows both shows no duplicate. Content (the Consulta's members without
// _links, timestamps compared as instants) is what an entry that shows no identity is left with: alike ones are
// then counted, never taken for one.

/** The content of a full-form entry as a key: equal Consultas, equal keys. */
export const contentKey = (entry: unknown): string => canonicalJson(entry, LINKS_ANYWHERE);

/** hrefs of every link in an entry's `_links` map. */
export function linkHrefs(entry: unknown): string[] {
  const links = (entry as { _links?: unknown } | null)?._links;
  if (!links || typeof links !== 'object') return [];
  return Object.values(links).flatMap((l) => (typeof (l as { href?: unknown } | null)?.href === 'string' ? [(l as { href: string }).href] : []));
}

/** The `self` link's href when the entry has one (relation names are not shown, so it is used only when present). */
export function selfHref(entry: unknown): string | undefined {
  const href = (entry as { _links?: { self?: { href?: unknown } } } | null)?._links?.self?.href;
  return typeof href === 'string' ? href : undefined;
}

/**
 * The identity of each full-form entry, in order: its self link's href, else the first of its link hrefs that is
 * a reference-form href of the same list (`refHrefs`, when that walk was read); undefined where it shows neither.
 */
export function identities(entries: readonly unknown[], refHrefs: ReadonlySet<string> = new Set()): (string | undefined)[] {
  return entries.map((e) => selfHref(e) ?? linkHrefs(e).find((h) => refHrefs.has(h)));
}

/**
 * A key per entry, in order, that tells inquiries apart: `identity` where the entry shows one, else its content
 * numbered by occurrence (the second of two alike entries is another key), so that sets of keys count alike
 * inquiries as many times as they are listed.
 */
export function inquiryKeys(entries: readonly unknown[], identity: (entry: unknown, i: number) => string | undefined): string[] {
  const seen = new Map<string, number>();
  return entries.map((e, i) => {
    const id = identity(e, i);
    if (id !== undefined) return `id ${id}`;
    const content = contentKey(e);
    const n = seen.get(content) ?? 0;
    seen.set(content, n + 1);
    return `content #${n} ${content}`;
  });
}

/**
 * Each entry as a list shows it, to compare two lists: its identity with its content (one inquiry shows the same
 * Consulta in every list), else its content numbered by occurrence.
 */
export function asListed(entries: readonly unknown[]): string[] {
  return inquiryKeys(entries, (e) => {
    const id = selfHref(e);
    return id === undefined ? undefined : `${id} ${contentKey(e)}`;
  });
}

/** The entries of `expected` that `got` does not list as they are (asListed). */
export function missingFrom(expected: readonly unknown[], got: readonly unknown[]): unknown[] {
  const listed = new Set(asListed(got));
  return asListed(expected).flatMap((key, i) => (listed.has(key) ? [] : [expected[i]]));
}

/** The hrefs of a reference-form walk, in order (entries without a string href give undefined). */
export function refHrefs(walk: PageWalk): (string | undefined)[] {
  return walk.entries.map((e) => {
    const href = (e as { href?: unknown } | null)?.href;
    return typeof href === 'string' ? href : undefined;
  });
}

export interface RefEntry {
  /** Position in the reference-form walk. */
  index: number;
  href: string;
  sid: string;
  title: unknown;
  /** The full-form entry carrying a link with the same href, if one does. */
  byHref?: unknown;
}

/** Pairs each reference-form entry with the full-form entry that links to the same href, where one does. */
export function pairByHref(full: PageWalk, ref: PageWalk): RefEntry[] {
  const byHref = new Map<string, unknown>();
  for (const entry of full.entries) for (const href of linkHrefs(entry)) if (!byHref.has(href)) byHref.set(href, entry);
  return ref.entries.flatMap((e, index) => {
    const { href, title } = (e ?? {}) as { href?: unknown; title?: unknown };
    if (typeof href !== 'string') return [];
    const match = byHref.get(href);
    return [{ index, href, sid: lastSegment(href), title, ...(match !== undefined ? { byHref: match } : {}) }];
  });
}

/**
 * The parts a title can be judged on: those held in no other part (case aside; of equal parts, the first). A part
 * that another holds — a model "string" of a make "string", a make inside the e-mail — is in the title whenever
 * that other part is, so its presence tells nothing; a title with fewer than two parts told apart (literal
 * strings) is no instance of "combines".
 */
export function toldApart(parts: readonly string[]): string[] {
  const lower = parts.map((p) => p.toLowerCase());
  const holds = (j: number, i: number) => j !== i && lower[j]!.includes(lower[i]!) && (lower[j] !== lower[i] || j < i);
  return parts.filter((_, i) => lower[i] !== '' && !lower.some((_, j) => holds(j, i)));
}
