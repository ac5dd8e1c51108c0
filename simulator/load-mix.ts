import { ENDPOINTS, addDays, expandPath, listEntries, todayIn, type Endpoint, type MediaForm } from '../models/index.ts';
import { callEndpoint } from '../sut/call.ts';
import type { TargetClient } from '../sut/client.ts';
import type { Fixtures } from '../sut/discovery.ts';
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

/** Values the fixtures give for parameters, read from one inquiry and the catalog lists. */
export interface Samples {
  agency: string;
  sid?: string;
  operador?: string;
  externalId?: string;
  ciudad?: string;
  provincia?: string;
  bodyType?: string;
  marca?: string;
  color?: string;
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

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);

export async function readSamples(client: TargetClient, f: Fixtures, agency: string): Promise<Samples> {
  const s: Samples = { agency, ids: {}, secondPage: f.inquiryTotal > client.profile.inquiryPageSize };
  if (f.inquirySid) s.sid = f.inquirySid;
  if (f.operador) s.operador = f.operador;
  if (f.externalId) s.externalId = f.externalId;
  if (f.inquirySid) {
    const res = await callEndpoint(client, 'consultas-get', { params: { adminMail: agency, sid: f.inquirySid }, form: 'json' });
    const c = res.json as { Auto?: Record<string, unknown>; Interesado?: Record<string, unknown> } | undefined;
    Object.assign(s, {
      ...(str(c?.Interesado?.Ciudad) ? { ciudad: str(c?.Interesado?.Ciudad) } : {}),
      ...(str(c?.Interesado?.Provincia) ? { provincia: str(c?.Interesado?.Provincia) } : {}),
      ...(str(c?.Auto?.BodyType) ? { bodyType: str(c?.Auto?.BodyType) } : {}),
      ...(str(c?.Auto?.Marca) ? { marca: str(c?.Auto?.Marca) } : {}),
      ...(str(c?.Auto?.Color) ? { color: str(c?.Auto?.Color) } : {}),
    });
  }
  // Catalog record fields are not shown: ids come only through the profile's catalogKeys pointers.
  const keys = client.profile.catalogKeys;
  const lists: [string, string, string | undefined, Record<string, string>][] = [
    ['carrocerias', 'carrocerias-list', keys.carrocerias?.id, {}],
    ['colores', 'colores-list', keys.colores?.id, {}],
    ['ciudades', 'ciudades-list', keys.ciudades?.id, s.ciudad ? { q: s.ciudad } : {}],
  ];
  for (const [segment, id, pointer, query] of lists) {
    if (pointer === undefined || (segment === 'ciudades' && !s.ciudad)) continue;
    const res = await callEndpoint(client, id, { query, form: 'json' });
    const value = int(resolvePointer(listEntries(res.json)?.[0], pointer));
    if (value !== undefined) s.ids[segment] = value;
  }
  return s;
}

/** A value for each parameter the row requires (and the few optional ones a realistic read sends), or a reason. */
function paramsFor(e: Endpoint, s: Samples): { path: Record<string, string | number>; query: Record<string, string> } | string {
  const path: Record<string, string | number> = {};
  const query: Record<string, string> = {};
  const segment = e.path.split('/')[2] ?? '';
  const known: Record<string, string | number | undefined> = {
    adminMail: s.agency,
    sid: s.sid,
    id: s.ids[segment],
    bodystyle: s.bodyType,
    state: s.provincia,
    city: s.ciudad,
    make: s.marca,
  };
  for (const p of e.params) {
    const value = known[p.name];
    if (p.in === 'path') {
      if (value === undefined)
        return `no ${p.name} for ${e.path} (${p.name === 'topic' ? 'no topic is known to be configured' : p.name === 'id' ? `no profile catalogKeys.${segment}.id` : 'not in the fixtures'})`;
      path[p.name] = value;
    } else if (p.required) {
      if (value === undefined) return `no value for the required query parameter ${p.name}`;
      query[p.name] = String(value);
    }
  }
  // Ciudades: region is "optional if q is given", q "optional if region is given": one must be sent.
  if (e.id === 'ciudades-list') {
    if (!s.ciudad) return 'no city name in the fixtures for q';
    query.q = s.ciudad;
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
