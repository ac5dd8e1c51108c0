import { listEntries } from '../../models/index.ts';
import { cityQuery, keyValue, NO_CITY } from '../harness/catalog-keys.ts';
import { check, type Check } from '../harness/check.ts';
import { pick, rotated } from '../harness/sample.ts';
import { fold, innerParts, ownStrings, scalarsDeep } from '../harness/text-match.ts';
import { fullEntries, identity, refLinks } from './listing.ts';
import { expectUnheldMatchesNone, expectPartListed, expectWithin, recordWithPart } from './text-probes.ts';

// Endpoints > Ciudades: region "region/province/state id", q "part of the city name"; each is optional if the
// other is given, so there is no unfiltered list: the cities a one-letter q lists stand in for it (every city
// a longer q holding that letter lists is among them).

/** The catalogKeys.ciudades field that holds a city's name. */
const NAME_FIELDS = ['part of name', 'name'];
/** Parts of city values tried for a narrower pool than the one-letter q's. */
const PART_TRIES = 3;

async function someCities(c: Check) {
  const found = await cityQuery(c);
  if (!found) c.skip(NO_CITY);
  return { letter: found.query.q!, cities: found.cities };
}

export function registerCityFilterChecks(): void {
  check('filters/ciudades-q', async (c: Check) => {
    const { letter, cities } = await someCities(c);
    const ref = await refLinks(c, 'ciudades-list', { q: letter }, 'baseline');
    // Longer parts that hold the letter (not first, so a prefix match of them lists other cities) list only
    // cities of these; the first that lists some is the narrower pool the next probe is judged on.
    const parts = cities
      .flatMap(ownStrings)
      .flatMap((v) => innerParts(v))
      .filter((p) => fold(p).includes(letter) && !fold(p).startsWith(letter));
    let pool = { q: letter, strings: scalarsDeep(cities, ref.titles) };
    for (const part of rotated([...new Set(parts)], c.ctx.seed).slice(0, PART_TRIES)) {
      await expectWithin(c, 'ciudades-list', { q: part }, ref.hrefs, `the cities q=${letter} lists`);
      const res = await c.send('ciudades-list', { query: { q: part }, form: 'json' });
      const narrower = res.status === 200 ? listEntries(res.json) : undefined;
      if (narrower && narrower.length > 0) {
        pool = { q: part, strings: scalarsDeep(narrower) };
        break;
      }
    }
    // Every city q=<pool q>… could list is one of the pool's, and none of these holds it anywhere.
    await expectUnheldMatchesNone(c, 'ciudades-list', 'q', pool.strings, {}, pool.q);
  });

  check('filters/ciudades-q-part-of-name', async (c: Check) => {
    const keys = c.ctx.profile.catalogKeys.ciudades ?? {};
    const name = NAME_FIELDS.find((f) => keys[f] !== undefined);
    if (name === undefined) c.skip(`the profile maps none of catalogKeys.ciudades ${NAME_FIELDS.map((f) => `"${f}"`).join(', ')} (the city name)`);
    const fields = [...NAME_FIELDS, 'full name'].filter((f) => keys[f] !== undefined);
    const { cities } = await someCities(c);
    const found = recordWithPart(c, 'ciudades', name, cities);
    if (!found) c.skip('no listed city name has an inner part of three letters');
    const probe = { area: 'ciudades', endpointId: 'ciudades-list', param: 'q', drawnFrom: name, fields } as const;
    await expectPartListed(c, probe, found.part, found.record, cities);
    // Both filters given: the city is still listed (region's own effect is filters/ciudades-region's).
    const region = keyValue(c, 'states', 'id', found.record);
    if (region !== undefined) await expectPartListed(c, { ...probe, base: { region } }, found.part, found.record, []);
  });

  check('filters/ciudades-region', async (c: Check) => {
    if (c.ctx.profile.catalogKeys.states?.id === undefined) c.skip('the profile has no catalogKeys.states.id: where a Ciudad names its region is not shown');
    const { letter, cities } = await someCities(c);
    const city = pick(cities, c.ctx.seed);
    const region = c.givenPresent(
      keyValue(c, 'states', 'id', city),
      `a region id at catalogKeys.states.id of the listed city ${identity(c, 'ciudades', city)}`,
    );
    const { res, entries } = await fullEntries(c, 'ciudades-list', { region });
    const others = entries.map((e) => keyValue(c, 'states', 'id', e)).filter((r) => r !== region);
    c.expect(others.length === 0, `only cities of region ${region}; listed cities of region ${[...new Set(others)].slice(0, 3).join(', ')}`, res);
    const listed = new Set(entries.map((e) => identity(c, 'ciudades', e)));
    const missing = cities.filter((e) => keyValue(c, 'states', 'id', e) === region && !listed.has(identity(c, 'ciudades', e)));
    c.expect(
      missing.length === 0,
      `every city of region ${region}; ${missing.length} known ones missing (${missing
        .map((e) => identity(c, 'ciudades', e))
        .slice(0, 3)
        .join(', ')})`,
      res,
    );
    await expectUnheldMatchesNone(c, 'ciudades-list', 'q', scalarsDeep(entries), { region });
    // q given too: region still narrows ("optional if q is given" makes region optional, not ignorable).
    const both = await fullEntries(c, 'ciudades-list', { region, q: letter });
    const outside = both.entries.map((e) => keyValue(c, 'states', 'id', e)).filter((r) => r !== region);
    c.expect(
      outside.length === 0,
      `with q=${letter} too, only cities of region ${region}; listed cities of region ${[...new Set(outside)].slice(0, 3).join(', ')}`,
      both.res,
    );
  });
}
