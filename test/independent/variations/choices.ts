import { createHash } from 'node:crypto';
import { addDays, essence, isCalendarDate, MEDIA_TYPES, todayIn } from '../../../models/index.ts';
import { resolvePointer } from '../../../sut/json-pointer.ts';
import type { Profile } from '../../../sut/profile.ts';
import { scalarText } from '../../../sut/catalog-values.ts';
import { empty, problem, type MutantRequest, type MutantResponse } from '../../mutants/exchange.ts';
import type { Fault, FaultContext } from '../../mutants/fault.ts';
import { everyValue } from './json-rewrite.ts';
import { isApi, type Variation } from './variation.ts';

// Choices the spec leaves to the server: the order of lists, the default inquiry period, the default media
// form, how text filters match, what marcas bestmatch answers when nothing matches, how an entity tag is
// written, and the profile's own choices (page size, time zone, resend bound) on the reference server.

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Rows answering a list (or a document holding lists) whose order the spec does not give. */
const UNORDERED = ['agencias-list', 'appnotificaciones-list', 'carrocerias-list', 'ciudades-list', 'colores-list', 'marcas-list'];

/** The media form asked for by default: an Accept header only where the request has none (or any type). */
const defaultAccept = (accept: string): Fault => ({
  request(req) {
    const asked = req.headers.accept?.trim();
    if (req.endpoint && (asked === undefined || asked === '' || asked === '*/*')) req.headers.accept = accept;
  },
});

/** Which record field each text filter reads (profiles/reference.json's catalogKeys), for the full form. */
const TEXT_FILTERS: Record<string, { param: string; fields: string[]; whole?: boolean }[]> = {
  'colores-list': [
    { param: 'q', fields: ['Nombre'] },
    { param: 'nombre', fields: ['Nombre'], whole: true },
  ],
  'marcas-list': [{ param: 'q', fields: ['Nombre', 'Codename'] }],
  'ciudades-list': [{ param: 'q', fields: ['Nombre'] }],
};

/** The entries of a list answer: a bare array, or `_entries`. */
const entries = (json: unknown): unknown[] | undefined =>
  Array.isArray(json) ? json : isRecord(json) && Array.isArray(json._entries) ? json._entries : undefined;

/**
 * A list filtered by `q`/`nombre` heeding case and accents (a plain substring, or the whole value for a full
 * name): the reference's answer narrowed to the records whose field holds the value exactly as written.
 */
async function caseSensitive(req: MutantRequest, res: MutantResponse, ctx: FaultContext): Promise<void> {
  const filters = (TEXT_FILTERS[req.endpoint ?? ''] ?? []).filter((f) => req.query.get(f.param) !== null);
  if (res.status !== 200 || filters.length === 0) return;
  const json = res.json();
  const listed = entries(json);
  if (!listed) return;
  // The full form of the same list tells each entry's fields (a reference-form entry is only href and title).
  const full = await ctx.upstream('GET', req.url, { app: req.app ?? 'primary', accept: MEDIA_TYPES.json });
  const records = entries(full.json()) ?? [];
  const hrefOf = (r: unknown): string | undefined => {
    const links = isRecord(r) ? r._links : undefined;
    const self = isRecord(links) ? links.self : undefined;
    return isRecord(r) && typeof r.href === 'string' ? r.href : isRecord(self) && typeof self.href === 'string' ? self.href : undefined;
  };
  const byHref = new Map(records.map((r) => [hrefOf(r), r]));
  const keeps = (entry: unknown): boolean => {
    const record = byHref.get(hrefOf(entry));
    if (!isRecord(record)) return true;
    return filters.every((f) => {
      const value = req.query.get(f.param)!;
      return f.fields.some((field) => typeof record[field] === 'string' && (f.whole ? record[field] === value : (record[field] as string).includes(value)));
    });
  };
  const kept = listed.filter(keeps);
  res.setJson(Array.isArray(json) ? kept : { ...(json as Record<string, unknown>), _entries: kept });
}

