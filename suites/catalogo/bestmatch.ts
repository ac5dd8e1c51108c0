import { endpoint, listEntries, type MediaForm } from '../../models/index.ts';
import type { TargetResponse } from '../../target/client.ts';
import { keyValue, type CatalogArea } from '../harness/catalog-keys.ts';
import type { Check } from '../harness/check.ts';
import { firstDifference } from '../harness/json-walk.ts';

// Endpoints > Carrocerias, Ciudades, Marcas: each bestmatch value is "matched against" the fields its row
// lists. The profile's catalogKeys say where those fields sit in a record, so a record's own value of each
// field must find that record again: the same id (id pointer), or the same record when no id is mapped.

export interface Probe {
  /** The query parameter and the catalogKeys area it is matched in. */
  param: string;
  area: CatalogArea;
  field: string;
}

/** The fields a bestmatch parameter is matched against that the profile maps to a pointer, and those it does not. */
export function mappedFields(c: Check, endpointId: string, param: string, area: CatalogArea): { mapped: string[]; unmapped: string[] } {
  const spec = endpoint(endpointId).params.find((p) => p.name === param);
  const fields = spec?.matchedAgainst ?? [];
  const keys = c.ctx.profile.catalogKeys[area] ?? {};
  return { mapped: fields.filter((f) => keys[f] !== undefined), unmapped: fields.filter((f) => keys[f] === undefined) };
}

/** A 200 list's entries in the full form; fails the check otherwise. */
export async function fullList(c: Check, endpointId: string, query?: Record<string, string>): Promise<{ res: TargetResponse; entries: unknown[] }> {
  const res = await c.send(endpointId, { form: 'json', ...(query ? { query } : {}) });
  c.expectStatus(res, 200, `the ${endpointId} list`);
  return { res, entries: c.present(listEntries(res.json), 'a list (an array, or an object with _entries)', res) };
}

const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * Sends bestmatch with `record`'s value of each probe's field and expects `record` back. A different record
 * that has the very same values is a tie the spec leaves to the server (two cities of one name): noted, not failed.
 */
export async function expectFound(
  c: Check,
  endpointId: string,
  /** The area whose id pointer identifies the record. */
  idArea: CatalogArea,
  record: unknown,
  probes: readonly Probe[],
  notes: Set<string>,
): Promise<void> {
  const query: Record<string, string> = {};
  for (const p of probes) {
    const value = keyValue(c, p.area, p.field, record);
    if (value === undefined || value === '') {
      notes.add(`records without a value at catalogKeys.${p.area}["${p.field}"] were not probed by it`);
      return;
    }
    query[p.param] = value;
  }
  const offered = endpoint(endpointId).success.mediaTypes;
  const form: MediaForm | undefined = offered?.includes('json') ? 'json' : undefined;
  const res = await c.send(endpointId, { query, ...(form ? { form } : {}) });
  const by = probes.map((p) => `${p.param} by ${p.field}`).join(' and ');
  c.expectStatus(res, 200, `bestmatch with ${by} of a listed record`);
  const wantId = keyValue(c, idArea, 'id', record);
  const gotId = keyValue(c, idArea, 'id', res.json);
  const found = wantId !== undefined ? same(gotId, wantId) : firstDifference(res.json, record, ['_links']) === undefined;
  if (found) return;
  const tie = probes.every((p) => same(keyValue(c, p.area, p.field, res.json), query[p.param]));
  if (tie) {
    notes.add(`${by} ${JSON.stringify(query)} is shared by several records; another with the same values was returned`);
    return;
  }
  c.fail(`the record ${wantId !== undefined ? `with id ${wantId}` : 'listed'} (${by} = ${JSON.stringify(query)}), got ${gotId !== undefined ? `id ${gotId}` : 'another record'}`, res);
}

/**
 * Cities that share a value of a city field (a name, mostly) with a city of another state: there only the
 * state picks the city, "a city belonging to a region". The first such group, or none.
 */
export function sharedAcrossStates(c: Check, cities: readonly unknown[], cityFields: readonly string[], stateField: string): number[] {
  for (const field of cityFields) {
    const groups = new Map<string, number[]>();
    cities.forEach((city, i) => {
      const value = keyValue(c, 'ciudades', field, city)?.toLowerCase();
      if (value) groups.set(value, [...(groups.get(value) ?? []), i]);
    });
    const shared = [...groups.values()].find((group) => new Set(group.map((i) => keyValue(c, 'states', stateField, cities[i]))).size > 1);
    if (shared) return shared;
  }
  return [];
}
