import { canonicalJson, endpoint, listEntries, validationProblem } from '../models/index.ts';
import type { TargetResponse } from '../sut/client.ts';
import { distinctlyValued, expectFound, expectPartFound, fullList, mappedFields, sharedAcrossStates, type Probe } from './catalogo/bestmatch.ts';
import { judgeMarcasNoMatch } from './catalogo/no-match.ts';
import { cityQuery, keyValue, NO_CITY, type CatalogArea } from './harness/catalog-keys.ts';
import { check, type Check } from './harness/check.ts';
import { recordComparer, type RecordComparer } from './harness/same-record.ts';
import { sampleIndices } from './harness/sample.ts';

// Endpoints > Carrocerias, Ciudades, Colores, Marcas: what the rows say about their lists and lookups. Record
// fields are not shown, so comparisons are of whole records, and field-level checks follow the profile's
// catalogKeys (profile level; skipped where the profile maps nothing).

/** Records probed per catalog, bounded by the run's property budget: at least two, so a lookup that always answers one record fails. */
const SAMPLE = 8;
/** The catalogKeys.marcas field of a make's place in the new-vehicle market (profile). */
const NEW_MARKET = 'new-vehicle market';
const sampleSize = (c: Check) => Math.max(2, Math.min(SAMPLE, c.ctx.numRuns));

check('catalogo/ciudades-needs-region-or-q', async (c) => {
  const res = await c.send('ciudades-list', { form: 'json' });
  c.expectStatus(res, 400, 'cities asked for with neither region nor q');
  c.expectModel(res, validationProblem(), 'a validation problem body');
});

check('catalogo/marcas-solo-mercado-nuevos-narrows', async (c) => {
  const all = await fullList(c, 'marcas-list');
  const nuevos = await fullList(c, 'marcas-list', { soloMercadoNuevos: 'true' }, true);
  c.expect(
    nuevos.entries.length <= all.entries.length,
    `at most the ${all.entries.length} makes of the default list, got ${nuevos.entries.length}`,
    nuevos.res,
  );
  // "only makes currently in the new-vehicle market": a subset of the makes, judged by URI below. Whole
  // records may differ (the filter may narrow what each shows), so unequal ones are only recorded.
  const listed = new Set(all.entries.map((e) => canonicalJson(e)));
  const unequal = nuevos.entries.filter((e) => !listed.has(canonicalJson(e))).length;
  if (unequal > 0) c.observe(`${unequal} entries of soloMercadoNuevos=true differ from every record of the default list`);
  // The reference form names each make by URI: the same subset, by href.
  const [allRef, nuevosRef] = [
    await c.send('marcas-list', { form: 'ref' }),
    await c.send('marcas-list', { form: 'ref', query: { soloMercadoNuevos: 'true' } }),
  ];
  if (allRef.status === 200 && nuevosRef.status === 200) {
    // Whole hrefs: a make's URI may differ only in its query (marcas have no GET by id).
    const hrefsOf = (res: TargetResponse) =>
      (listEntries(res.json) ?? []).flatMap((e) => (typeof (e as { href?: unknown } | null)?.href === 'string' ? [(e as { href: string }).href] : []));
    const hrefs = new Set(hrefsOf(allRef));
    const extra = hrefsOf(nuevosRef).filter((h) => !hrefs.has(h));
    c.expect(extra.length === 0, `only makes of the default list in the reference form; not in it: ${extra.join(', ')}`, nuevosRef);
  }
  c.observe(`soloMercadoNuevos=true lists ${nuevos.entries.length} of ${all.entries.length} makes`);
  // The very list again is a subset only trivially: an answer that ignores the parameter looks the same. It is an
  // instance only where the profile's flag says every listed make is in the new-vehicle market.
  const flag = c.ctx.profile.catalogKeys.marcas?.[NEW_MARKET];
  const allNew = flag !== undefined && all.entries.length > 0 && all.entries.every((m) => keyValue(c, 'marcas', NEW_MARKET, m) === 'true');
  if (nuevos.entries.length === all.entries.length && unequal === 0 && !allNew)
    c.skip(
      `not exercised: soloMercadoNuevos=true listed the ${all.entries.length} makes of the default list, and no catalogKeys.marcas["${NEW_MARKET}"] says all are in the new-vehicle market: narrowing could not be told from ignoring the parameter`,
    );
});