/** The entity tag written otherwise (the same tag for the same representation), and read back. */
function retagged(weak: boolean): Fault {
  const tag = (etag: string): string => (weak ? `W/${etag}` : `"v-${createHash('sha256').update(etag).digest('base64url').slice(0, 16)}"`);
  return {
    request(req, ctx) {
      const header = ctx.profile.conditionalRequestHeader?.toLowerCase();
      const sent = header ? req.headers[header] : undefined;
      if (weak || !header || sent === undefined) return;
      const known = (ctx.memory.get('tags') as Map<string, string> | undefined) ?? new Map<string, string>();
      req.headers[header] = sent.replace(/"[^"]*"/g, (t) => known.get(t) ?? t);
    },
    response(req, res, ctx) {
      const etag = res.headers.etag;
      if (!isApi(req) || etag === undefined) return;
      res.headers.etag = tag(etag);
      const known = (ctx.memory.get('tags') as Map<string, string> | undefined) ?? new Map<string, string>();
      known.set(res.headers.etag, etag);
      ctx.memory.set('tags', known);
    },
  };
}

/** Text compared as "exactly" most servers mean it: case, accents and surrounding white space aside. */
const folded = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** A make that matches none answered with the first make of the list, as bestmatch answers it (its form kept). */
async function nearestMake(req: MutantRequest, res: MutantResponse, ctx: FaultContext): Promise<void> {
  if (req.endpoint !== 'marcas-bestmatch' || res.status !== 404) return;
  const first = entries((await ctx.upstream('GET', '/v3/marcas', { accept: MEDIA_TYPES.json })).json())?.[0];
  const name = isRecord(first) ? first.Nombre : undefined;
  if (typeof name !== 'string') return;
  const near = await ctx.upstream('GET', `/v3/marcas/bestmatch?make=${encodeURIComponent(name)}`, {
    ...(req.headers.accept ? { accept: req.headers.accept } : {}),
  });
  Object.assign(res, { status: near.status, headers: near.headers, body: near.body });
}

/** App other's requests on the inquiry topic, as for a topic not available to it: POST 403, the others 404. */
function unavailableToOther(req: MutantRequest, ctx: FaultContext): MutantResponse | undefined {
  if (req.app !== 'other' || !req.endpoint?.startsWith('appnotificaciones-') || req.param('topic') !== ctx.profile.topics.inquiry) return undefined;
  return req.endpoint === 'appnotificaciones-post' ? problem(req, 403, { _: ['tópico no disponible para la aplicación'] }) : empty(404);
}

/** App other's AppWebhooks without the inquiry topic (entries naming it by a link, or by a member). */
function unlistedForOther(req: MutantRequest, res: MutantResponse, ctx: FaultContext): void {
  if (req.app !== 'other' || req.endpoint !== 'appnotificaciones-list' || res.status !== 200) return;
  const topic = ctx.profile.topics.inquiry;
  const names = (e: unknown) => JSON.stringify(e).includes(encodeURIComponent(topic)) || JSON.stringify(e).includes(`"${topic}"`);
  res.editJson<unknown>((json) => {
    if (Array.isArray(json)) return json.filter((e) => !names(e));
    if (isRecord(json) && Array.isArray(json._entries)) return { ...json, _entries: json._entries.filter((e) => !names(e)) };
    return json;
  });
}

/** Which bestmatch parameter is matched against which catalogKeys area (ciudades' city may match part of a name). */
const EXACT: Record<string, { param: string; area: keyof Profile['catalogKeys']; refusal: number }> = {
  'carrocerias-bestmatch': { param: 'bodystyle', area: 'carrocerias', refusal: 400 },
  'marcas-bestmatch': { param: 'make', area: 'marcas', refusal: 404 },
  'ciudades-bestmatch': { param: 'state', area: 'states', refusal: 400 },
};

