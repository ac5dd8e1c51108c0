import { keyValue } from '../harness/catalog-keys.ts';
import { check, type Check } from '../harness/check.ts';
import { fullEntries, identity, refLinks } from './listing.ts';
import { expectPartListed, expectQNarrows, recordWithPart } from './text-probes.ts';

// Endpoints > Marcas: q "part of the make name or codename"; soloMercadoNuevos "boolean, default false; when
// true, only makes currently in the new-vehicle market". That true lists a subset is
// catalogo/marcas-solo-mercado-nuevos-narrows; which makes it keeps needs the flag's place in a Marca
// (catalogKeys.marcas["new-vehicle market"]), since record fields are not shown.

const FLAG = 'new-vehicle market';
const sorted = (hrefs: string[]) => [...new Set(hrefs)].sort();

export function registerMakeFilterChecks(): void {
  check('filters/marcas-q', (c) => expectQNarrows(c, 'marcas-list', 'make'));

  check('filters/marcas-q-name-or-codename', async (c: Check) => {
    const keys = c.ctx.profile.catalogKeys.marcas ?? {};
    const fields = ['name', 'codename'].filter((f) => keys[f] !== undefined);
    if (fields.length === 0) c.skip('the profile maps neither catalogKeys.marcas.name nor .codename');
    const { entries } = await fullEntries(c, 'marcas-list');
    const probe = { area: 'marcas', endpointId: 'marcas-list', param: 'q', fields } as const;
    const notes: string[] = [];
    if (keys.name !== undefined) {
      const found = recordWithPart(c, 'marcas', 'name', entries);
      if (found) await expectPartListed(c, { ...probe, drawnFrom: 'name' }, found.part, found.record, entries);
      else notes.push('no make name has an inner part of three letters');
    }
    if (keys.codename !== undefined) {
      // A part of a codename that its make's name lacks: only a match on the codename lists the make.
      const found = recordWithPart(c, 'marcas', 'codename', entries, true, keys.name !== undefined ? 'name' : undefined);
      if (found) await expectPartListed(c, { ...probe, drawnFrom: 'codename' }, found.part, found.record, entries);
      else notes.push("no make's codename has a part its name lacks: matching by codename was not told apart");
    }
    if (notes.length > 0) c.observe(notes.join('; '));
  });

  check('filters/marcas-solo-mercado-nuevos-default-false', async (c: Check) => {
    const absent = await refLinks(c, 'marcas-list');
    const falseList = await refLinks(c, 'marcas-list', { soloMercadoNuevos: 'false' });
    const [a, f] = [sorted(absent.hrefs), sorted(falseList.hrefs)];
    const onlyOne = symmetricDifference(a, f);
    c.expect(
      onlyOne.length === 0,
      `the same makes as without soloMercadoNuevos (${a.length}); got ${f.length}, differing in ${onlyOne.slice(0, 3).join(', ')}`,
      falseList.res,
    );
  });

  check('filters/marcas-solo-mercado-nuevos-flag', async (c: Check) => {
    if (c.ctx.profile.catalogKeys.marcas?.[FLAG] === undefined)
      c.skip(`the profile has no catalogKeys.marcas["${FLAG}"]: which makes are in the new-vehicle market is not shown`);
    const all = await fullEntries(c, 'marcas-list');
    const flagOf = (m: unknown) =>
      c.givenPresent(keyValue(c, 'marcas', FLAG, m), `a value at catalogKeys.marcas["${FLAG}"] of the make ${identity(c, 'marcas', m)}`, all.res);
    const expected = sorted(all.entries.filter((m) => flagOf(m) === 'true').map((m) => identity(c, 'marcas', m)));
    const nuevos = await fullEntries(c, 'marcas-list', { soloMercadoNuevos: 'true' });
    const got = sorted(nuevos.entries.map((m) => identity(c, 'marcas', m)));
    const wrong = symmetricDifference(got, expected);
    c.expect(wrong.length === 0, `the ${expected.length} makes whose flag is true; got ${got.length}, wrong: ${wrong.slice(0, 5).join(', ')}`, nuevos.res);
  });
}

/** What one list holds and the other does not, both ways; in linear time, as a target's lists may be long. */
function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  const [inA, inB] = [new Set(a), new Set(b)];
  return [...a.filter((x) => !inB.has(x)), ...b.filter((x) => !inA.has(x))];
}
