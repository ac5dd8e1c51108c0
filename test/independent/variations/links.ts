import type { MutantRequest, MutantResponse } from '../../mutants/exchange.ts';
import { essence, MEDIA_TYPES } from '../../../models/index.ts';
import type { Fault, FaultContext } from '../../mutants/fault.ts';
import { everyValue } from './json-rewrite.ts';
import { both, forwardRewritten, isJsonAnswer, jsonEverywhere, isApi, type Variation } from './variation.ts';

// Where links and Locations point and how they are written: relation names (the spec names none), members
// of a link object beyond href, relative references of every kind RFC 3986 resolves, percent-encoding, the
// letter case of an e-mail's domain.

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every `_links` map rewritten by `edit` (relation name → link object). */
const everyLinks = (edit: (links: Record<string, unknown>) => Record<string, unknown>): Fault =>
  jsonEverywhere((json) => everyValue(json, (k, v) => (k === '_links' && isRecord(v) ? edit(v) : v)));

const hrefs = (json: unknown, edit: (uri: string) => string): unknown =>
  everyValue(json, (k, v) => (k === 'href' && typeof v === 'string' && v.startsWith('/') ? edit(v) : v));

/**
 * Every root-relative href of an answer (in `_links` and reference-form entries) and its Location, rewritten by
 * `edit`; with `deliveries`, the hrefs of webhook payloads and resend bodies too (`edit` then gets no request); with
 * `absolute`, an absolute Location too.
 */
function everyUri(
  edit: (uri: string, req?: MutantRequest) => string,
  options: { location?: boolean; hrefs?: boolean; deliveries?: boolean; absolute?: boolean } = {},
): Fault {
  return {
    response(req: MutantRequest, res: MutantResponse) {
      if (!isApi(req)) return;
      const resend = req.endpoint === 'consultas-resend';
      const location = res.headers.location;
      if (!resend && options.location !== false && (location?.startsWith('/') || (options.absolute && location))) res.headers.location = edit(location, req);
      if (options.hrefs !== false && (!resend || options.deliveries) && isJsonAnswer(req, res)) {
        res.editJson<unknown>((json) => hrefs(json, (uri) => edit(uri, resend ? undefined : req)));
      }
    },
    ...(options.deliveries ? { delivery: async (d, ctx) => void (await forwardRewritten(d, ctx, JSON.stringify(hrefs(d.json(), (uri) => edit(uri))))) } : {}),
  };
}

/**
 * `target` (a root-relative path, maybe with a query) as a path-relative reference from `base` (the request's
 * path), resolved back to `target` by RFC 3986 §5.2: `/v3/agencias/a%40b.example` from `/v3/agencias` is
 * `agencias/a%40b.example`.
 */
export function pathRelative(base: string, target: string): string {
  const from = base.split('/').slice(1, -1);
  const [path = '', query] = target.split(/\?(.*)/s);
  const to = path.split('/').slice(1);
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const rest = to.slice(common).join('/');
  const up = '../'.repeat(from.length - common);
  const relative = up + rest;
  const safe = relative === '' || (up === '' && /^[^/]*:/.test(relative)) ? `./${relative}` : relative;
  return query === undefined ? safe : `${safe}?${query}`;
}

/** Reference-form entries (and a reference-form Consulta) of an answer, each with its title rewritten. */
async function titled(req: MutantRequest, res: MutantResponse, ctx: FaultContext, title: (old: unknown, i: number, full: unknown[]) => unknown): Promise<void> {
  if (res.status !== 200 || essence(res.headers['content-type']) !== MEDIA_TYPES.ref) return;
  const json = res.json();
  const single = isRecord(json) && typeof json.href === 'string';
  const items = Array.isArray(json) ? json : single ? [json] : isRecord(json) && Array.isArray(json._entries) ? json._entries : [];
  // The full form of the same request, for what a title is made of (entries in the same order).
  const full = req.endpoint?.startsWith('consultas-') ? await ctx.upstream('GET', req.url, { app: req.app ?? 'primary', accept: MEDIA_TYPES.json }) : undefined;
  const fullJson = full?.json();
  const records = Array.isArray(fullJson) ? fullJson : isRecord(fullJson) && Array.isArray(fullJson._entries) ? fullJson._entries : [fullJson];
  items.forEach((item, i) => {
    if (isRecord(item)) item.title = title(item.title, i, records);
  });
  res.setJson(json);
}

/** The parts the Consulta's reference title combines, in another order and with other separators. */
function inquiryTitle(record: unknown): string | undefined {
  if (!isRecord(record) || !isRecord(record.Auto) || !isRecord(record.Interesado)) return undefined;
  const { Marca, Modelo, ExternalId } = record.Auto;
  const id = typeof ExternalId === 'string' && ExternalId !== '' ? ` [${ExternalId}]` : ' [catálogo]';
  return `${String(Modelo).toUpperCase()} de ${String(Marca)}${id}, consulta de <${String(record.Interesado.Email)}>`;
}

const RELATIONS: Record<string, string> = { self: 'este', next: 'siguiente', prev: 'anterior', first: 'primera', last: 'ultima' };

