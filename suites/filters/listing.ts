import { canonicalJson, listEntries } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { keyValue, type CatalogArea } from '../harness/catalog-keys.ts';
import type { Check } from '../harness/check.ts';
import { LINKS_ANYWHERE } from '../harness/json-walk.ts';
import { scalarsDeep } from '../harness/text-match.ts';

// The lists a filter is judged on. Without the profile, a record is named by its reference-form href (the URI
// of the record: whole, since a make's URI may differ only in its query); with it, by catalogKeys' id pointer.

type Query = Record<string, string>;

const describeQuery = (query: Query) => (Object.keys(query).length === 0 ? 'no filter' : new URLSearchParams(query).toString());

/**
 * What a list read is to the check (issue 21): the answer with the parameter under test is `judged` — it must be
 * a 200 list —, the list it is compared with is the `baseline`, a precondition (its own rules judge it). By
 * default a read without a query is the baseline.
 */
export type ListRole = 'judged' | 'baseline';
const roleOf = (query: Query, role?: ListRole): ListRole => role ?? (Object.keys(query).length === 0 ? 'baseline' : 'judged');

/** A 200 list's entries, judged or required as a precondition (see ListRole). */
function entriesOf(c: Check, res: TargetResponse, what: string, role: ListRole): unknown[] {
  if (role === 'baseline') {
    c.givenStatus(res, 200, what);
    return c.givenPresent(listEntries(res.json), 'a list (an array, or an object with _entries)', res);
  }
  c.expectStatus(res, 200, what);
  return c.present(listEntries(res.json), 'a list (an array, or an object with _entries)', res);
}

/** A list's entries in the full form. */
export async function fullEntries(c: Check, endpointId: string, query: Query = {}, role?: ListRole): Promise<{ res: TargetResponse; entries: unknown[] }> {
  const res = await c.send(endpointId, { query, form: 'json' });
  return { res, entries: entriesOf(c, res, `the ${endpointId} list with ${describeQuery(query)}`, roleOf(query, role)) };
}

/** A reference-form list's hrefs and titles. */
function linksOf(c: Check, res: TargetResponse, what: string, role: ListRole): { hrefs: string[]; titles: string[] } {
  const entries = entriesOf(c, res, what, role) as ({ href?: unknown; title?: unknown } | null)[];
  const text = (v: unknown) => (typeof v === 'string' ? [v] : []);
  return { hrefs: entries.flatMap((e) => text(e?.href)), titles: entries.flatMap((e) => text(e?.title)) };
}

/** A list's hrefs and titles in the reference form. */
export async function refLinks(
  c: Check,
  endpointId: string,
  query: Query = {},
  role?: ListRole,
): Promise<{ res: TargetResponse; hrefs: string[]; titles: string[] }> {
  const res = await c.send(endpointId, { query, form: 'ref' });
  return { res, ...linksOf(c, res, `the ${endpointId} list in the reference form with ${describeQuery(query)}`, roleOf(query, role)) };
}

/** Both forms of one list (the baseline of a filter), and every scalar they show (for a value no record holds). */
export async function listing(c: Check, endpointId: string, query: Query = {}) {
  const [full, ref] = [await fullEntries(c, endpointId, query, 'baseline'), await refLinks(c, endpointId, query, 'baseline')];
  return { entries: full.entries, hrefs: ref.hrefs, strings: scalarsDeep(full.entries, ref.titles) };
}

/** Reference-form hrefs of a filtered list that are not in `allowed`; a 400 is noted and counts as none. */
export async function hrefsOutside(
  c: Check,
  endpointId: string,
  query: Query,
  allowed: readonly string[],
): Promise<{ res: TargetResponse; extra: string[] } | undefined> {
  const res = await c.send(endpointId, { query, form: 'ref' });
  if (res.status === 400) {
    c.observe(`${describeQuery(query)}: 400`);
    return undefined;
  }
  const { hrefs } = linksOf(c, res, `the ${endpointId} list in the reference form with ${describeQuery(query)}`, 'judged');
  const known = new Set(allowed);
  return { res, extra: hrefs.filter((h) => !known.has(h)) };
}

/**
 * A value that must match nothing: 200 with an empty list, or 400 (the rows of these lists document 400, so a
 * server may refuse a value it knows nothing of; recorded).
 */
export async function expectNone(c: Check, endpointId: string, query: Query, why: string): Promise<void> {
  const res = await c.send(endpointId, { query, form: 'json' });
  if (res.status === 400) {
    c.observe(`${describeQuery(query)} (${why}): 400`);
    return;
  }
  c.expectStatus(res, [200, 400], `${describeQuery(query)}: ${why}`);
  const entries = c.present(listEntries(res.json), 'a list (an array, or an object with _entries)', res);
  c.expect(entries.length === 0, `an empty list for ${describeQuery(query)} (${why}); got ${entries.length} entries`, res);
}

/** What names a catalog record: its id at catalogKeys, else the whole record without links. */
export const identity = (c: Check, area: CatalogArea, record: unknown): string => keyValue(c, area, 'id', record) ?? canonicalJson(record, LINKS_ANYWHERE);
