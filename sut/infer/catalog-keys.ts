import { callEndpoint } from '../call.ts';
import { memberPointer, resolvePointer } from '../json-pointer.ts';
import { evidence, type EvidenceSpec } from './catalog-evidence.ts';
import { answered, distinctRecords, fold, listOf, members, SAMPLE, same, textAt } from './catalog-records.ts';
import { assignRoles } from './catalog-roles.ts';
import { found, hint, objectBody, outcome, type Finding, type Hint, type Inferrer, type Probe } from './probe.ts';

// Endpoints > Carrocerias, Ciudades, Colores, Marcas: bestmatch is "matched against id, api-url, api-url-path,
// name, codename" (and for ciudades, state against "id, api-url, api-url-path, name, iso", city against "id,
// api-url, api-url-path, full name, part of name"); record fields are not shown. A member of a list entry counts
// for a field only when the target proves it: sending its value (on records where it differs from every other
// member's) finds that entry again. Which field a proven member is, the target tells too (catalog-roles.ts):
// lookups by id, GET on URLs, q on the lists, titles; what no probe tells is named by shape and marked unverified.

type Area = 'carrocerias' | 'marcas' | 'ciudades' | 'states' | 'colores';
type Keys = Record<string, string>;

const CITY_QUERIES = ['a', 'e', 'o'];

/** How one area's records are listed and looked up. */
interface AreaSpec extends EvidenceSpec {
  area: Area;
  /** The records to learn from, with the context its lookups need. */
  records(p: Probe): Promise<unknown[]>;
  /** The lookup by one value: the record it answers, if any. */
  lookup(p: Probe, value: string, record: unknown, known: Partial<Record<Area, Keys>>): Promise<unknown>;
}

async function cities(p: Probe): Promise<unknown[]> {
  for (const q of CITY_QUERIES) {
    const found = await listOf(p, 'ciudades-list', { q });
    if (found.length > 0) return found;
  }
  return [];
}

const nombreFinds = async (p: Probe, value: string, record: unknown): Promise<boolean> =>
  (await listOf(p, 'colores-list', { nombre: value })).some((r) => same(r, record, undefined));

const BESTMATCH_FIELDS = ['id', 'api-url', 'api-url-path', 'name', 'codename'];

