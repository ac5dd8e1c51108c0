import { MutantResponse } from '../exchange.ts';
import type { Mutant } from '../fault.ts';
import { answers, formAsked, requests, type Json } from './helpers.ts';

// Endpoints > Home, Carrocerias, Ciudades, Colores, Marcas: the home document's ETag and 304, the catalog
// lookups, and a 500 on an odd but valid input.

const MADE_UP_MAKE = { Id: 999, Nombre: 'Mutante', Codename: 'mutante', MercadoNuevos: true, _links: { self: { href: '/v3/marcas/bestmatch?make=999' } } };

export const CATALOG_MUTANTS: Mutant[] = [
  {
    name: 'home-without-etag',
    statement: 'endpoints/home/etag',
    breaks: 'home/etag-present',
    also: ['home/etag-304', 'status/home/304'],
    fault: answers(['home'], (_req, res) => void delete res.headers.etag),
  },
  {
    name: 'home-304-carries-body',
    statement: 'endpoints/home/304',
    breaks: 'home/304-no-body',
    // The home document sent again after the 304's header block.
    fault: answers(['home'], async (req, res, ctx) => {
      if (res.status !== 304) return;
      const full = await ctx.upstream('GET', '/v3', { ...(req.headers.accept ? { accept: req.headers.accept } : {}) });
      Object.assign(res, { body: full.body, bodyAnyway: true });
    }),
  },
  {
    name: 'home-ignores-conditional-header',
    statement: 'errors/304',
    breaks: 'home/etag-304',
    also: ['status/home/304'],
    fault: requests(['home'], (req) => void delete req.headers['if-none-match']),
  },
  {
    // Issue 28 §2, every form of every row: the entry form's ETag, sent back in the entry form, is not heeded.
    name: 'home-entry-form-ignores-conditional-header',
    statement: 'errors/304',
    breaks: 'home/etag-304',
    fault: requests(['home'], (req) => {
      if (formAsked(req) === 'entry') delete req.headers['if-none-match'];
    }),
  },
  {
    name: 'body-style-bestmatch-returns-first',
    statement: 'endpoints/carrocerias-bestmatch/bodystyle',
    breaks: 'catalogo/bestmatch-carrocerias',
    fault: requests(['carrocerias-bestmatch'], (req) => {
      if (req.query.get('bodystyle')) req.query.set('bodystyle', '1');
    }),
  },
  {
    name: 'city-bestmatch-returns-first-of-region',
    statement: 'endpoints/ciudades-bestmatch-purpose',
    breaks: 'catalogo/bestmatch-ciudades',
    fault: answers(['ciudades-bestmatch'], async (_req, res, ctx) => {
      const region = ((res.json() as Json | undefined)?.Region as Json | undefined)?.Id;
      if (res.status !== 200 || region === undefined) return;
      const cities = (await ctx.upstream('GET', `/v3/ciudades?region=${String(region)}`)).json();
      if (Array.isArray(cities) && cities.length > 0) res.setJson(cities[0]);
    }),
  },
  {
    name: 'make-bestmatch-returns-first',
    statement: 'endpoints/marcas-bestmatch/make',
    breaks: 'catalogo/bestmatch-marcas',
    fault: requests(['marcas-bestmatch'], (req) => {
      if (req.query.get('make')) req.query.set('make', '1');
    }),
  },
  {
    // What a make matching none gets is the profile's marcasNoMatch (reference: 404); an empty 200 is none of it.
    name: 'make-bestmatch-no-match-empty-200',
    statement: 'endpoints/marcas-bestmatch/others-not-shown',
    breaks: 'catalogo/marcas-bestmatch-no-match',
    fault: answers(['marcas-bestmatch'], (_req, res) => {
      if (res.status !== 404) return;
      res.status = 200;
      res.headers['content-type'] = 'application/json';
      res.setJson({});
    }),
  },
  {
    name: 'color-lookup-differs-from-list-entry',
    statement: 'endpoints/colores-get/200',
    breaks: 'catalogo/list-entries-resolve',
    fault: answers(['colores-get'], (_req, res) => {
      if (res.status === 200) res.editJson((color) => void (color.Nombre = `${String(color.Nombre)} (otro)`));
    }),
  },
  {
    name: 'cities-without-region-or-q-returns-200',
    statement: 'endpoints/ciudades-list/q',
    breaks: 'catalogo/ciudades-needs-region-or-q',
    also: ['status/ciudades-list/400'],
    fault: requests(['ciudades-list'], (req) => {
      if (!req.query.get('region') && !req.query.get('q')) req.query.set('q', 'a');
    }),
  },
  {
    name: 'solo-mercado-nuevos-adds-a-make',
    statement: 'endpoints/marcas-list/solo-mercado-nuevos',
    breaks: 'catalogo/marcas-solo-mercado-nuevos-narrows',
    fault: answers(['marcas-list'], (req, res) => {
      if (res.status !== 200 || req.query.get('soloMercadoNuevos')?.toLowerCase() !== 'true') return;
      const made = formAsked(req) === 'ref' ? { href: MADE_UP_MAKE._links.self.href, title: MADE_UP_MAKE.Nombre } : MADE_UP_MAKE;
      res.editJson<unknown>((list) => (Array.isArray(list) ? [...list, made] : list));
    }),
  },
  {
    name: 'catalog-search-500-on-odd-text',
    statement: 'endpoints/codes-defined',
    breaks: 'status/colores-list/documented-only',
    also: ['status/marcas-list/documented-only', 'status/ciudades-list/documented-only'],
    // The catalog's text search (q, nombre: free text) crashes on anything but plain letters and spaces.
    fault: requests(['colores-list', 'marcas-list', 'ciudades-list'], (req) => {
      const odd = ['q', 'nombre'].some((name) => /[^a-zA-Z ]/.test(req.query.get(name) ?? ''));
      if (odd) return new MutantResponse(500, { 'content-type': 'text/plain' }, 'Internal Server Error');
    }),
  },
];
