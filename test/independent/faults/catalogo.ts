import { empty, MutantResponse, problem } from '../../mutants/exchange.ts';
import { answers, recode, requests } from '../../support/fault-shapes.ts';
import type { OutsiderFault } from './outsider.ts';
import { listEntries } from './walk.ts';

// Endpoints > Carrocerias, Ciudades, Colores, Marcas: the reference catalog, its filters and lookups.

const drop = (endpointId: string, name: string): OutsiderFault['fault'] => requests([endpointId], (req) => void req.query.delete(name));
const INT32 = /^-?\d{1,10}$/;
type Entry = Record<string, unknown>;

/** A list answer (either shape) keeping only the entries `keep` allows, where the request has `q`. */
const narrowByQ = (endpointId: string, keep: (e: Entry, q: string) => boolean): OutsiderFault['fault'] =>
  answers([endpointId], (req, res) => {
    const q = req.query.get('q')?.toLowerCase();
    if (!q || res.status !== 200) return;
    res.editJson<unknown>((j) =>
      Array.isArray(j) ? j.filter((e: Entry) => keep(e, q)) : void ((j as Entry)._entries = listEntries(j).filter((e) => keep(e, q))),
    );
  });
const nameOf = (e: Entry): string => String(e.Nombre ?? e.title ?? '').toLowerCase();

