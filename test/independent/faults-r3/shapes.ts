import { createHmac, randomUUID } from 'node:crypto';
import type { AppName } from '../../../sut/profile.ts';
import { type MutantRequest, MutantResponse, problem } from '../../mutants/exchange.ts';
import type { Delivery, FaultContext, Hook } from '../../mutants/fault.ts';
import type { Json } from '../../support/fault-shapes.ts';

// What the round-3 faults are built from, beyond test/support/fault-shapes.ts: the other apps, an app's agencies
// as the upstream lists them, an inquiry list read whole and paged again, deliveries altered and signed again,
// and JSON walked key by key. These read the independent server's own members (AdminMail, Momento…): the faults
// sit in front of that server only.

export const REF_FORM = 'application/vnd.service.ref+json';
export const ENTRY_FORM = 'application/vnd.service.entry+json';
export const FULL = 'application/json';

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The profile's apps other than `app`. */
export function otherApps(ctx: FaultContext, app: AppName | undefined): AppName[] {
  return (Object.keys(ctx.profile.apps) as AppName[]).filter((a) => a !== (app ?? 'primary'));
}

/** The media form the request asks for (the profile's `formato` query), lower case. */
export const askedForm = (req: MutantRequest): string => (req.query.get('formato') ?? '').trim().toLowerCase();
export const asksRef = (req: MutantRequest): boolean => ['ref', REF_FORM].includes(askedForm(req));

/** A list body's entries: the bare array of the full forms, or `_entries`. */
export function entriesOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  return isObject(body) && Array.isArray(body._entries) ? body._entries : [];
}

/** The same list body with other entries. */
export function withEntries(body: unknown, entries: unknown[]): unknown {
  return Array.isArray(body) ? entries : { ...(body as Json), _entries: entries };
}

/** A path with `formato` set (or removed) in its query. */
export function withForm(path: string, query: URLSearchParams, form: string | undefined): string {
  const q = new URLSearchParams(query);
  if (form) q.set('formato', form);
  else q.delete('formato');
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The agencies (AdminMail) `app` sees, as the upstream lists them. */
export async function agenciesOf(ctx: FaultContext, app: AppName): Promise<string[]> {
  const res = await ctx.upstream('GET', `/v3/agencias?formato=${FULL}`, { app });
  return entriesOf(res.json()).flatMap((a) => (isObject(a) && typeof a.AdminMail === 'string' ? [a.AdminMail] : []));
}

/** The full representation of the app's agency, or undefined. */
export async function agencyOf(ctx: FaultContext, app: AppName, adminMail: string): Promise<Json | undefined> {
  const res = await ctx.upstream('GET', `/v3/agencias/${encodeURIComponent(adminMail)}?formato=${FULL}`, { app });
  const body = res.json();
  return res.status === 200 && isObject(body) ? body : undefined;
}

/** One inquiry of a list: its full form (to decide on) and the form the request asked for (to show). */
export interface Listed {
  full: Json;
  shown: unknown;
}

async function pagesOf(ctx: FaultContext, app: AppName, path: string, query: URLSearchParams, form: string | undefined): Promise<unknown[] | undefined> {
  const out: unknown[] = [];
  for (let page = 1; page <= 99; page++) {
    const q = new URLSearchParams(query);
    q.set('pagina', String(page));
    const res = await ctx.upstream('GET', withForm(path, q, form), { app });
    const body = res.json();
    if (res.status !== 200 || !isObject(body)) return undefined;
    const entries = entriesOf(body);
    out.push(...entries);
    if (entries.length === 0 || out.length >= Number(body.Total)) break;
  }
  return out;
}

/** Every inquiry of an inquiry list (all its pages), as `app` sees it, in the upstream's order. */
export async function listAll(ctx: FaultContext, app: AppName, path: string, query: URLSearchParams, ref: boolean): Promise<Listed[]> {
  const full = (await pagesOf(ctx, app, path, query, FULL)) ?? [];
  const shown = ref ? ((await pagesOf(ctx, app, path, query, REF_FORM)) ?? []) : full;
  return full.map((f, i) => ({ full: f as Json, shown: shown[i] }));
}

/** The query of an inquiry list request, as its items are read whole (no page). */
export function wholeQuery(req: MutantRequest): URLSearchParams {
  const q = new URLSearchParams(req.query);
  q.delete('pagina');
  q.delete('formato');
  return q;
}

/** Answers the requested page of `items` in the upstream's envelope (Total and entries replaced). */
export function repage(req: MutantRequest, res: MutantResponse, items: Listed[]): void {
  res.editJson((body) => {
    const page = Number(req.query.get('pagina') ?? '1');
    const size = Number(body.PerPagina);
    body.Total = items.length;
    body._entries = items.slice((page - 1) * size, page * size).map((i) => i.shown);
  });
}

/** The instant of a full inquiry's Momento (ms). */
export const momentOf = (item: Listed): number => Date.parse(String(item.full.Momento));

/** The sid of a full inquiry (last segment of its self link). */
export function sidOf(item: Listed): string {
  const links = item.full._links as Record<string, { href?: string }> | undefined;
  return decodeURIComponent(
    String(links?.self?.href ?? '')
      .split('/')
      .pop() ?? '',
  );
}

/** Every key of a JSON value renamed (deep), values kept. */
export function renameKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => renameKeys(v, rename));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [rename(k), renameKeys(v, rename)]));
}

