import { ENDPOINTS, addDays, expandPath, listEntries, todayIn, type Endpoint, type MediaForm } from '../models/index.ts';
import { callEndpoint } from '../sut/call.ts';
import type { TargetClient } from '../sut/client.ts';
import type { Fixtures } from '../sut/discovery.ts';
import { catalogValue, findCities, type CatalogArea } from '../sut/catalog-values.ts';
import { resolvePointer } from '../sut/json-pointer.ts';

// The read mix of `load`: one operation per GET row of the endpoint catalog that the discovered fixtures can fill
// (catalog lists and lookups, agencies, inquiry pages with filters, single inquiries), each a ready request —
// path with query, the primary app's headers, the media type asked through the profile's selection mechanism.

export interface Operation {
  /** The endpoint id, or `{endpoint}:{variant}` for a filtered inquiry page. */
  id: string;
  endpointId: string;
  /** Path and query relative to the origin, as sent. */
  path: string;
  headers: Record<string, string>;
  /** The media type asked for; undefined when the row lists none (nothing is asked). */
  form?: MediaForm;
  weight: number;
}

/** Values for parameters: the fixtures' (agency, inquiry, operator) and the target's own catalog lists'. */
export interface Samples {
  agency: string;
  sid?: string;
  operador?: string;
  externalId?: string;
  /** Query values read from the target's own catalog lists, by parameter name (bodystyle, make, state, city, q). */
  query: Record<string, string>;
  /** Catalog record ids by path segment (carrocerias, ciudades, colores), via the profile's catalogKeys id pointers. */
  ids: Record<string, number>;
  /** A second inquiry page exists. */
  secondPage: boolean;
}

/** Default weights per endpoint (a GET row not named here weighs 1): inquiries dominate a partner's reads. */
export const DEFAULT_WEIGHTS: Readonly<Record<string, number>> = {
  home: 1,
  'agencias-list': 4,
  'agencias-get': 4,
  'agencias-productos': 2,
  'appnotificaciones-list': 1,
  'carrocerias-list': 3,
  'colores-list': 3,
  'marcas-list': 3,
  'consultas-list': 10,
  'consultas-get': 10,
};

const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * Which of the keys a bestmatch parameter is matched against load sends, first found first: what a partner most
 * often has at hand (a name), the machine keys last.
 */
const KEY_PREFERENCE = ['name', 'part of name', 'full name', 'codename', 'iso', 'api-url-path', 'api-url', 'id'];

/** The bestmatch parameters: the catalog area whose keys they are matched against, and the list record they come from. */
const MATCHED: Readonly<Record<string, { area: CatalogArea; from: 'carrocerias' | 'marcas' | 'ciudades' }>> = {
  bodystyle: { area: 'carrocerias', from: 'carrocerias' },
  make: { area: 'marcas', from: 'marcas' },
  state: { area: 'states', from: 'ciudades' },
  city: { area: 'ciudades', from: 'ciudades' },
};

/**
 * Every value comes from the target itself, never from a list of our own (a body style our generator knows, an
 * inquiry's free text): the first record of each catalog list, read through the profile's catalogKeys pointers, as
 * `run` reads them. A value the target does not have would make every such request a 400 on a correct server.
 */
export async function readSamples(client: TargetClient, f: Fixtures, agency: string): Promise<Samples> {
  const s: Samples = { agency, query: {}, ids: {}, secondPage: f.inquiryTotal > client.profile.inquiryPageSize };
  if (f.inquirySid) s.sid = f.inquirySid;
  if (f.operador) s.operador = f.operador;
  if (f.externalId) s.externalId = f.externalId;
  const first = async (id: string): Promise<unknown> => listEntries((await callEndpoint(client, id, { form: 'json' })).json)?.[0];
  const cities = await findCities((query) => callEndpoint(client, 'ciudades-list', { query, form: 'json' }));
  if (cities) s.query.q = cities.query.q!;
  const records: Record<string, unknown> = { carrocerias: await first('carrocerias-list'), marcas: await first('marcas-list'), ciudades: cities?.cities[0] };
  const profile = client.profile;
  for (const e of ENDPOINTS) {
    for (const p of e.params) {
      const m = MATCHED[p.name];
      if (!m || !p.matchedAgainst) continue;
      const field = KEY_PREFERENCE.find((k) => p.matchedAgainst!.includes(k) && catalogValue(profile, m.area, k, records[m.from]) !== undefined);
      if (field) s.query[p.name] = catalogValue(profile, m.area, field, records[m.from])!;
    }
  }
  const colores = await first('colores-list');
  for (const [segment, record] of [
    ['carrocerias', records.carrocerias],
    ['colores', colores],
    ['ciudades', records.ciudades],
  ] as const) {
    const pointer = profile.catalogKeys[segment]?.id;
    const value = pointer === undefined ? undefined : int(resolvePointer(record, pointer));
    if (value !== undefined) s.ids[segment] = value;
  }
  return s;
}

