import { createHash } from 'node:crypto';
import { ENDPOINTS, MEDIA_TYPES, type MediaForm } from '../../models/index.ts';
import type { Handler } from '../context.ts';
import type { LinkObject } from '../links.ts';
import { empty, type Reply } from '../reply.ts';

// Endpoints > Home: "200 EntryPoints ...; header ETag (string)" and "304 (no body)". EntryPoints links every
// GET row by its catalog id (templated where the path has {param}). The ETag is strong and differs per media
// type; the profile's conditionalRequestHeader (If-None-Match) carrying it, or *, answers 304.

function entryPoints(): Record<string, unknown> {
  const links: Record<string, LinkObject> = {};
  for (const e of ENDPOINTS) {
    if (e.method !== 'GET') continue;
    links[e.id === 'home' ? 'self' : e.id] = /\{\w+\}/.test(e.path) ? { href: e.path, templated: true } : { href: e.path };
  }
  return { Nombre: 'Vehicle Marketplace Partner API', Version: 'v3', _links: links };
}

const BODY = JSON.stringify(entryPoints());
const etagOf = (form: MediaForm) => `"${createHash('sha256').update(`${MEDIA_TYPES[form]}\n${BODY}`).digest('base64url').slice(0, 27)}"`;
const ETAGS = new Map<MediaForm, string>();

/** If-None-Match semantics: a comma-separated list of entity tags (weak comparison) or *. */
function matches(header: string, etag: string): boolean {
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

export function homeHandler(conditionalHeader: string): Handler {
  const name = conditionalHeader.toLowerCase();
  return (ctx): Reply => {
    const form = ctx.form ?? 'json';
    let etag = ETAGS.get(form);
    if (!etag) ETAGS.set(form, (etag = etagOf(form)));
    const condition = ctx.headers[name];
    const value = Array.isArray(condition) ? condition.join(',') : condition;
    if (value !== undefined && matches(value, etag)) return empty(304, { ETag: etag });
    return { status: 200, contentType: MEDIA_TYPES[form], body: BODY, headers: { ETag: etag } };
  };
}