const AREAS: readonly AreaSpec[] = [
  {
    area: 'carrocerias',
    roles: { fields: BESTMATCH_FIELDS },
    depth: 1,
    getId: 'carrocerias-get',
    records: (p) => listOf(p, 'carrocerias-list'),
    lookup: async (p, value) => answered(await callEndpoint(p.client, 'carrocerias-bestmatch', { query: { bodystyle: value }, form: 'json' })),
  },
  {
    area: 'marcas',
    // q: "part of the make name or codename".
    roles: { fields: BESTMATCH_FIELDS, qFields: ['name', 'codename'], qRulesOut: true },
    depth: 1,
    listId: 'marcas-list',
    records: (p) => listOf(p, 'marcas-list'),
    lookup: async (p, value) => answered(await callEndpoint(p.client, 'marcas-bestmatch', { query: { make: value }, form: 'json' })),
  },
  {
    area: 'colores',
    roles: { fields: ['id', 'name'], qFields: ['name'] },
    depth: 1,
    listId: 'colores-list',
    getId: 'colores-get',
    records: (p) => listOf(p, 'colores-list'),
    // No bestmatch: a color is found by its id (GET /v3/colores/{id}) or its "full color name" (nombre).
    lookup: async (p, value, record) => {
      const byId = /^\d+$/.test(value) ? answered(await callEndpoint(p.client, 'colores-get', { params: { id: value }, form: 'json' })) : undefined;
      if (byId !== undefined && same(byId, record, undefined)) return byId;
      return (await nombreFinds(p, value, record)) ? record : undefined;
    },
    names: nombreFinds,
  },
  {
    area: 'ciudades',
    roles: { fields: ['id', 'api-url', 'api-url-path', 'full name', 'part of name'], qFields: ['part of name', 'full name'] },
    depth: 1,
    listId: 'ciudades-list',
    getId: 'ciudades-get',
    records: cities,
    lookup: async (p, value, record, known) => {
      const state = known.states?.id === undefined ? undefined : textAt(record, known.states.id);
      if (state === undefined) return undefined;
      return answered(await callEndpoint(p.client, 'ciudades-bestmatch', { query: { state, city: value }, form: 'json' }));
    },
  },
  {
    area: 'states',
    roles: { fields: ['id', 'api-url', 'api-url-path', 'name', 'iso'] },
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

/** The members each value of which finds its own record by the area's lookup. */
async function provenMembers(p: Probe, spec: AreaSpec, records: readonly unknown[], known: Partial<Record<Area, Keys>>, id?: string) {
  const candidates = members(records[0], spec.depth);
  const proven: string[] = [];
  for (const pointer of candidates) {
    if (p.signal?.aborted) break;
    const sample = distinctRecords(records, pointer, candidates);
    if (sample.length === 0) continue;
    let ok = true;
    // A lookup answers a record; which record, its id tells (a city's, for a state lookup), else its whole body.
    const recordId = spec.area === 'states' ? known.ciudades?.id : id === pointer ? undefined : id;
    for (const record of sample) {
      const looked = await spec.lookup(p, textAt(record, pointer)!, record, known);
      ok = looked !== undefined && same(looked, record, recordId);
      if (!ok) break;
    }
    if (ok) proven.push(pointer);
  }
  return proven;
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

const lookupName = (area: Area) => (area === 'colores' ? 'GET /v3/colores?nombre=' : area === 'states' ? 'ciudades/bestmatch as state' : `${area}/bestmatch`);

/** One area's keys: the proven members, named by what the target did with them. */
async function inferArea(p: Probe, spec: AreaSpec, records: readonly unknown[], keys: Partial<Record<Area, Keys>>) {
  const regionPointer = spec.area === 'states' ? keys.states?.id : undefined;
  const proven = await provenMembers(p, spec, records, keys, keys[spec.area]?.id);
  const roles = assignRoles(await evidence(p, spec, records, proven, regionPointer), spec.roles);
  return { keys: { ...(keys[spec.area] ?? {}), ...roles.keys }, unverified: roles.unverified };
}

export const catalogKeysInferrer: Inferrer = {
  name: 'catalogKeys',
  keys: AREAS.map((a) => `catalogKeys.${a.area}`),
  async infer(p) {
    const given = (p.known.catalogKeys ?? {}) as Partial<Record<Area, Keys>>;
    const keys: Partial<Record<Area, Keys>> = { ...given };
    const unverified: Partial<Record<Area, Record<string, string>>> = {};
    const hints: Hint[] = [];
    const cityRecords = await cities(p);
    for (const spec of AREAS) {
      if (given[spec.area] || p.signal?.aborted) continue;
      const records = spec.records === cities ? cityRecords : await spec.records(p);
      if (records.length === 0) {
        hints.push(hint(`catalogKeys.${spec.area}`, `its list is empty (or not answered): nothing to learn the fields from; see the target's documentation`));
        continue;
      }
      // A city's region id lists it (region "region/province/state id"): the state lookups name cities by it.
      if (spec.area === 'ciudades' && !given.states) keys.states = withId(await regionId(p, records, undefined));
      if (spec.area === 'states' && !keys.states?.id) keys.states = { ...(keys.states ?? {}), ...withId(await regionId(p, records, keys.ciudades?.id)) };
      const inferred = await inferArea(p, spec, records, keys);
      if (spec.area === 'marcas') {
        const flag = await newMarketFlag(p, records, inferred.keys.id);
        if (flag) inferred.keys['new-vehicle market'] = flag;
      }
      keys[spec.area] = inferred.keys;
      unverified[spec.area] = inferred.unverified;
    }
    if (keys.ciudades?.['part of name'] && !given.ciudades && !(await partOfNameHolds(p, cityRecords, keys))) {
      delete keys.ciudades['part of name'];
      delete unverified.ciudades?.['part of name'];
    }
    return outcome(
      AREAS.flatMap((spec) =>
        given[spec.area] || !keys[spec.area] || Object.keys(keys[spec.area]!).length === 0 ? [] : [areaFinding(spec, keys, unverified)],
      ),
      [
        ...hints,
        ...AREAS.flatMap((spec) =>
          given[spec.area] || (keys[spec.area] && Object.keys(keys[spec.area]!).length > 0) || hints.some((h) => h.key === `catalogKeys.${spec.area}`)
            ? []
            : [
                hint(
                  `catalogKeys.${spec.area}`,
                  `no member's value found its record again by ${spec.area === 'colores' ? 'GET by id or nombre' : 'bestmatch'}; see the target's documentation for the fields ${spec.roles.fields.join(', ')}`,
                ),
              ],
        ),
      ],
    );
  },
};

function areaFinding(spec: AreaSpec, keys: Partial<Record<Area, Keys>>, unverified: Partial<Record<Area, Record<string, string>>>): Finding {
  const key = `catalogKeys.${spec.area}`;
  const marks = Object.fromEntries(Object.entries(unverified[spec.area] ?? {}).map(([field, why]) => [`${key}.${field}`, why]));
  return found(
    key,
    keys[spec.area],
    `each member's value, sent to ${lookupName(spec.area)}, found its own record again; each is named by what the target did with it (GET by id, GET on a URL, q, titles)${Object.keys(marks).length > 0 ? ', or else by shape' : ''}`,
    marks,
  );
}

const withId = (pointer: string | undefined): Keys => (pointer ? { id: pointer } : {});
