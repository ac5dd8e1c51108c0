import { listEntries } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import type { TargetResponse } from '../client.ts';
import { hrefsWithin, lastSegment } from '../hrefs.ts';
import { memberPointer, resolvePointer } from '../json-pointer.ts';
import { found, hint, objectBody, outcome, type Finding, type Hint, type Inferrer, type Probe } from './probe.ts';

// Endpoints > Carrocerias, Ciudades, Colores, Marcas: bestmatch is "matched against id, api-url, api-url-path,
// name, codename" (and for ciudades, state against "id, api-url, api-url-path, name, iso", city against "id,
// api-url, api-url-path, full name, part of name"); record fields are not shown. A member of a list entry counts
// for a field only when the target proves it: sending its value (on records where it differs from every other
// member's) finds that entry again. Which field a proven member is, is told by its values' shape (a URL, a path,
// an ISO 3166-2 code, a unique integer, a slug, a name), never by its name.

type Area = 'carrocerias' | 'marcas' | 'ciudades' | 'states' | 'colores';
type Keys = Record<string, string>;

const SAMPLE = 3;
const CITY_QUERIES = ['a', 'e', 'o'];

const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

/** A field's shape, tried in order: the first a member's every value has names it. */
const SHAPES: readonly [field: string, test: (values: readonly string[]) => boolean][] = [
  ['api-url', (vs) => vs.every((v) => /^https?:\/\/[^/]/i.test(v))],
  ['api-url-path', (vs) => vs.every((v) => v.startsWith('/'))],
  ['iso', (vs) => vs.every((v) => /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(v))],
  ['id', (vs) => vs.every((v) => /^-?\d+$/.test(v)) && new Set(vs).size === vs.length],
  ['codename', (vs) => vs.every((v) => /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/.test(v)) && vs.some((v) => /[a-z]/.test(v))],
  ['name', (vs) => vs.some((v) => /[A-Z\s]/.test(v))],
];

/** Whether the record's own links name `value`: as the last segment of an href, or a value of its query. */
function linked(record: unknown, value: string): boolean {
  return hrefsWithin(objectBody(record)?._links).some(
    (href) => lastSegment(href) === value || [...new URLSearchParams(href.split('?')[1] ?? '').values()].includes(value),
  );
}

/** Scalar members of a record (links left out), as pointers; `depth` 2 for the members of its objects. */
function members(record: unknown, depth: 1 | 2): string[] {
  const body = objectBody(record);
  if (!body) return [];
  return Object.entries(body).flatMap(([k, v]) => {
    if (k === '_links') return [];
    if (depth === 2) return objectBody(v) ? members(v, 1).map((m) => `${memberPointer(k)}${m}`) : [];
    return text(v) !== undefined && typeof v !== 'boolean' ? [memberPointer(k)] : [];
  });
}

const textAt = (record: unknown, pointer: string) => text(resolvePointer(record, pointer));

/** Records on which the member's value differs from every other candidate's (only that member can match it). */
function distinctRecords(records: readonly unknown[], pointer: string, all: readonly string[]): unknown[] {
  const distinct = records.filter((r) => {
    const v = textAt(r, pointer);
    return v !== undefined && v !== '' && all.every((o) => o === pointer || fold(textAt(r, o) ?? '') !== fold(v));
  });
  return distinct.slice(0, SAMPLE);
}

/** Whether two records are the same: the same value at the id pointer, or equal outside their links. */
function same(a: unknown, b: unknown, id: string | undefined): boolean {
  if (id !== undefined) return textAt(a, id) !== undefined && textAt(a, id) === textAt(b, id);
  const strip = (r: unknown) => JSON.stringify(r, (k, v: unknown) => (k === '_links' ? undefined : v));
  return strip(a) === strip(b);
}

/** How one area's records are listed and looked up. */
interface AreaSpec {
  area: Area;
  fields: readonly string[];
  depth: 1 | 2;
  /** The records to learn from, with the context its lookups need. */
  records(p: Probe): Promise<unknown[]>;
  /** The lookup by one value: the record it answers, if any. */
  lookup(p: Probe, value: string, record: unknown, known: Partial<Record<Area, Keys>>): Promise<unknown>;
}

const listOf = async (p: Probe, endpointId: string, query?: Record<string, string>): Promise<unknown[]> =>
  listEntries((await callEndpoint(p.client, endpointId, { form: 'json', ...(query ? { query } : {}) })).json) ?? [];
const answered = (res: TargetResponse): unknown => (res.status === 200 ? res.json : undefined);

async function cities(p: Probe): Promise<unknown[]> {
  for (const q of CITY_QUERIES) {
    const found = await listOf(p, 'ciudades-list', { q });
    if (found.length > 0) return found;
  }
  return [];
}

