import { callEndpoint } from '../call.ts';
import { hrefsWithin, templateParams } from '../hrefs.ts';
import type { Probe } from './probe.ts';

// AppWebhooks: "topics available and configured for the app" (its fields are not shown). The topics it lists are
// the names its links lead to (/v3/appnotificaciones/{topic}), else the identifier-like strings of its list
// entries that GET /v3/appnotificaciones/{topic} answers as a topic (200, or 404 "never configured").

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;

/** The arrays of objects in a body (the lists of entries), wherever they sit. */
function entryLists(value: unknown): Record<string, unknown>[][] {
  if (Array.isArray(value)) {
    const objects = value.filter((e): e is Record<string, unknown> => e !== null && typeof e === 'object' && !Array.isArray(e));
    return objects.length > 0 ? [objects] : value.flatMap(entryLists);
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(entryLists);
  return [];
}

/**
 * Per member present in every entry with an identifier as value, distinct across entries: the candidate names
 * (each entry of AppWebhooks is a topic, so such a member names it).
 */
function namingMembers(value: unknown): string[][] {
  return entryLists(value).flatMap((entries) => {
    const keys = Object.keys(entries[0]!).filter((k) => entries.every((e) => typeof e[k] === 'string' && IDENTIFIER.test(e[k] as string)));
    return keys.map((k) => entries.map((e) => e[k] as string)).filter((names) => new Set(names).size === names.length);
  });
}

export async function listedTopics(p: Probe): Promise<{ topics: string[]; how: string } | { why: string }> {
  const res = await callEndpoint(p.client, 'appnotificaciones-list', { form: 'json' });
  if (res.status !== 200) return { why: `GET /v3/appnotificaciones answered ${res.status ?? res.error?.code}` };
  const linked = [...new Set(hrefsWithin(res.json).flatMap((h) => templateParams(h, 'appnotificaciones-get')?.topic ?? []))];
  if (linked.length > 0) return { topics: linked, how: 'the links of GET /v3/appnotificaciones' };
  const candidates = namingMembers(res.json);
  // A member one of whose names GET /v3/appnotificaciones/{topic} reads (200) is the naming one; else the first.
  for (const names of candidates) {
    for (const topic of names.slice(0, 10)) {
      if ((await callEndpoint(p.client, 'appnotificaciones-get', { params: { topic }, form: 'json' })).status === 200) {
        return { topics: names, how: 'the entries of GET /v3/appnotificaciones (a member one of whose names GET /v3/appnotificaciones/{topic} reads)' };
      }
    }
  }
  if (candidates.length > 0) return { topics: candidates[0]!, how: 'the entries of GET /v3/appnotificaciones (the first member naming each entry distinctly)' };
  return { why: 'GET /v3/appnotificaciones names no topic (by link or entry)' };
}
