import { catalogValue, findCities, type CatalogArea } from '../../sut/catalog-values.ts';
import type { Check } from './check.ts';

export { NO_CITY } from '../../sut/catalog-values.ts';
export type { CatalogArea };

// Catalog record fields are not shown (Resources > Other resources): the profile's catalogKeys map the names
// bestmatch is "matched against" (id, api-url, name, …) to JSON pointers into a record's full form.

/** The value at the profile's catalogKeys pointer `field` of `area` in a record; undefined when unmapped or absent. */
export const keyValue = (c: Check, area: CatalogArea, field: string, record: unknown): string | undefined => catalogValue(c.ctx.profile, area, field, record);

/**
 * A list of cities in the full form and the query that found it (sut/catalog-values.ts); undefined when none
 * does. Judges nothing, so any check may use it.
 */
export const cityQuery = (c: Check): Promise<{ query: Record<string, string>; cities: unknown[] } | undefined> =>
  findCities((query) => c.send('ciudades-list', { query, form: 'json' }));
