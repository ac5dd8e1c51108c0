import { listEntries } from '../../models/index.ts';
import type { Profile } from '../../sut/profile.ts';
import type { Check } from './check.ts';
import { resolvePointer } from '../../sut/json-pointer.ts';
import { scalarText } from './scalar-text.ts';

// Catalog record fields are not shown (Resources > Other resources): the profile's catalogKeys map the names
// bestmatch is "matched against" (id, api-url, name, …) to JSON pointers into a record's full form.

export type CatalogArea = keyof Profile['catalogKeys'];

/** The value at the profile's catalogKeys pointer `field` of `area` in a record; undefined when unmapped or absent. */
export function keyValue(c: Check, area: CatalogArea, field: string, record: unknown): string | undefined {
  const pointer = c.ctx.profile.catalogKeys[area]?.[field];
  return pointer === undefined ? undefined : scalarText(resolvePointer(record, pointer));
}

// Vowels first (most names hold one inside); then the commonest initials, so a server that reads "part of"
// as a prefix still yields cities for the checks that judge its q (instead of skipping them all).
const CITY_QUERIES = ['a', 'e', 'o', 's', 'c', 'm', 'p', 'l', 'b', 'r', 't', 'v', 'n', 'g', 'f', 'd'];

/**
 * GET /v3/ciudades needs region or q ("part of the city name"): the first of CITY_QUERIES that lists some city, with
 * that list in the full form; undefined when none does. Judges nothing, so any check may use it.
 */
export async function cityQuery(c: Check): Promise<{ query: Record<string, string>; cities: unknown[] } | undefined> {
  for (const q of CITY_QUERIES) {
    const res = await c.send('ciudades-list', { query: { q }, form: 'json' });
    const cities = res.status === 200 ? listEntries(res.json) : undefined;
    if (cities && cities.length > 0) return { query: { q }, cities };
  }
  return undefined;
}

export const NO_CITY = `no city name contains any of ${CITY_QUERIES.join(', ')}: no city to look up`;