const AREAS: readonly AreaSpec[] = [
  {
    area: 'carrocerias',
    fields: ['id', 'api-url', 'api-url-path', 'name', 'codename'],
    depth: 1,
    records: (p) => listOf(p, 'carrocerias-list'),
    lookup: async (p, value) => answered(await callEndpoint(p.client, 'carrocerias-bestmatch', { query: { bodystyle: value }, form: 'json' })),
  },
  {
    area: 'marcas',
    fields: ['id', 'api-url', 'api-url-path', 'name', 'codename'],
    depth: 1,
    records: (p) => listOf(p, 'marcas-list'),
    lookup: async (p, value) => answered(await callEndpoint(p.client, 'marcas-bestmatch', { query: { make: value }, form: 'json' })),
  },
  {
    area: 'colores',
    fields: ['id', 'name'],
    depth: 1,
    records: (p) => listOf(p, 'colores-list'),
    // No bestmatch: a color is found by its id (GET /v3/colores/{id}) or its "full color name" (nombre).
    lookup: async (p, value, record) => {
      const byId = /^\d+$/.test(value) ? answered(await callEndpoint(p.client, 'colores-get', { params: { id: value }, form: 'json' })) : undefined;
      if (byId !== undefined && same(byId, record, undefined)) return byId;
      return (await listOf(p, 'colores-list', { nombre: value })).find((r) => same(r, record, undefined));
    },
  },
  {
    area: 'ciudades',
    fields: ['id', 'api-url', 'api-url-path', 'full name', 'part of name'],
    depth: 1,
    records: cities,
    lookup: async (p, value, record, known) => {
      const state = known.states?.id === undefined ? undefined : textAt(record, known.states.id);
      if (state === undefined) return undefined;
      return answered(await callEndpoint(p.client, 'ciudades-bestmatch', { query: { state, city: value }, form: 'json' }));
    },
  },
  {
    area: 'states',
    fields: ['id', 'api-url', 'api-url-path', 'name', 'iso'],
    depth: 2,
    records: cities,
    lookup: async (p, value, record, known) => {
      const city = known.ciudades?.id === undefined ? undefined : textAt(record, known.ciudades.id);
      if (city === undefined) return undefined;
      return answered(await callEndpoint(p.client, 'ciudades-bestmatch', { query: { state: value, city }, form: 'json' }));
    },
  },
];

/** The member of a city that is its region's id: `region=<value>` lists the city. */
async function regionId(p: Probe, records: readonly unknown[], cityId: string | undefined): Promise<string | undefined> {
  const record = records[0];
  for (const pointer of members(record, 2)) {
    const value = textAt(record, pointer);
    if (value === undefined || !/^\d+$/.test(value)) continue;
    const listed = await listOf(p, 'ciudades-list', { region: value });
    if (listed.some((r) => same(r, record, cityId))) return pointer;
  }
  return undefined;
}

/** The part of a name a "part of name" lookup gets: three letters starting a later word, else inside the first. */
function innerPart(name: string): string | undefined {
  const later = /\s([\p{L}\p{N}]{3})/u.exec(name)?.[1];
  return later ?? (/^[\p{L}\p{N}]{4,}/u.test(name) ? [...name].slice(1, 4).join('') : undefined);
}

/** Proves each member by lookups and names the proven ones by shape. */
async function inferArea(p: Probe, spec: AreaSpec, records: readonly unknown[], known: Partial<Record<Area, Keys>>): Promise<Keys> {
  const candidates = members(records[0], spec.depth);
  const keys: Keys = { ...(known[spec.area] ?? {}) };
  const proven: string[] = [];
  for (const pointer of candidates) {
    if (p.signal?.aborted) break;
    const sample = distinctRecords(records, pointer, candidates);
    if (sample.length === 0) continue;
    let ok = true;
    // A lookup answers a record; which record, its id tells (a city's, for a state lookup), else its whole body.
    const recordId = spec.area === 'states' ? known.ciudades?.id : keys.id === pointer ? undefined : keys.id;
    for (const record of sample) {
      const looked = await spec.lookup(p, textAt(record, pointer)!, record, { ...known, [spec.area]: keys });
      ok = looked !== undefined && same(looked, record, recordId);
      if (!ok) break;
    }
    if (ok) proven.push(pointer);
  }
  const valuesOf = (pointer: string) => records.flatMap((r) => textAt(r, pointer) ?? []);
  for (const pointer of proven) {
    if (Object.values(keys).includes(pointer)) continue;
    // A member the record's own links name (its URI's last segment, say) is its id, whatever its shape (a UUID).
    const byLink = spec.depth === 1 && keys.id === undefined && records.slice(0, SAMPLE).every((r) => linked(r, textAt(r, pointer) ?? '\u0000'));
    const shape = byLink
      ? 'id'
      : (SHAPES.find(([field, test]) => spec.fields.includes(field) && test(valuesOf(pointer)))?.[0] ?? (spec.fields.includes('name') ? 'name' : 'full name'));
    const field = shape === 'name' && !spec.fields.includes('name') ? 'full name' : shape;
    if (keys[field] === undefined) keys[field] = pointer;
    else if (field === 'full name') {
      // Two names of a city: the longer is the full one ("Rosario, Santa Fe"), the other its name proper.
      const avg = (q: string) => valuesOf(q).join('').length;
      const [longer, shorter] = avg(pointer) > avg(keys[field]!) ? [pointer, keys[field]!] : [keys[field]!, pointer];
      keys['full name'] = longer;
      keys['part of name'] = shorter;
    }
  }
  return keys;
}