/** camelCase of a PascalCase member (`ExternalId` → `externalId`); link members and `_` keys stay. */
export const camel = (key: string): string => (key.startsWith('_') ? key : key.charAt(0).toLowerCase() + key.slice(1));

/** Members whose value is null left out (deep), as a serializer that ignores nulls writes them. */
export function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === null ? [] : [[k, dropNulls(v)]])));
}

/** Every string member of a JSON value mapped (deep). */
export function mapStrings(value: unknown, map: (s: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})$/;
/** A date-time without its UTC offset (the wall clock kept). */
export const withoutOffset = (s: string): string => DATE_TIME.exec(s)?.[1] ?? s;
/** A date-time's wall clock marked as UTC (`…-03:00` → `…Z`): another instant. */
export const wallClockAsUtc = (s: string): string => {
  const m = DATE_TIME.exec(s);
  return m ? `${m[1]}Z` : s;
};

/** The value at a JSON pointer's parent and its last key, for editing in place. */
function pointed(root: unknown, pointer: string): { holder: Json; key: string } | undefined {
  const parts = pointer.split('/').slice(1);
  let node = root;
  for (const part of parts.slice(0, -1)) node = isObject(node) ? node[part] : undefined;
  const key = parts.at(-1);
  return isObject(node) && key !== undefined ? { holder: node, key } : undefined;
}

/** A webhook payload whose Consulta (profile webhooks.consultaPointer) is edited; other payloads unchanged. */
export function editConsulta(ctx: FaultContext, payload: unknown, edit: (consulta: unknown) => unknown): unknown {
  const at = pointed(payload, ctx.profile.webhooks.consultaPointer ?? '');
  if (!at || !isObject(at.holder[at.key])) return payload;
  at.holder[at.key] = edit(at.holder[at.key]);
  return payload;
}

/** The headers of a delivery of `body`, signed the way the profile says (X-Firma: sha256=<hex HMAC>). */
export function signedHeaders(ctx: FaultContext, headers: Record<string, string>, body: string): Record<string, string> {
  const signature = ctx.profile.webhooks.signature;
  if (signature?.scheme !== 'hmac-sha256') return headers;
  const name = signature.header.toLowerCase();
  const mac = createHmac('sha256', signature.secret).update(body).digest('hex');
  const out = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== name));
  return { ...out, [name]: `sha256=${mac}` };
}

/** Passes a delivery on with another body, signed again (the faulty server signs what it sends). */
export async function forwardAltered(ctx: FaultContext, d: Delivery, body: string, to?: string): Promise<void> {
  await ctx.forward({ ...d, headers: signedHeaders(ctx, d.headers, body) }, { body, ...(to ? { to } : {}) });
}

/** A delivery the faulty server makes on its own (not from the upstream): JSON payload, signed. */
export async function deliverNew(ctx: FaultContext, hook: Hook, payload: Json): Promise<void> {
  const body = JSON.stringify({ Evento: hook.topic, IdEntrega: randomUUID(), ...payload });
  const headers = signedHeaders(ctx, { 'content-type': 'application/json', 'x-evento': encodeURIComponent(hook.topic) }, body);
  await ctx.forward({ hook, headers, body, json: () => JSON.parse(body) as unknown });
}

/** The latest callback configured (through the proxy) by `app` for `topic`. */
export function latestHook(ctx: FaultContext, app: AppName | undefined, topic: string): Hook | undefined {
  return [...ctx.hooks].reverse().find((h) => h.app === app && h.topic === topic);
}

/** Whether `app` has `topic` configured upstream now. */
export async function configured(ctx: FaultContext, app: AppName, topic: string): Promise<boolean> {
  return (await ctx.upstream('GET', `/v3/appnotificaciones/${encodeURIComponent(topic)}`, { app })).status === 200;
}

/** The available topics the profile names (inquiry and registration). */
export const availableTopics = (ctx: FaultContext): string[] =>
  [ctx.profile.topics.inquiry, ctx.profile.topics.registration].filter((t): t is string => typeof t === 'string');

/** An AppWebhookUpsert for `url` from the profile's template (secret resolved). */
export function upsertFor(ctx: FaultContext, url: string): Json {
  return Object.fromEntries(Object.entries(ctx.profile.templates.webhookUpsert).map(([k, v]) => [k, v === '{{url}}' ? url : v]));
}

/** A 400 validation problem naming one property. */
export const refuse400 = (req: MutantRequest, property: string, message: string): MutantResponse => problem(req, 400, { [property]: [message] });

/** A 403 problem body, as the independent server writes them (RFC 9457 members). */
export function forbidden(req: MutantRequest): MutantResponse {
  const body = { type: 'urn:vmp-indep:problema:prohibido', title: 'Prohibido', status: 403, detail: 'sin permiso', instance: req.path };
  return new MutantResponse(403, { 'content-type': 'application/problem+json' }, JSON.stringify(body));
}

/** A JSON answer with a content type. */
export const jsonAnswer = (status: number, body: unknown, contentType = 'text/json; charset=utf-8', headers: Record<string, string> = {}): MutantResponse =>
  new MutantResponse(status, { ...headers, 'content-type': contentType }, JSON.stringify(body));

/** The last path segment of an href, decoded. */
export const lastSegment = (href: string): string => decodeURIComponent(href.split('?')[0]!.split('/').pop() ?? '');
