import { addDays } from '../../../models/index.ts';
import { empty, problem, type MutantRequest, type MutantResponse } from '../exchange.ts';
import type { Fault, FaultContext, Mutant } from '../fault.ts';
import { catalogFilter, folded, inquiryFilter } from './filter-faults.ts';
import { answers, invalidBecause, requests, type Json } from './helpers.ts';

// Endpoints > Agencias, Ciudades, Colores, Marcas, Consultas: query parameters accepted and then ignored, or
// read the way an outsider might misread the row (a prefix for "part of", a part for "full color name", the
// name alone for "name or codename", a present "false" taken for true).

const dropParam = (endpointId: string, name: string): Fault =>
  requests([endpointId], (req, ctx) => {
    if (req.query.has(name) && !invalidBecause(req, ctx, name)) req.query.delete(name);
  });

/** A request rewritten by `edit`, whose answer `fix` then edits with what `edit` remembered of it. */
function rewritten<T>(edit: (req: MutantRequest, ctx: FaultContext) => T | undefined, fix: (res: MutantResponse, memo: T) => void): Fault {
  const memos = new WeakMap<MutantRequest, T>();
  return {
    request(req, ctx) {
      const memo = edit(req, ctx);
      if (memo !== undefined) memos.set(req, memo);
    },
    response(req, res) {
      const memo = memos.get(req);
      if (memo !== undefined && res.status === 200) fix(res, memo);
    },
  };
}

/** The inquiry list with a period bound rewritten (null: left out), while the envelope names the day asked for. */
const periodBound = (bound: 'desde' | 'hasta', rewrite: (value: string, query: URLSearchParams) => string | null): Fault =>
  rewritten(
    (req, ctx) => {
      const value = req.query.get(bound);
      if (req.endpoint !== 'consultas-list' || !value || invalidBecause(req, ctx, 'desde') || invalidBecause(req, ctx, 'hasta')) return undefined;
      const sent = rewrite(value, req.query);
      if (sent === value) return undefined;
      if (sent === null) req.query.delete(bound);
      else req.query.set(bound, sent);
      return value;
    },
    (res, asked) => {
      const member = bound === 'desde' ? 'Desde' : 'Hasta';
      res.editJson((page) => void (page[member] = `${asked}${String(page[member]).slice(10)}`));
    },
  );

const name = (r: Json) => folded(r.Nombre);
const str = (v: unknown) => String(v ?? '');