/**
 * bestmatch without partial matches: a record is the match only when one of its listed fields equals the value;
 * otherwise the row's refusal (400 keyed by the parameter; marcas, whose other answers are not shown, 404).
 */
async function exactOnly(req: MutantRequest, res: MutantResponse, ctx: FaultContext): Promise<void> {
  const rule = EXACT[req.endpoint ?? ''];
  const value = rule ? req.query.get(rule.param) : null;
  const keys = rule ? ctx.profile.catalogKeys[rule.area] : undefined;
  if (!rule || value === null || !keys || res.status !== 200) return;
  const record =
    essence(res.headers['content-type']) === MEDIA_TYPES.ref ? (await ctx.upstream('GET', req.url, { app: req.app ?? 'primary' })).json() : res.json();
  const fields = Object.values(keys).map((pointer) => scalarText(resolvePointer(record, pointer)));
  if (fields.some((f) => f !== undefined && folded(f) === folded(value))) return;
  Object.assign(res, rule.refusal === 404 ? empty(404) : problem(req, 400, { [rule.param]: ['sin coincidencia exacta'] }));
}

/** An unknown region is a value that failed validation, not a region without cities. */
async function unknownRegion(req: MutantRequest, res: MutantResponse, ctx: FaultContext): Promise<void> {
  const region = req.query.get('region');
  if (req.endpoint !== 'ciudades-list' || region === null || res.status !== 200 || (entries(res.json()) ?? [1]).length > 0) return;
  const alone = await ctx.upstream('GET', `/v3/ciudades?region=${encodeURIComponent(region)}`, { app: req.app ?? 'primary' });
  if ((entries(alone.json()) ?? [1]).length === 0) Object.assign(res, problem(req, 400, { region: ['región desconocida'] }));
}

