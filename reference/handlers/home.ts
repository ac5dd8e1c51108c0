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
    // Stryker disable next-line ConditionalExpression,EqualityOperator: Entities: "EntryPoints. … Fields of these: not shown." (which rows it links)
    if (e.method !== 'GET') continue;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: Entities: "EntryPoints. … Fields of these: not shown." (the relation names of its links)
    links[e.id === 'home' ? 'self' : e.id] = /\{\w+\}/.test(e.path) ? { href: e.path, templated: true } : { href: e.path };
  }
  // Stryker disable next-line StringLiteral: Entities: "EntryPoints. … Fields of these: not shown."
  return { Nombre: 'Vehicle Marketplace Partner API', Version: 'v3', _links: links };
}

const BODY = JSON.stringify(entryPoints());
// Stryker disable next-line StringLiteral: Home: "header ETag (string)": whether the tag tells the forms apart is the server's (each form's 304 is judged with its own tag)
const validated = (form: MediaForm) => `${MEDIA_TYPES[form]}\n${BODY}`;
// Stryker disable next-line MethodExpression: Home: "header ETag (string)" (its length and encoding are the server's)
const etagOf = (form: MediaForm) => `"${createHash('sha256').update(validated(form)).digest('base64url').slice(0, 27)}"`;
const ETAGS = new Map<MediaForm, string>();

/** If-None-Match semantics: a comma-separated list of entity tags (weak comparison) or *. */
function matches(header: string, etag: string): boolean {
  // Stryker disable next-line MethodExpression: Home: "The request header that triggers 304: not shown." (its list syntax and weak comparison are the profile's)
  return header.split(',').some((t) => {
    // Stryker disable next-line MethodExpression: Home: "The request header that triggers 304: not shown." (its list syntax and weak comparison are the profile's)
    const tag = t.trim();
    // Stryker disable next-line ConditionalExpression,StringLiteral,BooleanLiteral: Home: "The request header that triggers 304: not shown." (whether * matches is the profile's)
    if (tag === '*') return true;
    // Stryker disable next-line Regex,StringLiteral: Home: "The request header that triggers 304: not shown." (its list syntax and weak comparison are the profile's)
    return tag.replace(/^W\//, '') === etag;
  });
}

export function homeHandler(conditionalHeader: string): Handler {
  const name = conditionalHeader.toLowerCase();
  return (ctx): Reply => {
    const form = ctx.form ?? 'json';
    let etag = ETAGS.get(form);
    // Stryker disable next-line ConditionalExpression: equivalent: the tag is the same computed once or on every request
    if (!etag) ETAGS.set(form, (etag = etagOf(form)));
    // Node joins a repeated request header into one value (set-cookie aside), so it is a string or absent.
    const value = ctx.headers[name];
    // Stryker disable next-line ObjectLiteral: Home: "304 (no body)": the row names the ETag header on its 200 only
    if (typeof value === 'string' && matches(value, etag)) return empty(304, { ETag: etag });
    return { status: 200, contentType: MEDIA_TYPES[form], body: BODY, headers: { ETag: etag } };
  };
}