/** The catalog's faults by resource: each is judged by the rules of its own resource. */
export const CATALOGO_FAULTS = {
  carrocerias: [
    {
      name: 'carrocerias-bestmatch-by-name-only',
      says: 'query bodystyle (required, string): matched against id, api-url, api-url-path, name or codename',
      fault: answers(['carrocerias-bestmatch'], async (req, res, ctx) => {
        const wanted = req.query.get('bodystyle') ?? '';
        const all = listEntries((await ctx.upstream('GET', '/v3/carrocerias?formato=application/json')).json());
        if (res.status === 200 && !all.some((c) => String(c.Denominacion).toLowerCase() === wanted.toLowerCase()))
          Object.assign(res, problem(req, 400, { bodystyle: ['sin coincidencia'] }));
      }),
    },
    {
      name: 'carrocerias-bestmatch-missing-param-404',
      says: '| 400 |',
      fault: requests(['carrocerias-bestmatch'], (req) => (!req.query.get('bodystyle') ? empty(404) : undefined)),
    },
    {
      name: 'carrocerias-id-beyond-int32-400',
      says: 'path id (required, integer int32) | … | 404 (… does not exist)',
      fault: requests(['carrocerias-get', 'ciudades-get', 'colores-get'], (req) => {
        const id = req.param('id') ?? '';
        if (!INT32.test(id) || Math.abs(Number(id)) > 2 ** 31) return problem(req, 400, { id: ['no es un int32'] });
      }),
    },
    {
      name: 'carrocerias-list-offers-ref',
      says: 'GET /v3/carrocerias … 200 list of Carrocerias (json, text/json, entry)',
      fault: answers(['carrocerias-list', 'carrocerias-get'], (req, res) => {
        if (/ref/.test(req.query.get('formato') ?? '') && res.status === 200) res.headers['content-type'] = 'application/vnd.service.ref+json';
      }),
    },
  ],
  ciudades: [
    {
      name: 'ciudades-region-beyond-int32-lists-none',
      says: 'query region (integer int32',
      fault: requests(['ciudades-list'], (req) => {
        const region = req.query.get('region');
        if (region !== null && /^-?\d+$/.test(region) && Math.abs(Number(region)) >= 2 ** 31)
          return new MutantResponse(200, { 'content-type': 'text/json' }, '[]');
      }),
    },
    {
      name: 'ciudades-q-ignored',
      says: 'q (string; part of the city name; optional if region is given)',
      fault: requests(['ciudades-list'], (req) => {
        if (req.query.has('region')) req.query.delete('q');
      }),
    },
    {
      name: 'ciudades-region-ignored',
      says: 'query region (integer int32; region/province/state id; optional if q is given)',
      fault: requests(['ciudades-list'], (req) => {
        if (req.query.has('q')) req.query.delete('region');
      }),
    },
    {
      name: 'ciudades-without-region-or-q-answers-200',
      says: 'region … optional if q is given), q (… optional if region is given)',
      fault: requests(['ciudades-list'], (req) =>
        !req.query.has('q') && !req.query.has('region') ? new MutantResponse(200, { 'content-type': 'text/json' }, '[]') : undefined,
      ),
    },
    {
      name: 'ciudades-q-is-a-prefix',
      says: 'q (string; part of the city name',
      fault: narrowByQ('ciudades-list', (e, q) => nameOf(e).startsWith(q)),
    },
    {
      name: 'ciudades-bestmatch-ignores-state',
      says: 'query state (required, string: matched against id, api-url, api-url-path, name, iso)',
      fault: requests(['ciudades-bestmatch'], (req) => (req.query.has('state') ? void req.query.set('state', '1') : undefined)),
    },
    {
      name: 'ciudades-ref-form-carries-full-entries',
      says: 'reference form: each list entry is only a link object with href and title',
      fault: answers(['ciudades-list', 'colores-list'], async (req, res, ctx) => {
        if (!res.headers['content-type']?.startsWith('application/vnd.service.ref+json')) return;
        const q = new URLSearchParams(req.query);
        q.set('formato', 'application/vnd.service.entry+json');
        res.body = (await ctx.upstream('GET', `${req.path}?${q.toString()}`, { app: req.app })).body;
      }),
    },
  ],
  colores: [
    {
      name: 'colores-nombre-ignored',
      says: 'nombre (string; full color name)',
      fault: drop('colores-list', 'nombre'),
    },
    {
      name: 'colores-q-ignored',
      says: 'query q (string; part of the name)',
      fault: drop('colores-list', 'q'),
    },
    {
      name: 'colores-nombre-is-part-of-name',
      says: 'nombre (string; full color name)',
      fault: requests(['colores-list'], (req) => {
        const nombre = req.query.get('nombre');
        if (nombre === null) return;
        req.query.delete('nombre');
        req.query.set('q', nombre.slice(0, Math.max(1, nombre.length - 1)));
      }),
    },
    {
      name: 'colores-missing-200-null',
      says: '404 (color does not exist)',
      fault: answers(['colores-get'], (_req, res) => {
        if (res.status === 404) Object.assign(res, new MutantResponse(200, { 'content-type': 'application/json' }, 'null'));
      }),
    },
  ],
  marcas: [
    {
      name: 'marcas-solo-mercado-nuevos-ignored',
      says: 'soloMercadoNuevos (boolean, default false; when true, only makes currently in the new-vehicle market)',
      fault: drop('marcas-list', 'soloMercadoNuevos'),
    },
    {
      name: 'marcas-solo-mercado-nuevos-default-true',
      says: 'soloMercadoNuevos (boolean, default false',
      fault: requests(['marcas-list'], (req) => {
        if (!req.query.has('soloMercadoNuevos')) req.query.set('soloMercadoNuevos', 'true');
      }),
    },
    {
      name: 'marcas-q-ignores-codename',
      says: 'q (string; part of the make name or codename)',
      fault: narrowByQ('marcas-list', (e, q) => nameOf(e).includes(q)),
    },
    {
      name: 'marcas-bestmatch-ignores-make',
      says: 'query make (required, string: matched against id, api-url, api-url-path, name, codename)',
      fault: requests(['marcas-bestmatch'], async (_req, ctx) => {
        const first = listEntries((await ctx.upstream('GET', '/v3/marcas?formato=application/json')).json())[0];
        return new MutantResponse(200, { 'content-type': 'application/json' }, JSON.stringify(first ?? {}));
      }),
    },
    {
      name: 'marcas-list-400-becomes-422',
      says: '200 list of Marcas (json, text/json, entry, ref) | 400',
      fault: recode('marcas-list', 400, 422),
    },
  ],
} satisfies Record<string, OutsiderFault[]>;