async function bestmatchOneParam(c: Check, area: CatalogArea, listId: string, bestmatchId: string, param: string): Promise<void> {
  if (!c.ctx.profile.catalogKeys[area]) c.skip(`the profile has no catalogKeys.${area}`);
  const { mapped, unmapped } = mappedFields(c, bestmatchId, param, area);
  if (mapped.length === 0) c.skip(`catalogKeys.${area} maps none of the fields ${param} is matched against`);
  const { entries } = await fullList(c, listId);
  if (entries.length === 0) c.skip(`the ${listId} list is empty`);
  const notes = new Set<string>();
  const sampled = sampleIndices(entries.length, sampleSize(c), c.ctx.seed);
  for (const i of sampled) {
    for (const field of mapped) await expectFound(c, bestmatchId, area, entries[i], [{ param, area, field }], notes);
  }
  // Each field once more on a record only that field can match ("matched against id, api-url, …": every one).
  for (const [field, i] of distinctlyValued(c, area, mapped, entries, c.ctx.seed)) {
    if (!sampled.includes(i)) await expectFound(c, bestmatchId, area, entries[i], [{ param, area, field }], notes);
  }
  if (unmapped.length > 0) notes.add(`not probed (no catalogKeys.${area} pointer): ${unmapped.join(', ')}`);
  if (notes.size > 0) c.observe([...notes].join('; '));
}

check('catalogo/bestmatch-carrocerias', (c) => bestmatchOneParam(c, 'carrocerias', 'carrocerias-list', 'carrocerias-bestmatch', 'bodystyle'));
check('catalogo/bestmatch-marcas', (c) => bestmatchOneParam(c, 'marcas', 'marcas-list', 'marcas-bestmatch', 'make'));
check('catalogo/marcas-bestmatch-no-match', judgeMarcasNoMatch);

check('catalogo/bestmatch-ciudades', async (c: Check) => {
  const { ciudades, states } = c.ctx.profile.catalogKeys;
  if (!ciudades || !states) c.skip('the profile needs catalogKeys.ciudades and catalogKeys.states (state fields within a Ciudad)');
  const state = mappedFields(c, 'ciudades-bestmatch', 'state', 'states');
  const city = mappedFields(c, 'ciudades-bestmatch', 'city', 'ciudades');
  if (state.mapped.length === 0 || city.mapped.length === 0) c.skip('catalogKeys maps none of the state or none of the city fields');
  const found = await cityQuery(c);
  if (!found) c.skip(NO_CITY);
  // Every state field with one city field, and every city field with one state field (id where mapped), for a
  // sample of the cities and those whose name a city of another state shares.
  const [oneState, oneCity] = [state.mapped.includes('id') ? 'id' : state.mapped[0]!, city.mapped.includes('id') ? 'id' : city.mapped[0]!];
  const pairs: [string, string][] = [
    ...state.mapped.map((s) => [s, oneCity] as [string, string]),
    ...city.mapped.filter((f) => f !== oneCity).map((f) => [oneState, f] as [string, string]),
  ];
  const notes = new Set<string>();
  const shared = sharedAcrossStates(c, found.cities, city.mapped, oneState);
  for (const i of new Set([...sampleIndices(found.cities.length, sampleSize(c), c.ctx.seed), ...shared])) {
    for (const [s, f] of pairs) {
      const probes: Probe[] = [
        { param: 'state', area: 'states', field: s },
        { param: 'city', area: 'ciudades', field: f },
      ];
      await expectFound(c, 'ciudades-bestmatch', 'ciudades', found.cities[i], probes, notes);
    }
  }
  if (city.mapped.includes('part of name')) {
    for (const i of sampleIndices(found.cities.length, sampleSize(c), c.ctx.seed)) await expectPartFound(c, found.cities[i], oneState, notes);
  }
  const unmapped = [...state.unmapped.map((f) => `state ${f}`), ...city.unmapped.map((f) => `city ${f}`)];
  if (unmapped.length > 0) notes.add(`not probed (no catalogKeys pointer): ${unmapped.join(', ')}`);
  if (notes.size > 0) c.observe([...notes].join('; '));
});

