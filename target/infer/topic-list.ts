import { callEndpoint } from '../call.ts';
import { hrefsWithin, templateParams } from '../hrefs.ts';
import type { Probe } from './probe.ts';

// AppWebhooks: "topics available and configured for the app" (its fields are not shown). The topics it lists are
// the names its links lead to (/v3/appnotificaciones/{topic}), else the identifier-like strings of its list
// entries that GET /v3/appnotificaciones/{topic} answers as a topic (200, or 404 "never configured").

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;

/** Strings that sit in arrays of objects (entries of a list), one level of members deep. */
function entryStrings(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((e) => (e && typeof e === 'object' && !Array.isArray(e) ? Object.values(e).filter((v): v is string => typeof v === 'string') : entryStrings(e)));
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(entryStrings);
  return [];
}

export async function listedTopics(p: Probe): Promise<{ topics: string[]; how: string } | { why: string }> {
  const res = await callEndpoint(p.client, 'appnotificaciones-list', { form: 'json' });
  if (res.status !== 200) return { why: `GET /v3/appnotificaciones answered ${res.status ?? res.error?.code}` };
  const linked = [...new Set(hrefsWithin(res.json).flatMap((h) => templateParams(h, 'appnotificaciones-get')?.topic ?? []))];
  if (linked.length > 0) return { topics: linked, how: 'the links of GET /v3/appnotificaciones' };
  const named: string[] = [];
  for (const name of [...new Set(entryStrings(res.json))].filter((s) => IDENTIFIER.test(s)).slice(0, 20)) {
    const got = await callEndpoint(p.client, 'appnotificaciones-get', { params: { topic: name }, form: 'json' });
    if (got.status === 200) named.push(name);
  }
  if (named.length > 0) return { topics: named, how: 'the entries of GET /v3/appnotificaciones that GET /v3/appnotificaciones/{topic} reads' };
  return { why: 'GET /v3/appnotificaciones names no topic (by link or entry)' };
}