/** Whether a part of each sampled city's name finds a city of its state whose names hold it. */
async function partOfNameHolds(p: Probe, records: readonly unknown[], keys: Partial<Record<Area, Keys>>): Promise<boolean> {
  const namePointer = keys.ciudades?.['part of name'];
  const stateId = keys.states?.id;
  if (namePointer === undefined || stateId === undefined) return false;
  const sample = records.slice(0, SAMPLE);
  for (const record of sample) {
    const part = innerPart(textAt(record, namePointer) ?? '');
    const state = textAt(record, stateId);
    if (part === undefined || state === undefined) return false;
    const res = await callEndpoint(p.client, 'ciudades-bestmatch', { query: { state, city: part }, form: 'json' });
    const names = Object.values(keys.ciudades ?? {}).map((ptr) => fold(textAt(res.json, ptr) ?? ''));
    if (res.status !== 200 || !names.some((n) => n.includes(fold(part)))) return false;
  }
  return sample.length > 0;
}

/** How many boolean members of a make are tried as its new-vehicle market flag. */
const MAX_FLAG_CANDIDATES = 32;

/** marcas["new-vehicle market"]: the boolean member true exactly for the makes soloMercadoNuevos=true lists. */
async function newMarketFlag(p: Probe, records: readonly unknown[], id: string | undefined): Promise<string | undefined> {
  if (id === undefined) return undefined;
  const nuevos = new Set((await listOf(p, 'marcas-list', { soloMercadoNuevos: 'true' })).map((r) => textAt(r, id)));
  const body = objectBody(records[0]) ?? {};
  // A make has a handful of boolean members: a record with thousands (a hostile one) is not tried against every
  // record for each of them (issue 22: work on target data stays linear in its size).
  const flags = Object.keys(body)
    .filter((k) => typeof body[k] === 'boolean')
    .slice(0, MAX_FLAG_CANDIDATES);
  if (nuevos.size >= records.length) return undefined;
  return flags.map(memberPointer).find((ptr) => records.every((r) => (resolvePointer(r, ptr) === true) === nuevos.has(textAt(r, id))));
}

export const catalogKeysInferrer: Inferrer = {
  name: 'catalogKeys',
  keys: AREAS.map((a) => `catalogKeys.${a.area}`),
  async infer(p) {
    const given = (p.known.catalogKeys ?? {}) as Partial<Record<Area, Keys>>;
    const keys: Partial<Record<Area, Keys>> = { ...given };
    const findings: Finding[] = [];
    const hints: Hint[] = [];
    const cityRecords = await cities(p);
    for (const spec of AREAS) {
      if (given[spec.area] || p.signal?.aborted) continue;
      const records = spec.records === cities ? cityRecords : await spec.records(p);
      if (records.length === 0) {
        hints.push(hint(`catalogKeys.${spec.area}`, `its list is empty (or not answered): nothing to learn the fields from; see the target's documentation`));
        continue;
      }
      if (spec.area === 'states') keys.states = { ...(keys.states ?? {}), ...(keys.states?.id ? {} : withId(await regionId(p, records, keys.ciudades?.id))) };
      if (spec.area === 'ciudades' && !given.states) keys.states = withId(await regionId(p, records, undefined));
      const inferred = await inferArea(p, spec, records, keys);
      if (spec.area === 'marcas') {
        const flag = await newMarketFlag(p, records, inferred.id);
        if (flag) inferred['new-vehicle market'] = flag;
      }
      keys[spec.area] = inferred;
    }
    if (keys.ciudades?.['part of name'] && !given.ciudades && !(await partOfNameHolds(p, cityRecords, keys))) delete keys.ciudades['part of name'];
    for (const spec of AREAS) {
      const k = keys[spec.area];
      if (given[spec.area]) continue;
      if (k && Object.keys(k).length > 0)
        findings.push(
          found(
            `catalogKeys.${spec.area}`,
            k,
            `each member's value, sent to ${spec.area === 'colores' ? 'GET /v3/colores?nombre=' : spec.area === 'states' ? 'ciudades/bestmatch as state' : `${spec.area}/bestmatch`}, found its own record again; named by its values' shape`,
          ),
        );
      else
        hints.push(
          hint(
            `catalogKeys.${spec.area}`,
            `no member's value found its record again by ${spec.area === 'colores' ? 'GET by id or nombre' : 'bestmatch'}; see the target's documentation for the fields ${spec.fields.join(', ')}`,
          ),
        );
    }
    return outcome(findings, hints);
  },
};

const withId = (pointer: string | undefined): Keys => (pointer ? { id: pointer } : {});
