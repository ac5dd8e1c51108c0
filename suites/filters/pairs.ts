import { keyValue, type CatalogArea } from '../harness/catalog-keys.ts';
import { check, type Check } from '../harness/check.ts';
import { loose } from '../harness/text-match.ts';
import { inquiryPairs } from './inquiry-pairs.ts';
import { fullEntries, identity } from './listing.ts';
import { recordWithPart } from './text-probes.ts';

// Filters combine (issue 28 §2). Endpoints > Colores: q "part of the name", nombre "full color name"; Marcas: q
// "part of the make name or codename", soloMercadoNuevos "when true, only makes currently in the new-vehicle
// market". Each parameter narrows the list by its own condition, so two sent together select what both select:
// the records both single-filter answers list, never those of either alone. Judged against the target's own
// answers to each filter alone (preconditions), with values drawn from the records (catalogKeys name). The inquiry
// list's pairs: inquiry-pairs.ts.

type Query = Record<string, string>;

/** The combined answer lists exactly the records both single answers list (by identity). */
async function expectBoth(c: Check, area: CatalogArea, endpointId: string, a: Query, b: Query): Promise<void> {
  const ids = async (query: Query, role: 'judged' | 'baseline') =>
    new Set((await fullEntries(c, endpointId, query, role)).entries.map((e) => identity(c, area, e)));
  const [first, second] = [await ids(a, 'baseline'), await ids(b, 'baseline')];
  const both = [...first].filter((id) => second.has(id));
  const combined = await fullEntries(c, endpointId, { ...a, ...b }, 'judged');
  const got = combined.entries.map((e) => identity(c, area, e));
  const extra = got.filter((id) => !both.includes(id));
  const missing = both.filter((id) => !got.includes(id));
  const sent = Object.entries({ ...a, ...b })
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' and ');
  c.expect(
    extra.length === 0 && missing.length === 0,
    `${sent} together listing what both select (${both.length} records), not ${extra.length} more and ${missing.length} fewer`,
    combined.res,
  );
}

const nameOf = (c: Check, area: CatalogArea, e: unknown) => keyValue(c, area, 'name', e);

export function registerFilterPairChecks(): void {
  check('filters/pairs-combine', async (c) => {
    const notes: string[] = [];
    if (c.ctx.profile.catalogKeys.colores?.name !== undefined) {
      const { entries } = await fullEntries(c, 'colores-list', {}, 'baseline');
      const found = recordWithPart(c, 'colores', 'name', entries);
      const own = found && nameOf(c, 'colores', found.record);
      if (found && own) {
        await expectBoth(c, 'colores', 'colores-list', { q: found.part }, { nombre: own });
        // A full name that does not hold the part: together they select nothing either selects alone.
        const other = entries.map((e) => nameOf(c, 'colores', e)).find((n) => n !== undefined && !loose(n).includes(loose(found.part)));
        if (other) await expectBoth(c, 'colores', 'colores-list', { q: found.part }, { nombre: other });
      } else notes.push('no colour name has an inner part of three letters');
    } else notes.push('colores q+nombre: the profile has no catalogKeys.colores.name');
    if (c.ctx.profile.catalogKeys.marcas?.name !== undefined) {
      const { entries } = await fullEntries(c, 'marcas-list', {}, 'baseline');
      // A part of the name of a make out of the new-vehicle market where there is one: only then can the pair
      // select fewer than q alone.
      const solo = new Set((await fullEntries(c, 'marcas-list', { soloMercadoNuevos: 'true' }, 'baseline')).entries.map((e) => identity(c, 'marcas', e)));
      const outside = entries.filter((e) => !solo.has(identity(c, 'marcas', e)));
      const found = recordWithPart(c, 'marcas', 'name', outside) ?? recordWithPart(c, 'marcas', 'name', entries);
      if (found) await expectBoth(c, 'marcas', 'marcas-list', { q: found.part }, { soloMercadoNuevos: 'true' });
      else notes.push('no make name has an inner part of three letters');
    } else notes.push('marcas q+soloMercadoNuevos: the profile has no catalogKeys.marcas.name');
    await inquiryPairs(c, notes);
    if (notes.length > 0) c.observe(`pairs not sent: ${notes.join('; ')}`);
  });
}