export const CHOICES: Variation[] = [
  {
    // Issue 28 §4: a profile that does not know where the Consulta sits in a payload (null): the checks look for
    // it in each payload, never read the whole payload for it silently.
    name: 'consulta-pointer-not-known',
    kind: 'profile',
    allows: 'Events: "Delivery payloads (other than being the inquiry webhook payload on resend), headers, signing and retry behavior: not shown"',
    targets: ['indep', 'reference'],
    profile: (p) => ({ ...p, webhooks: { ...p.webhooks, consultaPointer: null } }),
    fault: {},
  },
  {
    name: 'lists-reversed',
    kind: 'lists',
    allows: 'Endpoints: "200 list of …" (no order is given for any list but the inquiry pages\' paging)',
    targets: ['reference', 'sur'],
    fault: {
      response(req, res) {
        if (res.status === 200 && UNORDERED.includes(req.endpoint ?? ''))
          res.editJson<unknown>((json) => everyValue(json, (_k, v) => (Array.isArray(v) ? [...v].reverse() : v)));
      },
    },
  },
  {
    name: 'default-period-one-week',
    kind: 'lists',
    allows: 'Endpoints > Consultas: "desde (date; first day of reception; minimum is today minus 90 days)" (its default is not given)',
    targets: ['reference'],
    fault: {
      request(req, ctx) {
        if (req.endpoint !== 'consultas-list' || req.query.has('desde')) return;
        const weekAgo = addDays(todayIn(ctx.profile.timeZone), -7);
        const hasta = req.query.get('hasta');
        req.query.set('desde', hasta !== null && isCalendarDate(hasta) && hasta < weekAgo ? hasta : weekAgo);
      },
    },
  },
  {
    name: 'default-form-text-json',
    kind: 'media',
    allows: 'Endpoints > Consultas: "How a caller chooses among the media types of a response (for example by an Accept header): not shown"',
    targets: ['reference'],
    fault: defaultAccept(MEDIA_TYPES.textJson),
  },
  {
    name: 'default-form-reference-where-offered',
    kind: 'media',
    allows: 'Endpoints > Consultas: "How a caller chooses among the media types of a response …: not shown"',
    targets: ['reference'],
    fault: defaultAccept(`${MEDIA_TYPES.ref}, ${MEDIA_TYPES.entry};q=0.5, */*;q=0.1`),
  },
  {
    name: 'text-filters-heed-case-and-accents',
    kind: 'lists',
    allows:
      'Endpoints: "q (string; part of the name)", "nombre (string; full color name)", "q (string; part of the make name or codename)" (case and accents: not said)',
    targets: ['reference'],
    fault: { response: caseSensitive },
  },
  // Issue 28 §3: what a make that matches none gets is the profile's marcasNoMatch (models/no-match.ts).
  {
    name: 'marcas-bestmatch-none-400',
    kind: 'statuses',
    allows: 'GET /v3/marcas/bestmatch: "responses beyond 200 for this path: not shown"',
    targets: ['reference', 'indep'],
    profile: (p) => ({ ...p, marcasNoMatch: 'invalid' }),
    fault: {
      response(req, res) {
        if (req.endpoint === 'marcas-bestmatch' && res.status === 404) Object.assign(res, problem(req, 400, { make: ['ninguna marca coincide'] }));
      },
    },
  },
  {
    name: 'marcas-bestmatch-none-nearest',
    kind: 'statuses',
    allows:
      'GET /v3/marcas/bestmatch: "responses beyond 200 for this path: not shown"; "The bestmatch lookup resolves the caller\'s own … values to the service\'s registered ones"',
    targets: ['reference'],
    profile: (p) => ({ ...p, marcasNoMatch: 'nearest' }),
    fault: { response: nearestMake },
  },
  // Issue 28 §3: how a body labelled with another media type is refused is the profile's bodyTypeRefusal.
  {
    name: 'body-other-type-400',
    kind: 'statuses',
    allows: 'Endpoints: "body AppWebhookUpsert (json or text/json)" (a body of another type: not shown); "400 | validation failed"',
    targets: ['reference'],
    profile: (p) => ({ ...p, bodyTypeRefusal: 'invalid' }),
    fault: {
      response(req, res) {
        if (isApi(req) && res.status === 415) Object.assign(res, problem(req, 400, { _: ['el cuerpo debe ser application/json o text/json'] }));
      },
    },
  },
  {
    name: 'body-other-type-415',
    kind: 'statuses',
    allows: 'Endpoints: "body AppWebhookUpsert (json or text/json)" (a body of another type: not shown); RFC 9110 15.5.16 415 Unsupported Media Type',
    targets: ['indep'],
    profile: (p) => ({ ...p, bodyTypeRefusal: 'unsupported-media-type' }),
    fault: {
      response(req, res) {
        const type = essence(req.headers['content-type']);
        if (isApi(req) && type !== '' && type !== MEDIA_TYPES.json && type !== MEDIA_TYPES.textJson && res.status === 400) Object.assign(res, empty(415));
      },
    },
  },
  // Issue 28 §3: a resend accepted without a callback: its Location, or none, is the profile's.
  {
    name: 'resend-without-callback-no-location',
    kind: 'statuses',
    allows: 'Endpoints > Consultas: "202 with header Location (URI of the webhook callback)" (with no callback configured there is none to name)',
    targets: ['reference'],
    profile: (p) => ({ ...p, webhooks: { ...p.webhooks, resendLocationWithoutCallback: 'absent' } }),
    fault: {
      response(req, res) {
        if (req.endpoint === 'consultas-resend' && res.status === 202 && (res.headers.location ?? '').includes('/v3/appnotificaciones/'))
          delete res.headers.location;
      },
    },
  },
  // Issue 28 §3: which topics are available is per app ("only topics available to the app can be configured").
  {
    name: 'inquiry-topic-unavailable-to-other',
    kind: 'statuses',
    allows:
      'Events: "only topics available to the app can be configured (otherwise 403)"; Endpoints: "AppWebhooks: topics available and configured for the app"',
    targets: ['reference'],
    profile: (p) => ({ ...p, unavailableTopics: { other: [p.topics.inquiry] } }),
    fault: { request: unavailableToOther, response: unlistedForOther },
  },
  // Issue 28 §4: a server whose Telefono takes digits only refuses the profile's template value (a free text):
  // the 400 is the profile's error, named as templates.agenciaEdit.Telefono, never the target's failure.
  {
    name: 'agencia-telefono-digits-only',
    kind: 'statuses',
    allows: 'Resources > Other resources: "Types of … Telefono … when they carry a value: not shown"; AgenciaEdit\'s fields: not shown',
    targets: ['reference'],
    fault: {
      request(req) {
        const body = req.endpoint === 'agencias-put' ? req.json() : undefined;
        const telefono = isRecord(body) ? body.Telefono : undefined;
        if (typeof telefono === 'string' && !/^\d+$/.test(telefono)) return problem(req, 400, { Telefono: ['sólo dígitos'] });
      },
    },
  },
  {
    name: 'etag-weak',
    kind: 'http',
    allows: 'GET /v3: "header ETag (string)"; "The request header that triggers 304: not shown" (RFC 9110 §8.8.3: a weak entity tag is one)',
    targets: ['reference'],
    fault: retagged(true),
  },
  {
    name: 'etag-other-opaque',
    kind: 'http',
    allows: 'GET /v3: "header ETag (string)" (RFC 9110 §8.8.3: an entity tag is an opaque quoted string)',
    targets: ['reference', 'reference-alt'],
    fault: retagged(false),
  },
  {
    name: 'not-modified-with-headers',
    kind: 'http',
    allows: 'GET /v3: "304 (no body)"; RFC 9110 §15.4.5: a 304 carries the ETag, Cache-Control, Vary… a 200 would have sent',
    targets: ['reference'],
    fault: {
      response(req, res) {
        if (req.endpoint === 'home') Object.assign(res.headers, { 'cache-control': 'private, max-age=0', vary: 'Accept' });
      },
    },
  },
  {
    name: 'pages-of-three',
    kind: 'profile',
    allows: 'Paged list envelope: "PerPagina | integer | page size; 100 in the observed response" (profile inquiryPageSize)',
    targets: ['reference'],
    profile: (p) => ({ ...p, inquiryPageSize: 3 }),
    fault: {},
  },
  {
    name: 'zone-far-east',
    kind: 'profile',
    allows: 'Limits: "desde … not earlier than today minus 90 days" (whose today: the profile\'s timeZone, here UTC+13:45 with daylight-saving time)',
    targets: ['reference'],
    profile: (p) => ({ ...p, timeZone: 'Pacific/Chatham' }),
    fault: {},
  },
  {
    name: 'zone-far-west',
    kind: 'profile',
    allows: 'Limits: "desde … not earlier than today minus 90 days" (whose today: the profile\'s timeZone, here UTC−11)',
    targets: ['reference-query'],
    profile: (p) => ({ ...p, timeZone: 'Pacific/Pago_Pago' }),
    fault: {},
  },
  {
    name: 'resend-bound-three-days',
    kind: 'profile',
    allows: 'Limits: "Inquiry resend | applies to relatively recent inquiries only"; "the exact age bound for resending: not shown" (profile resendMaxAgeDays)',
    targets: ['reference'],
    profile: (p) => ({ ...p, resendMaxAgeDays: 3 }),
    fault: {},
  },
  {
    name: 'bestmatch-exact-only',
    kind: 'statuses',
    allows:
      'bestmatch: "bodystyle (required, string): matched against id, api-url, api-url-path, name or codename" (partial matches: not said; ciudades\' city alone names "part of name")',
    targets: ['reference'],
    fault: { response: exactOnly },
  },
  {
    name: 'unknown-region-400',
    kind: 'statuses',
    allows: 'GET /v3/ciudades: "region (integer int32; region/province/state id …)" and "400" (an id naming no region: validation failed, or an empty list)',
    targets: ['reference'],
    fault: { response: unknownRegion },
  },
];
