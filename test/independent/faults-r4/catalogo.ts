import { problem } from '../../mutants/exchange.ts';
import { entries, saw } from '../faults-r3/seed-facts.ts';
import type { R4Fault } from './r4.ts';

// The reference catalog: what a filter or a lookup matches, a default, and a row whose only other code is 404.

const fold = (s: string): string => s.toLowerCase();

export const CATALOGO_FAULTS: R4Fault[] = [
  {
    name: 'colores-nombre-matches-part',
    says: 'nombre (string; full color name)',
    why: 'nombre names a whole color name; the fault matches it as a part, like q',
    kind: 'lenient-value',
    fault: {
      request(req) {
        const nombre = req.query.get('nombre');
        if (req.endpoint !== 'colores-list' || nombre === null) return;
        req.query.delete('nombre');
        req.query.set('q', nombre);
      },
    },
    async witness(w) {
      const wrong = entries(await w.get('/v3/colores?nombre=Gris')).filter((e) => fold(String(e.Nombre)) !== 'gris');
      return wrong.length === 0
        ? undefined
        : saw(
            'GET /v3/colores?nombre=Gris',
            wrong.map((e) => e.Nombre),
            'no color other than one named Gris',
          );
    },
  },
  {
    name: 'marcas-new-market-by-default',
    says: 'soloMercadoNuevos (boolean, default false; when true, only makes currently in the new-vehicle market)',
    why: 'without soloMercadoNuevos the default is false (every make); the fault filters as if true',
    kind: 'row',
    fault: {
      request(req) {
        if (req.endpoint === 'marcas-list' && !req.query.has('soloMercadoNuevos')) req.query.set('soloMercadoNuevos', 'true');
      },
    },
    async witness(w) {
      const bare = entries(await w.get('/v3/marcas')).length;
      const all = entries(await w.get('/v3/marcas?soloMercadoNuevos=false')).length;
      return bare === all ? undefined : saw('GET /v3/marcas vs soloMercadoNuevos=false', `${bare} vs ${all} makes`, 'the same list');
    },
  },
  {
    name: 'ciudades-q-prefix-only',
    says: 'q (string; part of the city name; optional if region is given)',
    why: 'q is any part of the name; the fault only keeps cities whose name starts with it',
    kind: 'lenient-value',
    fault: {
      response(req, res) {
        const q = req.query.get('q');
        if (req.endpoint !== 'ciudades-list' || res.status !== 200 || !q) return;
        const keep = (e: Record<string, unknown>): boolean => fold(String(e.Nombre ?? e.title ?? '')).startsWith(fold(q));
        res.editJson<unknown>((body) => {
          if (Array.isArray(body)) return body.filter(keep);
          const b = body as { _entries?: Record<string, unknown>[] };
          b._entries = b._entries?.filter(keep);
        });
      },
    },
    async witness(w) {
      const names = entries(await w.get('/v3/ciudades?q=plata')).map((e) => e.Nombre);
      return names.includes('La Plata') ? undefined : saw('GET /v3/ciudades?q=plata', names, 'La Plata among them');
    },
  },
  {
    name: 'carrocerias-bestmatch-ignores-path',
    says: 'query bodystyle (required, string): matched against id, api-url, api-url-path, name or codename',
    why: 'a body style is found by its api-url-path too; the fault refuses a path value with 400',
    kind: 'row',
    fault: {
      request(req) {
        if (req.endpoint === 'carrocerias-bestmatch' && (req.query.get('bodystyle') ?? '').startsWith('/'))
          return problem(req, 400, { bodystyle: ['sin coincidencia'] });
      },
    },
    async witness(w) {
      const a = await w.get(`/v3/carrocerias/bestmatch?bodystyle=${encodeURIComponent('/v3/carrocerias/11')}`);
      return a.status === 200 && a.json()?.Codigo === 11 ? undefined : saw('GET bestmatch bodystyle=/v3/carrocerias/11', a.status, '200, body style 11');
    },
  },
  {
    name: 'carroceria-large-id-400',
    says: 'Every endpoint may answer 400 with a validation problem body unless the table lists only other codes',
    why: 'GET /v3/carrocerias/{id} lists only 404, so a valid int32 id that names nothing is 404, never 400',
    kind: 'row',
    fault: {
      request(req) {
        if (req.endpoint === 'carrocerias-get' && (req.param('id') ?? '').length >= 6) return problem(req, 400, { id: ['id fuera de rango'] });
      },
    },
    async witness(w) {
      const a = await w.get('/v3/carrocerias/2147483647');
      return a.status === 404 ? undefined : saw('GET /v3/carrocerias/2147483647', a.status, '404');
    },
  },
];