/** A value for each parameter the row requires (and the few optional ones a realistic read sends), or a reason. */
function paramsFor(e: Endpoint, s: Samples): { path: Record<string, string | number>; query: Record<string, string> } | string {
  const path: Record<string, string | number> = {};
  const query: Record<string, string> = {};
  const segment = e.path.split('/')[2] ?? '';
  const known: Record<string, string | number | undefined> = { adminMail: s.agency, sid: s.sid, id: s.ids[segment], ...s.query };
  for (const p of e.params) {
    const value = known[p.name];
    if (p.in === 'path') {
      if (value === undefined)
        return `no ${p.name} for ${e.path} (${p.name === 'topic' ? 'no topic is known to be configured' : p.name === 'id' ? `no profile catalogKeys.${segment}.id` : 'not in the fixtures'})`;
      path[p.name] = value;
    } else if (p.required) {
      if (value === undefined)
        return `no value for the required query parameter ${p.name}${MATCHED[p.name] ? ` (no catalogKeys.${MATCHED[p.name]!.area} key it is matched against has a value in the first ${MATCHED[p.name]!.from} record)` : ''}`;
      query[p.name] = String(value);
    }
  }
  // Ciudades: region is "optional if q is given", q "optional if region is given": one must be sent.
  if (e.id === 'ciudades-list') {
    if (!s.query.q) return 'no part of a city name lists a city (q)';
    query.q = s.query.q;
  }
  return { path, query };
}

/** Filtered inquiry pages: "inquiry pages with filters" (issue 6), each as far as the fixtures allow. */
function inquiryVariants(s: Samples, today: string): { variant: string; query: Record<string, string> }[] {
  return [
    { variant: 'all', query: {} },
    ...(s.secondPage ? [{ variant: 'pagina', query: { pagina: '2' } }] : []),
    ...(s.operador ? [{ variant: 'operador', query: { operador: s.operador } }] : []),
    ...(s.externalId ? [{ variant: 'externalid', query: { externalid: s.externalId } }] : []),
    { variant: 'desde', query: { desde: addDays(today, -7), hasta: today } },
  ];
}

export interface Mix {
  operations: Operation[];
  skipped: { endpointId: string; reason: string }[];
}

/** Every GET row of the catalog as operations; `weights` (from --mix) replaces the defaults when given. */
export function buildMix(client: TargetClient, s: Samples, weights?: Readonly<Record<string, number>>): Mix {
  const operations: Operation[] = [];
  const skipped: Mix['skipped'] = [];
  const today = client.profile.today ?? todayIn(client.profile.timeZone);
  for (const e of ENDPOINTS.filter((x) => x.method === 'GET')) {
    const params = paramsFor(e, s);
    if (typeof params === 'string') {
      skipped.push({ endpointId: e.id, reason: params });
      continue;
    }
    const form: MediaForm | undefined = e.success.mediaTypes?.includes('json') ? 'json' : undefined;
    const variants = e.id === 'consultas-list' ? inquiryVariants(s, today) : [{ variant: '', query: {} }];
    const weight = weights ? (weights[e.id] ?? 0) : (DEFAULT_WEIGHTS[e.id] ?? 1);
    for (const v of variants) {
      const id = v.variant && v.variant !== 'all' ? `${e.id}:${v.variant}` : e.id;
      const url = new URL(client.url(expandPath(e.path, params.path), { ...client.queryFor('primary'), ...params.query, ...v.query }, form));
      const own = weights?.[id];
      operations.push({
        id,
        endpointId: e.id,
        path: url.pathname + url.search,
        headers: client.headersFor('primary', form),
        ...(form ? { form } : {}),
        weight: own ?? weight / variants.length,
      });
    }
  }
  return { operations: operations.filter((o) => o.weight > 0), skipped };
}

/**
 * A deterministic sequence of operations whose frequencies follow the weights (largest remainder rounding). Short,
 * because autocannon builds every request of it for every connection once the run's clock has started: a
 * sequence that repeats itself is cut to its first repetition (one operation: one request, as raw autocannon).
 */
export function weightedSequence(ops: readonly Operation[], length = 250): Operation[] {
  const total = ops.reduce((sum, o) => sum + o.weight, 0);
  const shares = ops.map((o) => (o.weight / total) * length);
  const counts = shares.map(Math.floor);
  const order = shares.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; counts.reduce((a, b) => a + b, 0) < length; k++) counts[order[k % order.length]![1]]!++;
  // Interleave (each operation spread evenly over the sequence) rather than running one endpoint after another.
  const slots = ops.flatMap((o, i) => Array.from({ length: counts[i]! }, (_, j) => [(j + 0.5) / counts[i]!, o] as const));
  const sequence = slots.sort((a, b) => a[0] - b[0]).map(([, o]) => o);
  const period = Array.from({ length }, (_, p) => p + 1).find((p) => length % p === 0 && sequence.every((o, i) => o === sequence[i % p]))!;
  return sequence.slice(0, period);
}
