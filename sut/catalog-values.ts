import { listEntries } from '../models/index.ts';
import { resolvePointer } from './json-pointer.ts';
import type { Profile } from './profile.ts';

// Values of the target's own catalog, read through the profile's catalogKeys pointers (catalog record fields are
// not shown: Resources > Other resources) and sent back to the API: the suites' catalog checks and load's mix.

export type CatalogArea = keyof Profile['catalogKeys'];

/** A scalar the API could take back as a query or path value; undefined for objects, arrays and null. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** The value at the profile's catalogKeys pointer `field` of `area` in a record; undefined when unmapped or absent. */
export function catalogValue(profile: Profile, area: CatalogArea, field: string, record: unknown): string | undefined {
  const pointer = profile.catalogKeys[area]?.[field];
  return pointer === undefined ? undefined : scalarText(resolvePointer(record, pointer));
}

// Vowels first (most names hold one inside); then the commonest initials, so a server that reads "part of"
// as a prefix still yields cities.
const CITY_QUERIES = ['a', 'e', 'o', 's', 'c', 'm', 'p', 'l', 'b', 'r', 't', 'v', 'n', 'g', 'f', 'd'];

/**
 * GET /v3/ciudades needs region or q ("part of the city name"): the first of CITY_QUERIES that lists some city, with
 * that list in the full form; undefined when none does. `list` sends the request (each caller its own way).
 */
export async function findCities(
  list: (query: Record<string, string>) => Promise<{ status?: number; json?: unknown }>,
): Promise<{ query: Record<string, string>; cities: unknown[] } | undefined> {
  for (const q of CITY_QUERIES) {
    const res = await list({ q });
    const cities = res.status === 200 ? listEntries(res.json) : undefined;
    if (cities && cities.length > 0) return { query: { q }, cities };
  }
  return undefined;
}

export const NO_CITY = `no city name contains any of ${CITY_QUERIES.join(', ')}: no city to look up`;
