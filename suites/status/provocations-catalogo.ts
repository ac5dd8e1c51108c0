import { INT32 } from '../../models/index.ts';
import type { Check } from '../harness/check.ts';
import { resolvePointer } from '../../sut/json-pointer.ts';
import { scalarText } from '../../sut/catalog-values.ts';
import { candidatesOf, firstFullEntry, firstSuccess, hrefIds, scalarsOf, someCities, type Candidates } from '../harness/catalog-probe.ts';
import { read, type Provoked, type ProvocationTable } from './provocation.ts';

// Endpoints > Carrocerias, Ciudades, Colores, Marcas. Records are found through the lists (reference-form
// hrefs are record URIs) and matched by the profile's catalogKeys, or by trying a record's own values.

/** An int32 id no catalog is expected to use: a lookup by it is "does not exist" (404). */
const UNKNOWN_ID = INT32.max;

/** A 200 from one of the candidates; a miss fails when the profile declared them, else skips (nothing is known). */
async function matched(c: Check, what: string, candidates: Candidates, attempt: (v: string) => Promise<Provoked>): Promise<Provoked> {
  let last: Provoked | undefined;
  const hit = await firstSuccess(candidates.values, async (v) => (last = await attempt(v)).res);
  if (hit.res) return last!;
  if (candidates.declared && last) return last;
  return c.skip(`no ${what} value is known to match: declare catalogKeys in the profile (tried ${candidates.values.length})`);
}

async function carroceriaId(c: Check): Promise<Provoked> {
  const entry = await firstFullEntry(c, 'carrocerias-list');
  if (entry === undefined) c.skip('the body style list is empty');
  const pointer = c.ctx.profile.catalogKeys.carrocerias?.id;
  const declared = pointer !== undefined ? scalarText(resolvePointer(entry, pointer)) : undefined;
  const values = declared !== undefined ? [declared] : scalarsOf(entry).filter((v) => /^-?\d+$/.test(v));
  return matched(c, 'body style id', { values, declared: declared !== undefined }, (id) => read(c, 'carrocerias-get', { params: { id } }, undefined));
}

async function cityBestmatch(c: Check): Promise<Provoked> {
  const { ids } = await someCities(c);
  const city = ids[0]!;
  const record = await c.send('ciudades-get', { params: { id: city.id }, form: 'json' });
  c.givenStatus(record, 200, 'the city a reference-form list links to');
  const cities = candidatesOf(c, 'ciudades', record.json, [city.id, ...(city.title ? [city.title] : [])]);
  // catalogKeys.states point into the city's full form, where its state is the only place a state shows.
  const states = candidatesOf(c, 'states', record.json);
  const stateValues = states.declared
    ? states.values
    : scalarsOf(record.json, 2)
        .filter((v) => !cities.values.includes(v))
        .slice(0, 8);
  const pairs = stateValues.flatMap((state) => cities.values.map((cityValue) => `${state}\u0000${cityValue}`));
  return matched(c, 'state and city', { values: pairs, declared: cities.declared && states.declared }, (pair) => {
    const [state, cityValue] = pair.split('\u0000') as [string, string];
    return read(c, 'ciudades-bestmatch', { query: { state, city: cityValue } });
  });
}

async function marcaBestmatch(c: Check): Promise<Provoked> {
  let candidates: Candidates;
  if (c.ctx.profile.catalogKeys.marcas) {
    candidates = candidatesOf(c, 'marcas', await firstFullEntry(c, 'marcas-list'));
  } else {
    const first = hrefIds(await c.send('marcas-list', { form: 'ref' }))[0];
    if (!first) c.skip('the make list is empty');
    candidates = { values: [first.id, ...(first.title ? [first.title] : [])], declared: false };
  }
  return matched(c, 'make', candidates, (make) => read(c, 'marcas-bestmatch', { query: { make } }, undefined));
}

async function refId(c: Check, listId: string, query: Record<string, string> = {}): Promise<string> {
  const res = await c.send(listId, { query, form: 'ref' });
  c.givenStatus(res, 200, 'the reference-form list');
  const id = hrefIds(res)[0]?.id;
  return id ?? c.skip(`${listId} lists nothing to look up`);
}

export const CATALOGO_PROVOCATIONS: ProvocationTable = {
  'carrocerias-list/200': { provoke: (c) => read(c, 'carrocerias-list', {}) },
  'carrocerias-bestmatch/200': {
    async provoke(c) {
      const entry = await firstFullEntry(c, 'carrocerias-list');
      const candidates = candidatesOf(c, 'carrocerias', entry);
      return matched(c, 'body style', candidates, (bodystyle) => read(c, 'carrocerias-bestmatch', { query: { bodystyle } }));
    },
  },
  // bodystyle is "required".
  'carrocerias-bestmatch/400': { provoke: (c) => read(c, 'carrocerias-bestmatch', {}) },
  'carrocerias-get/200': { provoke: carroceriaId },
  'carrocerias-get/404': { provoke: (c) => read(c, 'carrocerias-get', { params: { id: UNKNOWN_ID } }, undefined) },

  // A list answers 200 whatever it holds; q is "part of the city name".
  'ciudades-list/200': { provoke: (c) => read(c, 'ciudades-list', { query: { q: 'a' } }) },
  // region is "optional if q is given", q "optional if region is given": neither is a 400.
  'ciudades-list/400': { provoke: (c) => read(c, 'ciudades-list', {}) },
  'ciudades-bestmatch/200': { provoke: cityBestmatch },
  'ciudades-bestmatch/400': { provoke: (c) => read(c, 'ciudades-bestmatch', {}) },
  'ciudades-get/200': {
    provoke: async (c) => read(c, 'ciudades-get', { params: { id: (await someCities(c)).ids[0]!.id } }),
  },
  'ciudades-get/404': { provoke: (c) => read(c, 'ciudades-get', { params: { id: UNKNOWN_ID } }) },

  'colores-list/200': { provoke: (c) => read(c, 'colores-list', {}) },
  // q and nombre are optional strings with no stated constraint: no request is invalid by the spec alone.
  'colores-list/400': {
    provoke: (c) => c.skip('the spec states no constraint on q or nombre, so no request to GET /v3/colores is invalid by it'),
  },
  'colores-get/200': { provoke: async (c) => read(c, 'colores-get', { params: { id: await refId(c, 'colores-list') } }) },
  'colores-get/404': { provoke: (c) => read(c, 'colores-get', { params: { id: UNKNOWN_ID } }) },

  'marcas-list/200': { provoke: (c) => read(c, 'marcas-list', {}) },
  // soloMercadoNuevos is a boolean.
  'marcas-list/400': { provoke: (c) => read(c, 'marcas-list', { query: { soloMercadoNuevos: 'not-a-boolean' } }) },
  'marcas-bestmatch/200': { provoke: marcaBestmatch },
};
