import { describe, expect, it } from 'vitest';
import {
  API_VERSION,
  ENDPOINTS,
  ENDPOINT_ROWS,
  LIMITS,
  documentedStatuses,
  endpoint,
  otherResponse,
  type BodyKind,
  type Endpoint,
  type HttpMethod,
  type MediaForm,
  type ParamSpec,
} from '../../models/index.ts';

// An independent transcription of the spec's Endpoints tables — hand-copied from the spec text, not from
// models/ — used as the oracle for the catalog. When the two disagree, the spec text decides.

interface SpecRow {
  method: HttpMethod;
  path: string;
  success: number;
  /** "Other responses" exactly as the row lists them. */
  others: number[];
  /** The row says "none defined": only the preamble's 400 remains. */
  noneDefined?: true;
  /** marcas bestmatch: "responses beyond 200 for this path: not shown". */
  othersNotShown?: true;
  /** The media types the row lists for the success response; absent when it lists none. */
  media?: MediaForm[];
  headers?: string[];
  /** Parameter names; `!` marks required ones. Path or query follows from the path template. */
  params?: string[];
  body?: { model: string; media?: Array<'json' | 'textJson'> };
}

const ALL: MediaForm[] = ['json', 'textJson', 'entry', 'ref'];
const FULL: MediaForm[] = ['json', 'textJson', 'entry'];
const JSON_OR_TEXT: Array<'json' | 'textJson'> = ['json', 'textJson'];

const SPEC_ROWS: SpecRow[] = [
  // Home
  { method: 'GET', path: '/v3', success: 200, others: [304], media: FULL, headers: ['ETag'] },
  // Agencias
  { method: 'GET', path: '/v3/agencias', success: 200, others: [400], media: ALL, params: ['operador'] },
  { method: 'POST', path: '/v3/agencias', success: 202, others: [409, 400], headers: ['Location'], body: { model: 'AgenciaCreate', media: JSON_OR_TEXT } },
  { method: 'GET', path: '/v3/agencias/{adminMail}', success: 200, others: [404], media: ALL, params: ['adminMail!'] },
  {
    method: 'PUT',
    path: '/v3/agencias/{adminMail}',
    success: 200,
    others: [400, 403],
    media: ALL,
    params: ['adminMail!'],
    body: { model: 'AgenciaEdit', media: JSON_OR_TEXT },
  },
  { method: 'PATCH', path: '/v3/agencias/{adminMail}/desasociar', success: 204, others: [403], params: ['adminMail!'] },
  { method: 'GET', path: '/v3/agencias/{adminMail}/productos', success: 200, others: [404, 400], media: FULL, params: ['adminMail!'] },
  // AppNotificaciones
  { method: 'GET', path: '/v3/appnotificaciones', success: 200, others: [], noneDefined: true, media: FULL },
  { method: 'GET', path: '/v3/appnotificaciones/{topic}', success: 200, others: [404], media: FULL, params: ['topic!'] },
  {
    method: 'POST',
    path: '/v3/appnotificaciones/{topic}',
    success: 201,
    others: [403, 409, 400],
    media: FULL,
    headers: ['Location'],
    params: ['topic!'],
    body: { model: 'AppWebhookUpsert', media: JSON_OR_TEXT },
  },
  {
    method: 'PUT',
    path: '/v3/appnotificaciones/{topic}',
    success: 200,
    others: [404, 400],
    media: FULL,
    params: ['topic!'],
    body: { model: 'AppWebhookUpsert' },
  },
  { method: 'DELETE', path: '/v3/appnotificaciones/{topic}', success: 204, others: [404], params: ['topic!'] },
  // Carrocerias
  { method: 'GET', path: '/v3/carrocerias', success: 200, others: [], noneDefined: true, media: FULL },
  { method: 'GET', path: '/v3/carrocerias/bestmatch', success: 200, others: [400], media: FULL, params: ['bodystyle!'] },
  { method: 'GET', path: '/v3/carrocerias/{id}', success: 200, others: [404], params: ['id!'] },
  // Ciudades
  { method: 'GET', path: '/v3/ciudades', success: 200, others: [400], media: ALL, params: ['region', 'q'] },
  { method: 'GET', path: '/v3/ciudades/bestmatch', success: 200, others: [400], media: ALL, params: ['state!', 'city!'] },
  { method: 'GET', path: '/v3/ciudades/{id}', success: 200, others: [404], media: ALL, params: ['id!'] },
  // Colores
  { method: 'GET', path: '/v3/colores', success: 200, others: [400], media: ALL, params: ['q', 'nombre'] },
  { method: 'GET', path: '/v3/colores/{id}', success: 200, others: [404], media: ALL, params: ['id!'] },
  // Marcas
  { method: 'GET', path: '/v3/marcas', success: 200, others: [400], media: ALL, params: ['q', 'soloMercadoNuevos'] },
  { method: 'GET', path: '/v3/marcas/bestmatch', success: 200, others: [], othersNotShown: true, params: ['make!'] },
  // Consultas: after Marcas, "Any further paths, methods or response codes after this point in the interface: not shown."
  {
    method: 'GET',
    path: '/v3/consultas/{adminMail}',
    success: 200,
    others: [404, 400],
    othersNotShown: true,
    media: ALL,
    params: ['adminMail!', 'operador', 'externalid', 'desde', 'hasta', 'pagina'],
  },
  {
    method: 'GET',
    path: '/v3/consultas/{adminMail}/{sid}',
    success: 200,
    others: [404, 400],
    othersNotShown: true,
    media: ALL,
    params: ['adminMail!', 'sid!'],
  },
  {
    method: 'POST',
    path: '/v3/consultas/{adminMail}/{sid}/resendwebhook',
    success: 202,
    others: [403, 404, 400],
    othersNotShown: true,
    headers: ['Location'],
    params: ['adminMail!', 'sid!'],
  },
];

