import { endpoint, firstDifference, listEntries, type MediaForm } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { keyValue, type CatalogArea } from '../harness/catalog-keys.ts';
import type { Check } from '../harness/check.ts';
import { LINKS_ANYWHERE } from '../harness/json-walk.ts';
import { rotated } from '../harness/sample.ts';
import { fold, holdsLoosely, innerParts } from '../harness/text-match.ts';

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

/**
 * Per field, the position of a record (in the seed's order) whose value there equals none of its other
 * fields' values: only a match on that field finds it by that value (the codename "alfa-romeo" of "Alfa Romeo",
 * not "toyota" of "Toyota"), so a lookup that skips the field fails on it. Fields with no such record are left out.
 */
export function distinctlyValued(c: Check, area: CatalogArea, fields: readonly string[], records: readonly unknown[], seed: number): Map<string, number> {
  const found = new Map<string, number>();
  const order = rotated(
    records.map((_, i) => i),
    seed,
  );
  for (const field of fields) {
    const at = order.find((i) => {
      const value = keyValue(c, area, field, records[i]);
      return value !== undefined && value !== '' && fields.every((f) => f === field || fold(keyValue(c, area, f, records[i]) ?? '') !== fold(value));
    });
    if (at !== undefined) found.set(field, at);
  }
  return found;
}

/**
 * A 200 list's entries in the full form. The list read to find the records a lookup is judged on is a
 * precondition (its own rules judge it); `judged` when the list is the answer under test.
 */
export async function fullList(
  c: Check,
  endpointId: string,
  query?: Record<string, string>,
  judged = false,
): Promise<{ res: TargetResponse; entries: unknown[] }> {
  const res = await c.send(endpointId, { form: 'json', ...(query ? { query } : {}) });
  const entries = listEntries(res.json);
  const what = 'a list (an array, or an object with _entries)';
  if (!judged) {
    c.givenStatus(res, 200, `the ${endpointId} list`);
    return { res, entries: c.givenPresent(entries, what, res) };
  }
  c.expectStatus(res, 200, `the ${endpointId} list`);
  return { res, entries: c.present(entries, what, res) };
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
  // The id is read from the full form, so it is asked for by name — also where the row lists no media types
  // (marcas: "200 (body form of the match)"): what a server answers when no form is named is its choice, and
  // may be the reference form, which makes exist too ("Reference forms exist for … makes").
  const offered = endpoint(endpointId).success.mediaTypes;
  const form: MediaForm | undefined = offered === undefined || offered.includes('json') ? 'json' : undefined;
  const res = await c.send(endpointId, { query, ...(form ? { form } : {}) });
  const by = probes.map((p) => `${p.param} by ${p.field}`).join(' and ');
  c.expectStatus(res, 200, `bestmatch with ${by} of a listed record`);
  const wantId = keyValue(c, idArea, 'id', record);
  const gotId = keyValue(c, idArea, 'id', res.json);
  const found = wantId !== undefined ? same(gotId, wantId) : firstDifference(res.json, record, LINKS_ANYWHERE) === undefined;
  if (found) return;
  const tie = probes.every((p) => same(keyValue(c, p.area, p.field, res.json), query[p.param]));
  if (tie) {
    notes.add(`${by} ${JSON.stringify(query)} is shared by several records; another with the same values was returned`);
    return;
  }
  c.fail(
    `the record ${wantId !== undefined ? `with id ${wantId}` : 'listed'} (${by} = ${JSON.stringify(query)}), got ${gotId !== undefined ? `id ${gotId}` : 'another record'}`,
    res,
  );
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

/**
 * city is also "matched against … part of name": a part of a city's name (catalogKeys.ciudades["part of
 * name"]) that does not start it, with the city's own state value, finds a city of that state whose name holds
 * it (several may; which one is the server's choice). The start of a later word comes first ("Pla" of "La
 * Plata"): a lookup that matches names by their start only misses it, one that matches words by theirs need not.
 */
export async function expectPartFound(c: Check, record: unknown, stateField: string, notes: Set<string>): Promise<void> {
  const name = keyValue(c, 'ciudades', 'part of name', record);
  const state = keyValue(c, 'states', stateField, record);
  const part = innerParts(name ?? '', { wordStartFirst: true })[0];
  if (part === undefined || state === undefined) {
    notes.add('cities without an inner part of three letters in their name (or without a state value) were not probed by part of name');
    return;
  }
  const res = await c.send('ciudades-bestmatch', { query: { state, city: part }, form: 'json' });
  c.expectStatus(res, 200, `bestmatch with state by ${stateField} and city = "${part}", a part of the name ${JSON.stringify(name)}`);
  const [wantRegion, gotRegion] = [keyValue(c, 'states', 'id', record), keyValue(c, 'states', 'id', res.json)];
  if (wantRegion !== undefined) c.expect(same(gotRegion, wantRegion), `a city of the state asked for (region ${wantRegion}), got region ${gotRegion}`, res);
  const names = ['part of name', 'full name'].map((f) => keyValue(c, 'ciudades', f, res.json));
  c.expect(
    names.some((n) => holdsLoosely(n, part)),
    `a city whose name holds "${part}", got ${JSON.stringify(names)}`,
    res,
  );
}
