import { endpoint, listEntries } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import type { AreaRoles, MemberEvidence } from './catalog-roles.ts';
import { allValues, answered, linked, listOf, ownPart, ownTitles, SAMPLE, same, text, textAt } from './catalog-records.ts';
import { objectBody, type Probe } from './probe.ts';

// What the target does with the value of each member of a catalog record that finds its record again (issue 21:
// roles by behaviour, catalog-roles.ts decides): GET by id, GET on it as a URL, q with a part only it holds, and
// whether it is the record's title. Only GETs, only on this target.

/** A value no record holds: q that lists a record for it does not filter, and tells nothing. */
const NO_SUCH_PART = 'vmpzqxj';
/** GET /v3/ciudades needs region or q: the reference form's titles are read for this one. */
const CITY_QUERY = 'a';

/** What the evidence needs of an area. */
export interface EvidenceSpec {
  roles: AreaRoles;
  depth: 1 | 2;
  /** The list whose q and reference form tell roles, when the area has one. */
  listId?: string;
  /** The GET by id of the area's records, when the spec has one. */
  getId?: string;
  /** A lookup by name (colores: nombre, the "full color name"): whether the value finds the record by it. */
  names?: (p: Probe, value: string, record: unknown) => Promise<boolean>;
}

/** GET on a value as a URL of this target (absolute on its origin, or a path): which, when it answers the record. */
async function urlEvidence(p: Probe, value: string, record: unknown): Promise<MemberEvidence['url']> {
  const base = new URL(p.client.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const absolute = /^https?:\/\//i.test(value);
  if (absolute && !value.startsWith(`${base.origin}/`)) return undefined;
  if (!absolute && !value.startsWith('/')) return undefined;
  const url = new URL(value, base.origin);
  const path = basePath !== '' && url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
  const res = await p.client.send({ method: 'GET', path: `${path}${url.search}`, form: 'json' });
  // Not answered tells nothing: an api-url may name a page that is no resource of this API (a state's).
  if (res.status !== 200 || !same(res.json, record, undefined)) return undefined;
  return absolute ? 'api-url' : 'api-url-path';
}

/** What the target does with each proven member's value (catalog-roles.ts reads it). */
export async function evidence(
  p: Probe,
  spec: EvidenceSpec,
  records: readonly unknown[],
  proven: readonly string[],
  regionPointer?: string,
): Promise<MemberEvidence[]> {
  const sample = records.slice(0, SAMPLE);
  const refTitles = spec.listId && endpoint(spec.listId).success.mediaTypes?.includes('ref') ? await titlesOf(p, spec.listId) : new Set<string>();
  // q filters only if a part no record holds lists none of them.
  const qWorks = spec.roles.qFields !== undefined && spec.listId !== undefined && (await qLists(p, spec, NO_SUCH_PART)) === 0;
  const out: MemberEvidence[] = [];
  for (const pointer of proven) {
    if (p.signal?.aborted) break;
    const values = sample.flatMap((r) => textAt(r, pointer) ?? []);
    const m: MemberEvidence = { pointer, values };
    const record = sample.find((r) => textAt(r, pointer) !== undefined);
    const value = record === undefined ? undefined : textAt(record, pointer)!;
    if (value !== undefined) {
      if (spec.names && (await spec.names(p, value, record))) m.namedByLookup = true;
      // The record's own links naming the value (its URI's last segment, say) is the target saying it is its id.
      const linkedId = spec.depth === 1 && sample.every((r) => linked(r, textAt(r, pointer) ?? '\u0000'));
      if (pointer === regionPointer) m.id = true;
      else if (spec.getId) {
        const got = same(answered(await callEndpoint(p.client, spec.getId, { params: { id: value }, form: 'json' })), record, undefined);
        m.id = got || (linkedId ? 'linked' : false);
      } else if (linkedId) m.id = true;
      const url = await urlEvidence(p, value, record);
      if (url !== undefined) m.url = url;
    }
    m.titled = sample.every((r) => {
      const v = textAt(r, pointer);
      return v !== undefined && (refTitles.has(v) || ownTitles(r).includes(v));
    });
    out.push(m);
  }
  if (qWorks) await qEvidence(p, spec, records, out);
  return out;
}

/**
 * q with a part of a member's value that no other value of its record holds (on the first record that has one: a
 * make named "Toyota" has none besides its codename "toyota"): listed, q matches the member; not listed, it does
 * not. Later rounds leave out the values of members q was shown not to match (a make's codename is part of its
 * api-url: once q is shown to ignore the api-url, a part of both tells the codename).
 */
async function qEvidence(p: Probe, spec: EvidenceSpec, records: readonly unknown[], out: MemberEvidence[]): Promise<void> {
  // Rounds until one tells nothing new: each member q is shown not to match frees the parts it held.
  for (let told = true; told && !p.signal?.aborted; ) {
    told = false;
    for (const m of out) {
      if (m.q !== undefined) continue;
      const ignored = [m.pointer, ...out.filter((o) => o.q === false).map((o) => o.pointer)];
      for (const record of records) {
        const value = textAt(record, m.pointer);
        const part = value === undefined ? undefined : ownPart(value, allValues(record, ignored));
        if (part === undefined) continue;
        m.q = (await qLists(p, spec, part, record)) > 0;
        told = true;
        break;
      }
    }
  }
}

/** The titles of the list's reference-form entries. */
async function titlesOf(p: Probe, listId: string): Promise<Set<string>> {
  const query = listId === 'ciudades-list' ? { q: CITY_QUERY } : undefined;
  const res = await callEndpoint(p.client, listId, { form: 'ref', ...(query ? { query } : {}) });
  return new Set((listEntries(res.json) ?? []).flatMap((e) => text(objectBody(e)?.title) ?? []));
}

/** How many records q=`part` lists; with `record`, 1 when it is among them and 0 when not. */
async function qLists(p: Probe, spec: EvidenceSpec, part: string, record?: unknown): Promise<number> {
  const listed = await listOf(p, spec.listId!, { q: part });
  return record === undefined ? listed.length : Number(listed.some((r) => same(r, record, undefined)));
}