/** Parameter types; every name has the same type wherever it appears in the tables. */
const PARAM_TYPES: Record<string, Pick<ParamSpec, 'type' | 'format'>> = {
  adminMail: { type: 'string', format: 'email' },
  operador: { type: 'string', format: 'email' },
  topic: { type: 'string' },
  sid: { type: 'string' },
  id: { type: 'integer', format: 'int32' },
  region: { type: 'integer', format: 'int32' },
  pagina: { type: 'integer', format: 'int32' },
  desde: { type: 'date' },
  hasta: { type: 'date' },
  soloMercadoNuevos: { type: 'boolean' },
  q: { type: 'string' },
  nombre: { type: 'string' },
  externalid: { type: 'string' },
  bodystyle: { type: 'string' },
  state: { type: 'string' },
  city: { type: 'string' },
  make: { type: 'string' },
};

/** bestmatch: "matched against ..." per parameter. */
const MATCHED_AGAINST: Record<string, string[]> = {
  bodystyle: ['id', 'api-url', 'api-url-path', 'name', 'codename'],
  state: ['id', 'api-url', 'api-url-path', 'name', 'iso'],
  city: ['id', 'api-url', 'api-url-path', 'full name', 'part of name'],
  make: ['id', 'api-url', 'api-url-path', 'name', 'codename'],
};

/** Errors > Status codes: the body each non-success code carries. */
const ERROR_BODIES: Record<number, BodyKind> = {
  304: 'none',
  400: 'validation-problem',
  403: 'problem',
  404: 'undefined-body',
  409: 'validation-problem',
};

/** The Limits table and the Endpoints rows, as numbers: the limit members each parameter must carry. */
const PARAM_LIMITS: Record<string, Partial<Pick<ParamSpec, 'maxLength' | 'minLength' | 'maximum' | 'minDaysBeforeToday'>>> = {
  adminMail: { maxLength: 50 },
  topic: { maxLength: 80 },
  sid: { minLength: 20, maxLength: 30 },
  pagina: { maximum: 99 },
  desde: { minDaysBeforeToday: 90 },
};

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const expectedStatuses = (r: SpecRow) => sorted([r.success, ...r.others, ...(r.noneDefined ? [400] : [])]);
const LIMIT_KEYS = ['maxLength', 'minLength', 'maximum', 'minDaysBeforeToday'] as const;
const limitsOf = (p: ParamSpec) => Object.fromEntries(LIMIT_KEYS.flatMap((k) => (p[k] === undefined ? [] : [[k, p[k]]])));
const placeholders = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const TABLE = SPEC_ROWS.map((r) => [key(r), r] as const);
const byKey = new Map(ENDPOINT_ROWS.map((e) => [key(e), e]));
const catalogRow = (r: SpecRow): Endpoint => {
  const found = byKey.get(key(r));
  if (!found) throw new Error(`${key(r)} is not in ENDPOINT_ROWS`);
  return found;
};