export const FILTER_MUTANTS: Mutant[] = [
  {
    name: 'agencies-operador-ignored',
    statement: 'endpoints/agencias-list/operador',
    breaks: 'filters/agencias-operador-unknown',
    fault: dropParam('agencias-list', 'operador'),
  },
  {
    name: 'agencies-operador-matches-admin-only',
    statement: 'endpoints/agencias-list/operador',
    quote: "one of the agency's operators",
    breaks: 'filters/agencias-operador',
    // "one of the agency's operators" read as its administrator: the agency whose adminMail it is.
    fault: answers(['agencias-list'], (req, res) => {
      const operador = req.query.get('operador')?.toLowerCase();
      if (res.status !== 200 || !operador) return;
      const adminOf = (a: Json) => folded(a.AdminMail ?? decodeURIComponent(str(a.href).split('/').at(-1) ?? ''));
      res.editJson<Json[]>((list) => list.filter((a) => adminOf(a) === operador));
    }),
  },
  {
    name: 'cities-q-ignored',
    statement: 'endpoints/ciudades-list/q',
    breaks: 'filters/ciudades-q',
    also: ['filters/ciudades-q-part-of-name', 'filters/ciudades-region'],
    fault: catalogFilter('ciudades-list', ['q'], () => true),
  },
  {
    name: 'cities-q-prefix-only',
    statement: 'endpoints/ciudades-list/q',
    quote: 'part of the city name',
    breaks: 'filters/ciudades-q-part-of-name',
    also: ['filters/ciudades-q'],
    fault: catalogFilter('ciudades-list', ['q'], (city, { q }) => name(city).startsWith(folded(q))),
  },
  {
    name: 'cities-region-ignored',
    statement: 'endpoints/ciudades-list/region',
    breaks: 'filters/ciudades-region',
    fault: catalogFilter('ciudades-list', ['region'], () => true),
  },
  {
    name: 'city-bestmatch-exact-only',
    statement: 'endpoints/ciudades-bestmatch/city',
    quote: 'full name, part of name',
    breaks: 'catalogo/bestmatch-ciudades',
    // "part of name" left out: a city value that equals none of the other fields finds nothing.
    fault: answers(['ciudades-bestmatch'], (req, res) => {
      const city = res.status === 200 ? (res.json() as Json) : undefined;
      const value = folded(req.query.get('city')).replace(/\/+$/, '');
      const exact = [city?.Id, city?.ApiUrl, city?.ApiUrlPath, city?.NombreCompleto, city?.Nombre].some((v) => folded(v).replace(/\/+$/, '') === value);
      if (city && !exact) Object.assign(res, problem(req, 400, { city: ['no city matches'] }));
    }),
  },
  {
    name: 'make-bestmatch-ignores-codename',
    statement: 'endpoints/marcas-bestmatch/make',
    quote: 'name, codename',
    breaks: 'catalogo/bestmatch-marcas',
    // The codename left out of the fields matched: a make only its codename names is not found (404, as the
    // reference answers no match).
    fault: requests(['marcas-bestmatch'], async (req, ctx) => {
      const make = folded(req.query.get('make'));
      const makes = (await ctx.upstream('GET', '/v3/marcas')).json() as Json[];
      const other = makes.some((m) => [m.Id, m.ApiUrl, m.ApiUrlPath, m.Nombre].some((v) => folded(v) === make));
      if (!other && makes.some((m) => folded(m.Codename) === make)) return empty(404);
    }),
  },
  {
    name: 'colors-q-ignored',
    statement: 'endpoints/colores-list/q',
    breaks: 'filters/colores-q',
    also: ['filters/colores-q-part-of-name'],
    fault: dropParam('colores-list', 'q'),
  },
  {
    name: 'colors-q-prefix-only',
    statement: 'endpoints/colores-list/q',
    quote: 'part of the name',
    breaks: 'filters/colores-q-part-of-name',
    fault: catalogFilter('colores-list', ['q'], (color, { q }) => name(color).startsWith(folded(q))),
  },
  {
    name: 'colors-nombre-ignored',
    statement: 'endpoints/colores-list/nombre',
    breaks: 'filters/colores-nombre',
    also: ['filters/colores-nombre-full-name'],
    fault: dropParam('colores-list', 'nombre'),
  },
  {
    name: 'colors-nombre-as-part-of',
    statement: 'endpoints/colores-list/nombre',
    quote: 'full color name',
    breaks: 'filters/colores-nombre',
    fault: catalogFilter('colores-list', ['nombre'], (color, { nombre }) => name(color).includes(folded(nombre))),
  },
  {
    name: 'colors-nombre-against-upper-case-key',
    statement: 'endpoints/colores-list/nombre',
    quote: 'full color name',
    breaks: 'filters/colores-nombre-full-name',
    // The full name compared, case-sensitively, with a key the server keeps in upper case.
    fault: catalogFilter('colores-list', ['nombre'], (color, { nombre }) => str(color.Nombre).toUpperCase() === nombre),
  },
  {
    name: 'makes-q-ignored',
    statement: 'endpoints/marcas-list/q',
    breaks: 'filters/marcas-q',
    also: ['filters/marcas-q-name-or-codename'],
    fault: dropParam('marcas-list', 'q'),
  },
  {
    name: 'makes-q-name-only',
    statement: 'endpoints/marcas-list/q',
    quote: 'make name or codename',
    breaks: 'filters/marcas-q-name-or-codename',
    fault: catalogFilter('marcas-list', ['q'], (make, { q }) => name(make).includes(folded(q))),
  },
  {
    name: 'makes-q-prefix-only',
    statement: 'endpoints/marcas-list/q',
    quote: 'part of the make name or codename',
    breaks: 'filters/marcas-q-name-or-codename',
    fault: catalogFilter('marcas-list', ['q'], (make, { q }) => [make.Nombre, make.Codename].some((v) => folded(v).startsWith(folded(q)))),
  },
  {
    name: 'makes-solo-false-filters-too',
    statement: 'endpoints/marcas-list/solo-mercado-nuevos',
    quote: 'boolean, default false',
    breaks: 'filters/marcas-solo-mercado-nuevos-default-false',
    // The parameter's presence taken for true: the string "false" is truthy.
    fault: requests(['marcas-list'], (req) => {
      if (req.query.get('soloMercadoNuevos') === 'false') req.query.set('soloMercadoNuevos', 'true');
    }),
  },
  {
    name: 'makes-solo-default-true',
    statement: 'endpoints/marcas-list/solo-mercado-nuevos',
    quote: 'default false',
    breaks: 'filters/marcas-solo-mercado-nuevos-default-false',
    fault: requests(['marcas-list'], (req) => {
      if (!req.query.has('soloMercadoNuevos')) req.query.set('soloMercadoNuevos', 'true');
    }),
  },
  {
    name: 'makes-solo-ignored',
    statement: 'endpoints/marcas-list/solo-mercado-nuevos',
    quote: 'when true, only makes currently in the new-vehicle market',
    breaks: 'filters/marcas-solo-mercado-nuevos-flag',
    fault: dropParam('marcas-list', 'soloMercadoNuevos'),
  },
  {
    name: 'makes-solo-inverted',
    statement: 'endpoints/marcas-list/solo-mercado-nuevos',
    quote: 'when true, only makes currently in the new-vehicle market',
    breaks: 'filters/marcas-solo-mercado-nuevos-flag',
    fault: catalogFilter('marcas-list', ['soloMercadoNuevos'], (make, { soloMercadoNuevos }) => soloMercadoNuevos !== 'true' || make.MercadoNuevos === false),
  },
  {
    name: 'externalid-matched-by-prefix',
    statement: 'endpoints/consultas-list/externalid',
    quote: 'external id of a publication',
    breaks: 'consultas/list/filter-externalid',
    fault: inquiryFilter('externalid', (consulta, value) => str((consulta.Auto as Json | undefined)?.ExternalId).startsWith(value)),
  },
  {
    name: 'operador-ignored',
    statement: 'endpoints/consultas-list/operador',
    breaks: 'consultas/list/filter-operador',
    fault: dropParam('consultas-list', 'operador'),
  },
  {
    name: 'operador-matched-against-buyer-email',
    statement: 'endpoints/consultas-list/operador',
    quote: 'only inquiries visible to that collaborator',
    breaks: 'consultas/list/filter-operador',
    fault: inquiryFilter('operador', (consulta, value) => folded((consulta.Interesado as Json | undefined)?.Email) === folded(value)),
  },
  {
    name: 'desde-alone-ignored',
    statement: 'endpoints/consultas-list/desde',
    quote: 'first day of reception',
    breaks: 'consultas/list/filter-desde-hasta',
    // The period is applied only when both bounds are given.
    fault: periodBound('desde', (value, query) => (query.has('hasta') ? value : null)),
  },
  {
    name: 'hasta-alone-ignored',
    statement: 'endpoints/consultas-list/hasta',
    breaks: 'consultas/list/filter-desde-hasta',
    fault: periodBound('hasta', (value, query) => (query.has('desde') ? value : null)),
  },
  {
    name: 'hasta-day-excluded',
    statement: 'endpoints/consultas-list/hasta',
    quote: 'last day of reception',
    breaks: 'consultas/list/filter-desde-hasta',
    // "last day of reception" read as an exclusive end: the inquiries of that day are left out.
    fault: periodBound('hasta', (value, query) => {
      const before = addDays(value, -1);
      return query.get('desde') !== null && before < query.get('desde')! ? value : before;
    }),
  },
  {
    name: 'pagina-ignored',
    statement: 'endpoints/consultas-list/pagina',
    quote: 'page number',
    breaks: 'consultas/list/no-duplicates',
    also: ['consultas/list/no-gaps'],
    // Every page is the first, though it says the number asked for.
    fault: rewritten(
      (req, ctx) => {
        const pagina = req.query.get('pagina');
        if (req.endpoint !== 'consultas-list' || !pagina || invalidBecause(req, ctx, 'pagina')) return undefined;
        req.query.delete('pagina');
        return Number(pagina);
      },
      (res, pagina) => res.editJson((page) => void (page.Pagina = pagina)),
    ),
  },
];
