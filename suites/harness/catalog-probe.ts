import { listEntries } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { lastSegment } from '../../sut/discovery.ts';
import type { Profile } from '../../sut/profile.ts';
import type { Check } from './check.ts';
import { resolvePointer } from '../../sut/json-pointer.ts';
import { scalarText } from '../../sut/catalog-values.ts';

// Finding catalog records to look up (Endpoints > Carrocerias, Ciudades, Colores, Marcas). Their fields are
// not shown: a reference-form entry's href is the record's URI (so its last segment is the id), and the
// profile's catalogKeys point at the fields bestmatch matches against. Without catalogKeys the values of a
// record are tried one by one ("fishing"): a hit proves the endpoint answers 200, a miss proves nothing.

type Area = keyof Profile['catalogKeys'];

/** Candidate values, and whether the profile named them (then a miss is the target's fault). */
export interface Candidates {
  values: string[];
  declared: boolean;
}

const MAX_FISH = 8;
const CITY_QUERIES = ['a', 'e', 'o'];

export function hrefIds(res: TargetResponse): { id: string; title?: string }[] {
  return (listEntries(res.json) ?? []).flatMap((e) => {
    const link = e as { href?: unknown; title?: unknown } | null;
    if (typeof link?.href !== 'string') return [];
    return [{ id: lastSegment(link.href), ...(typeof link.title === 'string' ? { title: link.title } : {}) }];
  });
}

/** Top-level scalar members of a record, then those one level down: the values fishing tries. */
export function scalarsOf(record: unknown, depth = 1): string[] {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return [];
  const members = Object.entries(record).filter(([k]) => k !== '_links');
  const top = members.flatMap(([, v]) => {
    const s = scalarText(v);
    return s !== undefined && s !== '' ? [s] : [];
  });
  const nested = depth > 1 ? members.flatMap(([, v]) => scalarsOf(v, depth - 1)) : [];
  return [...new Set([...top, ...nested])];
}

/** Values of a record at the profile's catalogKeys pointers for `area` (key order: id first). */
export function declaredValues(c: Check, area: Area, record: unknown): string[] | undefined {
  const keys = c.ctx.profile.catalogKeys[area];
  if (!keys || Object.keys(keys).length === 0) return undefined;
  const names = Object.keys(keys).sort((a, b) => (a === 'id' ? -1 : b === 'id' ? 1 : 0));
  return names.flatMap((k) => {
    const s = scalarText(resolvePointer(record, keys[k]!));
    return s !== undefined && s !== '' ? [s] : [];
  });
}

/** What to match a record by: the profile's catalogKeys when declared, else a few of its own values. */
export function candidatesOf(c: Check, area: Area, record: unknown, fallback: string[] = []): Candidates {
  const declared = declaredValues(c, area, record);
  if (declared) return { values: declared, declared: true };
  return { values: [...new Set([...fallback, ...scalarsOf(record)])].slice(0, MAX_FISH), declared: false };
}

/** The first entry of a full-form catalog list. */
export async function firstFullEntry(c: Check, endpointId: string, query?: Record<string, string>): Promise<unknown> {
  const res = await c.send(endpointId, { form: 'json', ...(query ? { query } : {}) });
  c.givenStatus(res, 200, 'the catalog list');
  return listEntries(res.json)?.[0];
}

/** A query that lists some cities: GET /v3/ciudades needs region or q ("part of the city name"). */
export async function someCities(c: Check): Promise<{ ids: { id: string; title?: string }[] }> {
  for (const q of CITY_QUERIES) {
    const res = await c.send('ciudades-list', { query: { q }, form: 'ref' });
    c.givenStatus(res, 200, `cities whose name contains '${q}'`);
    const ids = hrefIds(res);
    if (ids.length > 0) return { ids };
  }
  return c.skip(`no city name contains any of ${CITY_QUERIES.join(', ')}: no city to look up`);
}

/** Sends `attempt` for each value until one answers 200; the last response otherwise. */
export async function firstSuccess(
  values: readonly string[],
  attempt: (value: string) => Promise<TargetResponse>,
): Promise<{ res?: TargetResponse; value?: string }> {
  let res: TargetResponse | undefined;
  for (const value of values) {
    res = await attempt(value);
    if (res.status === 200) return { res, value };
  }
  return res ? { res } : {};
}
