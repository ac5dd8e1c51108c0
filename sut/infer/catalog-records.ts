import { listEntries } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import type { TargetResponse } from '../client.ts';
import { hrefsWithin, lastSegment } from '../hrefs.ts';
import { memberPointer, resolvePointer } from '../json-pointer.ts';
import { objectBody, type Probe } from './probe.ts';

// Catalog records as inferring reads them (catalog-keys.ts): their scalar members as JSON pointers, their values,
// their own links, and whether two answers are the same record. Record fields are not shown (Resources > Other
// resources), so nothing here knows a member by its name.

export const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
export const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

/** Whether the record's own links name `value`: as the last segment of an href, or a value of its query. */
export function linked(record: unknown, value: string): boolean {
  return hrefsWithin(objectBody(record)?._links).some(
    (href) => lastSegment(href) === value || [...new URLSearchParams(href.split('?')[1] ?? '').values()].includes(value),
  );
}

/** The titles of the record's own links. */
export const ownTitles = (record: unknown): string[] =>
  Object.values(objectBody(objectBody(record)?._links) ?? {}).flatMap((l) => text(objectBody(l)?.title) ?? []);

/** Scalar members of a record (links left out), as pointers; `depth` 2 for the members of its objects. */
export function members(record: unknown, depth: 1 | 2): string[] {
  const body = objectBody(record);
  if (!body) return [];
  return Object.entries(body).flatMap(([k, v]) => {
    if (k === '_links') return [];
    if (depth === 2) return objectBody(v) ? members(v, 1).map((m) => `${memberPointer(k)}${m}`) : [];
    return text(v) !== undefined && typeof v !== 'boolean' ? [memberPointer(k)] : [];
  });
}

/** Every scalar value of a record, however deep (links and the members at `ignored` left out). */
export function allValues(record: unknown, ignored: readonly string[] = [], at = ''): string[] {
  if (ignored.includes(at)) return [];
  if (Array.isArray(record)) return record.flatMap((v, i) => allValues(v, ignored, `${at}/${i}`));
  const body = objectBody(record);
  if (!body) return text(record) !== undefined ? [text(record)!] : [];
  return Object.entries(body).flatMap(([k, v]) => (k === '_links' ? [] : allValues(v, ignored, `${at}${memberPointer(k)}`)));
}

export const textAt = (record: unknown, pointer: string) => text(resolvePointer(record, pointer));

/** Records sampled per question: enough to tell a pattern from a coincidence, few enough to stay fast. */
export const SAMPLE = 3;

/** Records on which the member's value differs from every other candidate's (only that member can match it). */
export function distinctRecords(records: readonly unknown[], pointer: string, all: readonly string[]): unknown[] {
  const distinct = records.filter((r) => {
    const v = textAt(r, pointer);
    return v !== undefined && v !== '' && all.every((o) => o === pointer || fold(textAt(r, o) ?? '') !== fold(v));
  });
  return distinct.slice(0, SAMPLE);
}

/** Whether two records are the same: the same value at the id pointer, or equal outside their links. */
export function same(a: unknown, b: unknown, id: string | undefined): boolean {
  if (id !== undefined) return textAt(a, id) !== undefined && textAt(a, id) === textAt(b, id);
  const strip = (r: unknown) => JSON.stringify(r, (k, v: unknown) => (k === '_links' ? undefined : v));
  return strip(a) === strip(b);
}

/** A part of `value` (3 to 6 characters) that none of `others` (the record's other values) holds: only a match on it finds the record. */
export function ownPart(value: string, others: readonly string[]): string | undefined {
  const held = others.map(fold);
  const chars = [...value];
  for (let length = 3; length <= Math.min(6, chars.length); length++)
    for (let i = 0; i + length <= chars.length; i++) {
      const part = chars.slice(i, i + length).join('');
      if (part.trim() === part && !held.some((o) => o.includes(fold(part)))) return part;
    }
  return undefined;
}

export const listOf = async (p: Probe, endpointId: string, query?: Record<string, string>): Promise<unknown[]> =>
  listEntries((await callEndpoint(p.client, endpointId, { form: 'json', ...(query ? { query } : {}) })).json) ?? [];
export const answered = (res: TargetResponse): unknown => (res.status === 200 ? res.json : undefined);
