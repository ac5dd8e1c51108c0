import { listEntries, type Endpoint, type ParamSpec } from '../../models/index.ts';
import type { Check } from '../harness/check.ts';
import { cityQuery, keyValue, type CatalogArea } from '../harness/catalog-keys.ts';

// The valid value each invalid-value class is made from (generators/value-classes.ts): one that names
// something the target has — the fixture agency, its operator and inquiry, a catalog record's id, a region —
// so that a target which takes " admin@x", "5.0" or 2^32 + 5 for the valid value answers as for it (200 where
// the row's only refusal is 404). Found once per run, through the requests of the first check that asks; none is
// judged (a read that fails leaves the made-up sample of boundaries.ts).

const CATALOG_GETS: Record<string, { area: CatalogArea; list: string }> = {
  'carrocerias-get': { area: 'carrocerias', list: 'carrocerias-list' },
  'colores-get': { area: 'colores', list: 'colores-list' },
};

const found = new Map<string, Promise<string | undefined>>();

async function firstRecord(c: Check, listId: string): Promise<unknown> {
  const res = await c.send(listId, { form: 'json' });
  return res.status === 200 ? listEntries(res.json)?.[0] : undefined;
}

async function find(c: Check, e: Endpoint, p: ParamSpec): Promise<string | undefined> {
  switch (p.name) {
    case 'adminMail':
      return c.known('agency');
    case 'operador':
      return c.known('operador');
    case 'sid':
      return c.known('inquirySid');
    case 'pagina':
      return '1';
    case 'region':
    case 'id': {
      const catalog = CATALOG_GETS[e.id];
      if (catalog) return keyValue(c, catalog.area, 'id', await firstRecord(c, catalog.list));
      const city = (await cityQuery(c))?.cities[0];
      return p.name === 'region' ? keyValue(c, 'states', 'id', city) : e.id === 'ciudades-get' ? keyValue(c, 'ciudades', 'id', city) : undefined;
    }
    default:
      return undefined;
  }
}

/** The sample of parameter `p` on row `e` for this run, or undefined when the target shows none. */
export function sampleOf(c: Check, e: Endpoint, p: ParamSpec): Promise<string | undefined> {
  const key = `${c.ctx.runId}\u0000${e.id}\u0000${p.name}`;
  let sample = found.get(key);
  if (!sample) {
    sample = find(c, e, p).catch(() => undefined);
    found.set(key, sample);
  }
  return sample;
}