describe('the endpoint catalog against the Endpoints tables', () => {
  it('has exactly the 25 rows, in the order of the spec', () => {
    expect(SPEC_ROWS).toHaveLength(25);
    expect(ENDPOINT_ROWS.map(key)).toEqual(SPEC_ROWS.map(key));
  });

  it.each(TABLE)('%s has exactly its documented statuses', (_, r) => {
    const e = catalogRow(r);
    expect(e.success.status).toBe(r.success);
    expect(sorted(documentedStatuses(e))).toEqual(expectedStatuses(r));
    expect(e.othersNotShown === true).toBe(r.othersNotShown === true);
  });

  it.each(TABLE)('%s takes its 400 from the row or from the preamble', (_, r) => {
    // "Every endpoint may answer 400 with a validation problem body unless the table lists only other codes".
    const source = otherResponse(catalogRow(r), 400)?.source;
    expect(source).toBe(r.others.includes(400) ? 'row' : r.noneDefined ? 'preamble' : undefined);
  });

  it.each(TABLE)('%s offers exactly the media types its row lists', (_, r) => {
    expect(catalogRow(r).success.mediaTypes).toEqual(r.media);
  });

  it.each(TABLE)('%s carries the documented body kind per status', (_, r) => {
    const e = catalogRow(r);
    expect(Object.fromEntries(e.others.map((o) => [o.status, o.body]))).toEqual(Object.fromEntries(e.others.map((o) => [o.status, ERROR_BODIES[o.status]])));
    // resendwebhook: "the body carries the webhook payload that was sent"; 202 and 204 elsewhere: "no body";
    // every 200 names a representation, even where the row lists no media types.
    const successBody = r.path.endsWith('/resendwebhook') ? 'webhook-payload' : r.success === 200 || r.media ? 'representation' : 'none';
    expect(e.success.body).toBe(successBody);
    expect(e.success.source).toBe('row');
  });

  it.each(TABLE)('%s names its success headers', (_, r) => {
    expect(catalogRow(r).success.headers.map((h) => h.name)).toEqual(r.headers ?? []);
  });

  it.each(TABLE)('%s takes the documented request body', (_, r) => {
    const { body } = catalogRow(r);
    expect(body && { model: body.model, ...(body.mediaTypes ? { media: body.mediaTypes } : {}) }).toEqual(r.body);
  });

  it.each(TABLE)('%s takes the documented parameters', (_, r) => {
    const e = catalogRow(r);
    const inPath = placeholders(r.path);
    expect(e.params.map((p) => ({ name: p.name, in: p.in, required: p.required }))).toEqual(
      (r.params ?? []).map((spec) => {
        const name = spec.replace(/!$/, '');
        return { name, in: inPath.includes(name) ? 'path' : 'query', required: spec.endsWith('!') };
      }),
    );
    // Every placeholder of the path template is a path parameter.
    expect(e.params.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(inPath);
  });

  it.each(TABLE)('%s has the documented parameter types', (_, r) => {
    for (const p of catalogRow(r).params) {
      expect({ name: p.name, type: p.type, format: p.format }).toEqual({ name: p.name, format: undefined, ...PARAM_TYPES[p.name] });
      expect(p.matchedAgainst).toEqual(MATCHED_AGAINST[p.name]);
    }
  });

  it('gives soloMercadoNuevos its default of false', () => {
    expect(endpoint('marcas-list').params.find((p) => p.name === 'soloMercadoNuevos')?.default).toBe(false);
  });

  it('puts every path under /v3 (Versioning), the version the models state', () => {
    expect(API_VERSION).toBe('v3');
    expect(ENDPOINTS.filter((e) => e.path !== '/v3' && !e.path.startsWith('/v3/')).map(key)).toEqual([]);
  });
});

describe('ENDPOINTS', () => {
  it('adds OPTIONS on the agency URI to the rows, and nothing else', () => {
    // States and transitions: on the invitation's Location "GET or OPTIONS returns the state of the invitation".
    const extra = ENDPOINTS.filter((e) => !ENDPOINT_ROWS.includes(e));
    expect(extra.map(key)).toEqual(['OPTIONS /v3/agencias/{adminMail}']);
    expect(ENDPOINTS).toHaveLength(26);
    const [options] = extra;
    expect(options!.success.source).toBe('not-shown');
    expect(options!.success.mediaTypes).toBeUndefined();
    expect(options!.othersNotShown).toBe(true);
    expect(options!.params.map((p) => p.name)).toEqual(['adminMail']);
  });

  it('has unique ids that endpoint() finds', () => {
    const ids = ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(endpoint(id).id).toBe(id);
    expect(() => endpoint('no-such-endpoint')).toThrow(/no endpoint no-such-endpoint/);
  });
});

describe('limits in the catalog', () => {
  it('LIMITS states the Limits table', () => {
    expect(LIMITS).toEqual({
      adminMail: { maxLength: 50 },
      topic: { maxLength: 80 },
      sid: { minLength: 20, maxLength: 30 },
      pagina: { maximum: 99, first: 1 },
      desde: { minDaysBeforeToday: 90 },
      perPagina: { observed: 100 },
    });
  });

  const params = ENDPOINTS.flatMap((e) => e.params.map((p) => [`${key(e)} ${p.name}`, p] as const));

  it.each(params)('%s carries exactly its limits', (_, p) => {
    expect(limitsOf(p)).toEqual(PARAM_LIMITS[p.name] ?? {});
  });

  it.each(Object.keys(PARAM_LIMITS))('every %s parameter takes its limits from LIMITS', (name) => {
    const limits = LIMITS[name as keyof typeof LIMITS] as Record<string, number>;
    const carrying = params.filter(([, p]) => p.name === name);
    expect(carrying.length).toBeGreaterThan(0);
    for (const [, p] of carrying) {
      for (const [k, v] of Object.entries(limitsOf(p))) expect(v).toBe(limits[k]);
    }
  });
});
