import { MEDIA_TYPES } from '../../../models/index.ts';
import type { MutantRequest } from '../exchange.ts';
import type { Fault, FaultContext } from '../fault.ts';
import { answers, entriesOf, formAsked, invalidBecause, type Json } from './helpers.ts';

// Faults of list filters as an outsider would write them: the reference's answer to another query (the
// filter left out), kept to the records the outsider's own reading of the parameter accepts.

/** Case and accents folded, as a careless filter would compare. */
export const folded = (v: unknown): string =>
  String(v ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

const json = async (ctx: FaultContext, url: string, app: MutantRequest['app'], accept?: string): Promise<unknown> =>
  (await ctx.upstream('GET', url, { app: app ?? 'primary', ...(accept ? { accept } : {}) })).json();

/** Every city: the reference lists cities only by region or q, so region by region until one lists none. */
async function allCities(ctx: FaultContext, accept?: string): Promise<Json[]> {
  const all: Json[] = [];
  for (let region = 1; region < 1000; region++) {
    const cities = await json(ctx, `/v3/ciudades?region=${region}`, undefined, accept);
    if (!Array.isArray(cities) || cities.length === 0) return all;
    all.push(...(cities as Json[]));
  }
  return all;
}

/** The reference's catalog list for `query`, full and reference form side by side. */
async function catalogRecords(ctx: FaultContext, path: string, query: URLSearchParams): Promise<{ full: Json; ref: Json }[]> {
  const everyCity = path === '/v3/ciudades' && !query.get('region') && !query.get('q');
  const url = `${path}?${query}`;
  const [full, ref] = everyCity
    ? [await allCities(ctx), await allCities(ctx, MEDIA_TYPES.ref)]
    : [(await json(ctx, url, undefined)) as Json[], (await json(ctx, url, undefined, MEDIA_TYPES.ref)) as Json[]];
  return full.map((f, i) => ({ full: f, ref: ref[i]! }));
}

/**
 * A catalog list that answers `params` its own way: the reference's list without them, kept to the records
 * `keep` accepts for the values asked (only when every one of them is valid and one at least is given).
 */
export function catalogFilter(endpointId: string, params: string[], keep: (record: Json, asked: Record<string, string>) => boolean): Fault {
  return answers([endpointId], async (req, res, ctx) => {
    const asked = Object.fromEntries(params.flatMap((p) => (req.query.get(p) ? [[p, req.query.get(p)!]] : [])));
    if (res.status !== 200 || Object.keys(asked).length === 0 || params.some((p) => invalidBecause(req, ctx, p))) return;
    const query = new URLSearchParams(req.query);
    for (const p of params) query.delete(p);
    const kept = (await catalogRecords(ctx, req.path, query)).filter((r) => keep(r.full, asked));
    res.setJson(kept.map((r) => (formAsked(req) === 'ref' ? r.ref : r.full)));
  });
}

/**
 * The inquiry list answering `param` its own way: every inquiry of the same query without it, kept to those
 * `keep` accepts, paged again (Total, Pagina and the entries of the page asked for).
 */
export function inquiryFilter(param: string, keep: (consulta: Json, value: string) => boolean): Fault {
  return answers(['consultas-list'], async (req, res, ctx) => {
    const value = req.query.get(param);
    if (res.status !== 200 || !value || invalidBecause(req, ctx, param)) return;
    const query = new URLSearchParams(req.query);
    query.delete(param);
    query.delete('pagina');
    const pageOf = async (n: number, accept?: string) => {
      query.set('pagina', String(n));
      return (await json(ctx, `${req.path}?${query}`, req.app, accept)) as Json;
    };
    const kept: Json[] = [];
    const ref = formAsked(req) === 'ref';
    for (let n = 1; ; n++) {
      const full = entriesOf(await pageOf(n));
      if (full.length === 0) break;
      const refs = ref ? entriesOf(await pageOf(n, MEDIA_TYPES.ref)) : full;
      for (const [i, consulta] of full.entries()) if (keep(consulta, value)) kept.push(refs[i]!);
    }
    res.editJson((page) => {
      const [pagina, size] = [Number(page.Pagina), Number(page.PerPagina)];
      page.Total = kept.length;
      page._entries = kept.slice((pagina - 1) * size, pagina * size);
    });
  });
}