/**
 * GET by id of list entries equals the entry (links aside: they are navigation, not the record; members that
 * differ between two reads of the same URL aside: harness/same-record.ts). `listAgain` reads the list again.
 */
async function expectResolved(
  c: Check,
  area: CatalogArea,
  getId: string,
  entries: unknown[],
  indices: number[],
  listAgain: () => Promise<unknown[]>,
  records: RecordComparer,
): Promise<number> {
  const form = endpoint(getId).success.mediaTypes?.includes('json') ? 'json' : undefined;
  // An entry without a value at the id pointer names no URI to resolve: not an instance (noted).
  const named = indices.filter((i) => keyValue(c, area, 'id', entries[i]) !== undefined);
  if (named.length < indices.length) c.observe(`${indices.length - named.length} ${area} entries without a value at catalogKeys.${area}.id were not resolved`);
  for (const i of named) {
    const id = keyValue(c, area, 'id', entries[i])!;
    const read = () => c.send(getId, { params: { id }, ...(form ? { form } : {}) });
    const res = await read();
    c.expectStatus(res, 200, `GET of the listed ${area} record ${id}`);
    const diff = await records.compare(res.json, entries[i], {
      again: async () => (await read()).json,
      wantAgain: async () => (await listAgain()).find((e) => keyValue(c, area, 'id', e) === id),
      representation: endpoint(getId).success.representation,
    });
    c.expect(diff === undefined, `the record as the list gives it; first difference at ${diff}`, res);
  }
  return named.length;
}

/** `read`, sent at most once however many entries ask for it. */
const once = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  let done: Promise<T> | undefined;
  return () => (done ??= read());
};

check('catalogo/list-entries-resolve', async (c: Check) => {
  const keys = c.ctx.profile.catalogKeys;
  const skipped: string[] = [];
  const records = recordComparer();
  let resolved = 0;
  for (const [area, listId, getId] of [
    ['carrocerias', 'carrocerias-list', 'carrocerias-get'],
    ['colores', 'colores-list', 'colores-get'],
  ] as const) {
    if (!keys[area]?.id) {
      skipped.push(`${area} (no catalogKeys.${area}.id)`);
      continue;
    }
    const { entries } = await fullList(c, listId);
    resolved += await expectResolved(
      c,
      area,
      getId,
      entries,
      entries.map((_, i) => i),
      once(async () => (await fullList(c, listId)).entries),
      records,
    );
  }
  const found = keys.ciudades?.id ? await cityQuery(c) : undefined;
  if (!found) {
    skipped.push(`ciudades (${keys.ciudades?.id ? NO_CITY : 'no catalogKeys.ciudades.id'})`);
  } else {
    // The cities of one region, when the profile says where a Ciudad names its region.
    const region = keyValue(c, 'states', 'id', found.cities[0]);
    const read = async () => (await fullList(c, 'ciudades-list', region !== undefined ? { region } : found.query)).entries;
    const entries = region !== undefined ? await read() : found.cities;
    resolved += await expectResolved(c, 'ciudades', 'ciudades-get', entries, sampleIndices(entries.length, sampleSize(c), c.ctx.seed), once(read), records);
  }
  if (records.leftOut.size > 0) c.observe(`left out of the comparisons, as they differ between two reads of the same URL: ${[...records.leftOut].join(', ')}`);
  if (resolved === 0) c.skip(`not exercised: no listed record has a value at its catalogKeys id pointer${skipped.length > 0 ? `; ${skipped.join('; ')}` : ''}`);
  if (skipped.length > 0) c.observe(`not resolved: ${skipped.join('; ')}`);
});
