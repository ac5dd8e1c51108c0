import { keyValue, type CatalogArea } from '../harness/catalog-keys.ts';
import type { Check } from '../harness/check.ts';
import { fold, heldByNone, holdsLoosely, innerParts, ownStrings } from '../harness/text-match.ts';
import { pick, rotated } from '../harness/sample.ts';
import { expectNone, fullEntries, hrefsOutside, identity, listing } from './listing.ts';

// Probes of a text filter (q "part of" a name, nombre a "full color name"): values that must match nothing,
// answers that must stay within a known list, and parts of a record's own value that must list it.

type Query = Record<string, string>;

/**
 * A `param` no listed record holds in any of its values (`prefix`, when the records are those a part of it
 * lists, then a rare letter thrice) matches nothing: every record it could match would be among them.
 */
export async function expectUnheldMatchesNone(
  c: Check,
  endpointId: string,
  param: string,
  strings: readonly string[],
  base: Query = {},
  prefix = '',
): Promise<void> {
  const value = heldByNone(strings, prefix);
  if (value === undefined) c.skip(`every value tried is part of some listed record: no ${param} is sure to match nothing`);
  await expectNone(c, endpointId, { ...base, [param]: value }, `no value of any listed record holds "${value}"`);
}

/** The answer to `query` lists only records whose href is in `allowed` (a 400 counts as none). */
export async function expectWithin(c: Check, endpointId: string, query: Query, allowed: readonly string[], what: string): Promise<void> {
  const out = await hrefsOutside(c, endpointId, query, allowed);
  if (out) c.expect(out.extra.length === 0, `only records of ${what}; not in it: ${out.extra.slice(0, 3).join(', ')}`, out.res);
}

/** q (without the profile): within the unfiltered list, and nothing for a value no record holds. */
export async function expectQNarrows(c: Check, endpointId: string, what: string): Promise<void> {
  const all = await listing(c, endpointId);
  if (all.entries.length === 0) c.skip(`the ${what} list is empty`);
  await expectUnheldMatchesNone(c, endpointId, 'q', all.strings);
  const part = pick(
    all.entries.flatMap(ownStrings).flatMap((v) => innerParts(v)),
    c.ctx.seed,
  );
  if (part !== undefined) await expectWithin(c, endpointId, { q: part }, all.hrefs, `the unfiltered ${what} list`);
}

export interface PartProbe {
  area: CatalogArea;
  endpointId: string;
  param: string;
  base?: Query;
  /** The catalogKeys field the part was drawn from: every record of the pool that holds it there as written is listed. */
  drawnFrom: string;
  /** The catalogKeys fields one of which must hold the part (loosely) in every listed record. */
  fields: readonly string[];
}

/** A record of `records` (seed order) with an inner part of its value at catalogKeys `field`, and that part. */
export function recordWithPart(c: Check, area: CatalogArea, field: string, records: readonly unknown[], punctuation = false, lacking?: string) {
  for (const record of rotated(records, c.ctx.seed)) {
    const value = keyValue(c, area, field, record);
    const other = lacking === undefined ? undefined : keyValue(c, area, lacking, record);
    const folded = other === undefined ? undefined : fold(other);
    const part = innerParts(value ?? '', { punctuation }).find((p) => folded === undefined || !folded.includes(fold(p)));
    if (part !== undefined) return { record, part };
  }
  return undefined;
}

const pointers = (probe: PartProbe, fields: readonly string[]) => fields.map((f) => `catalogKeys.${probe.area}["${f}"]`).join(' or ');

/**
 * `param` set to `part` of `record`'s own value lists that record; every listed record holds the part in one
 * of the probe's fields; and every record of `pool` that holds it, as written, where it was drawn from is listed.
 */
export async function expectPartListed(c: Check, probe: PartProbe, part: string, record: unknown, pool: readonly unknown[]): Promise<void> {
  const { res, entries } = await fullEntries(c, probe.endpointId, { ...probe.base, [probe.param]: part });
  const listed = new Set(entries.map((e) => identity(c, probe.area, e)));
  const id = identity(c, probe.area, record);
  c.expect(
    listed.has(id),
    `the record ${id}, whose ${pointers(probe, [probe.drawnFrom])} ${JSON.stringify(keyValue(c, probe.area, probe.drawnFrom, record))} holds "${part}"`,
    res,
  );
  for (const entry of entries) {
    const values = probe.fields.map((f) => keyValue(c, probe.area, f, entry));
    c.expect(
      values.some((v) => holdsLoosely(v, part)),
      `only records whose ${pointers(probe, probe.fields)} holds "${part}"; listed one with ${JSON.stringify(values)}`,
      res,
    );
  }
  const missing = pool.filter((r) => keyValue(c, probe.area, probe.drawnFrom, r)?.includes(part) && !listed.has(identity(c, probe.area, r)));
  const example = missing.map((r) => keyValue(c, probe.area, probe.drawnFrom, r)).slice(0, 3);
  c.expect(
    missing.length === 0,
    `every record whose ${pointers(probe, [probe.drawnFrom])} holds "${part}"; ${missing.length} missing: ${JSON.stringify(example)}`,
    res,
  );
}