export const LINKS: Variation[] = [
  {
    name: 'relations-renamed',
    kind: 'links',
    allows: '_links: "map of relation name to link object" (no relation name is given anywhere)',
    targets: ['reference'],
    fault: everyLinks((links) => Object.fromEntries(Object.entries(links).map(([rel, link]) => [RELATIONS[rel] ?? `rel-${rel}`, link]))),
  },
  {
    // No member of a Consulta names a relation: an empty map is still a map.
    name: 'inquiry-links-empty',
    kind: 'links',
    allows: 'Consulta: "_links | object | map of relation name to link object" (no relation is required)',
    targets: ['reference'],
    fault: jsonEverywhere((json) => everyValue(json, (_k, v) => (isRecord(v) && 'Momento' in v && isRecord(v._links) ? { ...v, _links: {} } : v))),
  },
  {
    name: 'reference-titles-relabelled',
    kind: 'links',
    allows: 'Link object: "title | string | present in reference-form entries; a short human label for the target"',
    targets: ['reference'],
    fault: {
      response: (req, res, ctx) => (req.endpoint?.startsWith('consultas-') ? undefined : titled(req, res, ctx, (old) => `Ficha: ${String(old)}`)),
    },
  },
  {
    name: 'inquiry-titles-reworded',
    kind: 'links',
    allows:
      'Consulta: "a link object whose title combines the buyer e-mail, vehicle make and model, and the external identifier" (order, case and separators: not said)',
    targets: ['reference'],
    fault: {
      response: (req, res, ctx) =>
        req.endpoint === 'consultas-list' || req.endpoint === 'consultas-get'
          ? titled(req, res, ctx, (old, i, full) => inquiryTitle(full[i]) ?? old)
          : undefined,
    },
  },
  {
    name: 'relations-added',
    kind: 'links',
    allows: '_links: "map of relation name to link object"',
    targets: ['reference'],
    fault: everyLinks((links) => ({ ...links, ayuda: { href: '/v3', title: 'Puntos de entrada' }, buscar: { href: '/v3/marcas{?q}', templated: true } })),
  },
  {
    name: 'titles-on-every-link',
    kind: 'links',
    allows: 'Link object: "title | string | present in reference-form entries; a short human label for the target" (not forbidden elsewhere)',
    targets: ['reference'],
    fault: everyLinks((links) =>
      Object.fromEntries(Object.entries(links).map(([rel, link]) => [rel, isRecord(link) && !('title' in link) ? { ...link, title: `vínculo ${rel}` } : link])),
    ),
  },
  {
    // HAL's reading: templated is optional and false by default, so false may be written out.
    name: 'templated-false-written',
    kind: 'links',
    allows: 'Link object: "templated | boolean | present and true when href is a URI template"',
    targets: ['reference'],
    fault: everyLinks((links) =>
      Object.fromEntries(Object.entries(links).map(([rel, link]) => [rel, isRecord(link) && !('templated' in link) ? { ...link, templated: false } : link])),
    ),
  },
  {
    name: 'at-sign-unencoded',
    kind: 'links',
    allows: 'RFC 3986 §3.3: "@" is allowed in a path segment (pchar), so %40 and @ name the same path',
    targets: ['reference'],
    fault: everyUri((uri) => uri.replace(/%40/gi, '@'), { deliveries: true }),
  },
  {
    name: 'percent-encoding-lower-case',
    kind: 'links',
    allows: "RFC 3986 §2.1: \"The uppercase hexadecimal digits 'A' through 'F' are equivalent to the lowercase digits\"",
    targets: ['alt'],
    fault: everyUri((uri) => uri.replace(/%[0-9A-F]{2}/g, (pct) => pct.toLowerCase())),
  },
  {
    name: 'locations-absolute',
    kind: 'links',
    allows: 'POST /v3/agencias: "header Location (URI of the agency)"; RFC 9110 §10.2.2: Location is a URI-reference',
    targets: ['reference'],
    fault: everyUri((uri, req) => `http://${req?.headers.host ?? '127.0.0.1'}${uri}`, { hrefs: false }),
  },
  {
    name: 'locations-path-relative',
    kind: 'links',
    allows: 'RFC 9110 §10.2.2: "If the Location value is a relative reference, the final value is computed by resolving it against the target URI"',
    targets: ['reference', 'alt'],
    fault: everyUri((uri, req) => (req ? pathRelative(req.path, uri) : uri), { hrefs: false }),
  },
  {
    name: 'hrefs-path-relative',
    kind: 'links',
    allows: 'Link object: "href | string | relative URI" (RFC 3986 §4.2: a relative reference, resolved against the document\'s URI)',
    targets: ['reference'],
    fault: everyUri((uri, req) => (req ? pathRelative(req.path, uri) : uri), { location: false }),
  },
  {
    name: 'agency-domain-upper-case',
    kind: 'links',
    allows: 'Endpoints: "the path segment is matched case-insensitively with the name shown"; RFC 5321 §2.4: domain names are case-insensitive',
    targets: ['reference'],
    fault: (() => {
      const upperDomain = (s: string) =>
        s.replace(/(@|%40)([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g, (_m, at: string, domain: string) => `${at}${domain.toUpperCase()}`);
      const members = (json: unknown) => everyValue(json, (k, v) => (k === 'AdminMail' && typeof v === 'string' ? upperDomain(v) : v));
      return both(
        everyUri(upperDomain, { hrefs: false }),
        jsonEverywhere((json) => members(hrefs(json, upperDomain))),
      );
    })(),
  },
  {
    // The independent server's agencies have mixed-case addresses (Ventas@AutosDelSur.com.ar): stored folded.
    name: 'agency-mails-lower-case',
    kind: 'links',
    allows: 'Endpoints: "the path segment is matched case-insensitively with the name shown"',
    targets: ['indep'],
    fault: (() => {
      const lower = (s: string) => s.replace(/[^/?#]+(?:@|%40)[^/?#]+/gi, (mail) => mail.toLowerCase());
      const members = (json: unknown) => everyValue(json, (k, v) => (k === 'AdminMail' && typeof v === 'string' ? v.toLowerCase() : v));
      return both(
        everyUri(lower, { hrefs: false, absolute: true }),
        jsonEverywhere((json) => members(hrefs(json, lower))),
      );
    })(),
  },
];
