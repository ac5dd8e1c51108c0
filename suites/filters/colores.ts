import { keyValue } from '../harness/catalog-keys.ts';
import { check, type Check } from '../harness/check.ts';
import { leadingPart, loose, ownStrings } from '../harness/text-match.ts';
import { rotated, sampleIndices } from '../harness/sample.ts';
import { expectNone, fullEntries, identity, listing } from './listing.ts';
import { expectUnheldMatchesNone, expectPartListed, expectQNarrows, recordWithPart } from './text-probes.ts';

// Endpoints > Colores: q "part of the name", nombre "full color name". Without the profile: a value no colour
// holds in any of its values, or equal to none of them, lists none. With catalogKeys.colores.name: a part
// of a name lists that colour, and a full name lists the colours of that name only.

/** nombre probes of each kind: strict parts of values, and full names. */
const NOMBRE_PROBES = 3;
const FULL_NAMES = 2;

function nameField(c: Check): string {
  if (c.ctx.profile.catalogKeys.colores?.name === undefined) c.skip('the profile has no catalogKeys.colores.name: where a Color names itself is not shown');
  return 'name';
}

export function registerColorFilterChecks(): void {
  check('filters/colores-q', (c) => expectQNarrows(c, 'colores-list', 'colour'));

  check('filters/colores-q-part-of-name', async (c: Check) => {
    const name = nameField(c);
    const { entries } = await fullEntries(c, 'colores-list');
    const found = recordWithPart(c, 'colores', name, entries);
    if (!found) c.skip('no colour name has an inner part of three letters');
    await expectPartListed(c, { area: 'colores', endpointId: 'colores-list', param: 'q', drawnFrom: name, fields: [name] }, found.part, found.record, entries);
  });

  check('filters/colores-nombre', async (c: Check) => {
    const all = await listing(c, 'colores-list');
    if (all.entries.length === 0) c.skip('the colour list is empty');
    await expectUnheldMatchesNone(c, 'colores-list', 'nombre', all.strings);
    // A strict part of a colour's value that is itself no value of any colour (so no colour's full name):
    // a "part of" match would list the colour.
    const values = new Set(all.strings.map(loose));
    const parts = rotated(all.entries, c.ctx.seed)
      .flatMap(ownStrings)
      // Words of a name first: the first word of "Gris Plata" is the probe a careless match fails on.
      .sort((a, b) => Number(/\s/.test(b)) - Number(/\s/.test(a)))
      .flatMap((v) => leadingPart(v) ?? [])
      .filter((p) => !values.has(loose(p)));
    for (const part of [...new Set(parts)].slice(0, NOMBRE_PROBES)) {
      await expectNone(c, 'colores-list', { nombre: part }, `"${part}" is a strict part of a colour's value, and no colour's value`);
    }
  });

  check('filters/colores-nombre-full-name', async (c: Check) => {
    const name = nameField(c);
    const { entries } = await fullEntries(c, 'colores-list');
    const named = entries.filter((e) => keyValue(c, 'colores', name, e));
    if (named.length === 0) c.skip('no listed colour has a value at catalogKeys.colores.name');
    for (const i of sampleIndices(named.length, FULL_NAMES, c.ctx.seed)) {
      const nombre = keyValue(c, 'colores', name, named[i])!;
      const { res, entries: found } = await fullEntries(c, 'colores-list', { nombre });
      const id = identity(c, 'colores', named[i]);
      c.expect(
        found.some((e) => identity(c, 'colores', e) === id),
        `the colour ${id}, whose full name is "${nombre}"`,
        res,
      );
      const others = found.map((e) => keyValue(c, 'colores', name, e)).filter((n) => n === undefined || loose(n) !== loose(nombre));
      c.expect(others.length === 0, `only colours named "${nombre}"; listed ${JSON.stringify(others.slice(0, 3))}`, res);
    }
  });
}
