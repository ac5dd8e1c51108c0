import { empty, problem } from '../../mutants/exchange.ts';
import type { FaultContext } from '../../mutants/fault.ts';
import { answers, type Json, requests } from '../../support/fault-shapes.ts';
import type { R3Fault } from './r3.ts';
import { asksRef, entriesOf, FULL, isObject, jsonAnswer, REF_FORM, refuse400, withEntries, withForm } from './shapes.ts';
import { entries, expectStatus, saw } from './seed-facts.ts';

// The reference catalog: carrocerias, ciudades, colores, marcas — required and optional parameters, what each
// lookup matches against, ids of format int32, the reference form.

const fold = (s: string): string => s.trim().toLowerCase();

/** The full entries of a catalog list, from the upstream. */
async function catalog(ctx: FaultContext, path: string): Promise<Json[]> {
  return entriesOf((await ctx.upstream('GET', `${path}${path.includes('?') ? '&' : '?'}formato=${FULL}`)).json()).filter(isObject);
}

/** An integer written in decimal digits, the only spelling of an int32 path id. */
const DECIMAL = /^[+-]?\d{1,10}$/;

/** The path of an absolute URL (folded), or undefined. */
function urlPath(value: string): string | undefined {
  try {
    return fold(new URL(value).pathname);
  } catch {
    return undefined;
  }
}

/** Names of entries in any form (Nombre, Denominacion, or a reference-form title). */
const namesIn = (items: unknown[]): string[] => items.map((e) => (isObject(e) ? String(e.Nombre ?? e.Denominacion ?? e.title ?? '') : ''));

export const CATALOGO_FAULTS: R3Fault[] = [
  {
    name: 'carrocerias-bestmatch-without-bodystyle-200',
    kind: 'row',
    says: 'query bodystyle (required, string)',
    why: 'bodystyle is required: a best match without it is a validation failure (400), not the first body style.',
    fault: requests(['carrocerias-bestmatch'], (req) => {
      if ((req.query.get('bodystyle') ?? '').trim() === '') req.query.set('bodystyle', '3');
    }),
    witness: async (w) => expectStatus('GET /v3/carrocerias/bestmatch without bodystyle', await w.get('/v3/carrocerias/bestmatch'), 400),
  },
  {
    name: 'carrocerias-bestmatch-ignores-codename',
    kind: 'row',
    says: 'matched against id, api-url, api-url-path, name or codename',
    why: 'The body-style best match takes a codename as well as a name: a codename finds its body style.',
    fault: requests(['carrocerias-bestmatch'], async (req, ctx) => {
      const value = fold(req.query.get('bodystyle') ?? '');
      const items = await catalog(ctx, '/v3/carrocerias');
      const byCodename = items.some((i) => fold(String(i.Clave)) === value);
      const byName = items.some((i) => fold(String(i.Denominacion)).includes(value) || String(i.Codigo) === value);
      if (byCodename && !byName) return refuse400(req, 'bodystyle', 'ninguna carrocería coincide');
    }),
    witness: async (w) => {
      const a = await w.get('/v3/carrocerias/bestmatch?bodystyle=furgon');
      return a.status === 200 && a.body.includes('Furg')
        ? undefined
        : saw('GET /v3/carrocerias/bestmatch?bodystyle=furgon (a codename)', a.status, '200 Furgón');
    },
  },
  {
    name: 'carrocerias-get-unknown-id-400',
    kind: 'row',
    says: '404 (body style does not exist)',
    why: 'carrocerias/{id} row: a body style that does not exist is 404; the row defines no 400.',
    fault: answers(['carrocerias-get'], (req, res) => {
      if (res.status === 404) Object.assign(res, problem(req, 400, { id: ['no existe'] }));
    }),
    witness: async (w) => expectStatus('GET /v3/carrocerias/999', await w.get('/v3/carrocerias/999'), 404),
  },
  {
    name: 'carrocerias-id-beyond-int32-wraps',
    kind: 'lenient-value',
    says: 'path id (required, integer int32)',
    why: '4294967299 is not an int32, so it names no body style; truncating it to 32 bits finds body style 3.',
    fault: requests(['carrocerias-get'], (req) => {
      const id = req.param('id') ?? '';
      if (/^\d+$/.test(id) && Number(id) > 2 ** 31 - 1) req.setParam('id', String(Number(id) | 0));
    }),
    witness: async (w) => {
      const a = await w.get('/v3/carrocerias/4294967299');
      return a.status === 200 ? saw('GET /v3/carrocerias/4294967299 (2^32 + 3)', a.status, '404') : undefined;
    },
  },
  {
    name: 'ciudades-bestmatch-ignores-the-state',
    kind: 'row',
    says: "The bestmatch lookup resolves the caller's own state and city values to the service's registered ones",
    why: 'The city is resolved within the state given: Belgrano of Buenos Aires, not the Belgrano of another state.',
    fault: answers(['ciudades-bestmatch'], async (req, res, ctx) => {
      if (res.status !== 200) return;
      const city = fold(req.query.get('city') ?? '');
      const first = (await catalog(ctx, `/v3/ciudades?q=${encodeURIComponent(city)}`))
        .filter((c) => fold(String(c.Nombre)) === city)
        .sort((a, b) => Number(a.Codigo) - Number(b.Codigo))[0];
      if (!first) return;
      const other = await ctx.upstream('GET', withForm(`/v3/ciudades/${first.Codigo}`, new URLSearchParams(), req.query.get('formato') ?? undefined));
      Object.assign(res, { headers: other.headers, body: other.body });
    }),
    witness: async (w) => {
      const body = (await w.get('/v3/ciudades/bestmatch?state=AR-B&city=Belgrano', { formato: FULL })).json();
      return body?.Provincia?.Iso === 'AR-B'
        ? undefined
        : saw('GET /v3/ciudades/bestmatch?state=AR-B&city=Belgrano', body?.NombreCompleto, 'Belgrano, Buenos Aires');
    },
  },
  {
    name: 'ciudades-bestmatch-no-part-of-name',
    kind: 'row',
    says: 'city (required, string: matched against id, api-url, api-url-path, full name, part of name)',
    why: 'The city best match takes a part of the name: "Carlos Paz" finds Villa Carlos Paz.',
    fault: answers(['ciudades-bestmatch'], async (req, res, ctx) => {
      if (res.status !== 200) return;
      const value = fold(req.query.get('city') ?? '');
      const self = (res.json() as Json | undefined)?._links as Record<string, { href?: string }> | undefined;
      const href = String(self?.self?.href ?? (res.json() as Json | undefined)?.href ?? '');
      if (!href.startsWith('/')) return;
      const city = (await ctx.upstream('GET', `${href}?formato=${FULL}`)).json() as Json | undefined;
      const keys = [city?.Codigo, city?.Nombre, city?.NombreCompleto, city?.Url, href].map((k) => fold(String(k ?? '')));
      if (!keys.includes(value) && urlPath(value) !== fold(href)) Object.assign(res, refuse400(req, 'city', 'sin coincidencia exacta'));
    }),
    witness: async (w) => {
      const a = await w.get(`/v3/ciudades/bestmatch?state=AR-X&city=${encodeURIComponent('Carlos Paz')}`);
      return expectStatus('GET /v3/ciudades/bestmatch?state=AR-X&city=Carlos Paz (part of a name)', a, 200);
    },
  },
  {
    name: 'ciudades-list-without-region-or-q-200',
    kind: 'row',
    says: 'region (integer int32; region/province/state id; optional if q is given), q (string; part of the city name; optional if region is given)',
    why: 'Each of region and q is optional only when the other is given: with neither the request is invalid (400).',
    fault: answers(['ciudades-list'], async (req, res, ctx) => {
      if (res.status !== 400 || req.query.get('region') || req.query.get('q')) return;
      const seen = new Map<string, unknown>();
      for (const vowel of 'aeiou') {
        const part = await ctx.upstream('GET', withForm('/v3/ciudades', new URLSearchParams({ q: vowel }), req.query.get('formato') ?? undefined));
        for (const e of entriesOf(part.json())) seen.set(JSON.stringify(e), e);
        if (vowel === 'u') Object.assign(res, { status: 200, headers: part.headers, body: JSON.stringify(withEntries(part.json(), [...seen.values()])) });
      }
    }),
    witness: async (w) => expectStatus('GET /v3/ciudades (no region, no q)', await w.get('/v3/ciudades'), 400),
  },
  {
    name: 'ciudades-region-beyond-int32-wraps',
    kind: 'lenient-value',
    says: 'region (integer int32; region/province/state id; optional if q is given)',
    why: '4294967302 is not an int32: the region filter is invalid (400), not region 6 after truncation.',
    fault: requests(['ciudades-list'], (req) => {
      const region = req.query.get('region') ?? '';
      if (/^\d+$/.test(region) && Number(region) > 2 ** 31 - 1) req.query.set('region', String(Number(region) | 0));
    }),
    witness: async (w) => expectStatus('GET /v3/ciudades?region=4294967302 (2^32 + 6)', await w.get('/v3/ciudades?region=4294967302'), 400),
  },
  {
    name: 'ciudades-get-hex-id',
    kind: 'lenient-value',
    says: '| GET | /v3/ciudades/{id} | path id (required, integer int32) |',
    why: '0x3E9 is not an integer path id, so it names no city (404); Number() reads it as 1001.',
    fault: requests(['ciudades-get'], (req) => {
      const id = req.param('id') ?? '';
      if (!DECIMAL.test(id) && Number.isInteger(Number(id)) && id.trim() !== '') req.setParam('id', String(Number(id)));
    }),
    witness: async (w) => expectStatus('GET /v3/ciudades/0x3E9', await w.get('/v3/ciudades/0x3E9'), 404),
  },
  {
    name: 'ciudades-get-unknown-id-200-null',
    kind: 'row',
    says: '404 (city does not exist)',
    why: 'ciudades/{id} row: a city that does not exist is 404, not 200 with null.',
    fault: answers(['ciudades-get'], (_req, res) => {
      if (res.status === 404) Object.assign(res, jsonAnswer(200, null));
    }),
    witness: async (w) => expectStatus('GET /v3/ciudades/999999', await w.get('/v3/ciudades/999999'), 404),
  },
  {
    name: 'colores-nombre-matches-part-of-the-name',
    kind: 'lenient-value',
    says: 'nombre (string; full color name)',
    why: 'nombre is a full color name: "Azul" selects Azul, not Azul Marino.',
    fault: requests(['colores-list'], (req) => {
      const nombre = req.query.get('nombre');
      if (nombre === null) return;
      req.query.delete('nombre');
      req.query.set('q', nombre);
    }),
    witness: async (w) => {
      const names = namesIn(entries(await w.get('/v3/colores?nombre=Azul', { formato: FULL })));
      return names.includes('Azul Marino') ? saw('GET /v3/colores?nombre=Azul', names, 'Azul only') : undefined;
    },
  },
  {
    name: 'colores-get-id-with-blanks',
    kind: 'lenient-value',
    says: '| GET | /v3/colores/{id} | path id (required, integer int32) |',
    why: '" 7" is not an int32 path id (it has a blank), so it names no color.',
    fault: requests(['colores-get'], (req) => {
      const id = req.param('id') ?? '';
      if (id !== id.trim() && DECIMAL.test(id.trim())) req.setParam('id', id.trim());
    }),
    witness: async (w) => expectStatus('GET /v3/colores/%207', await w.get('/v3/colores/%207'), 404),
  },
  {
    name: 'colores-ref-entries-without-title',
    kind: 'link-problem-media',
    says: 'present in reference-form entries; a short human label for the target',
    why: 'Link object: title is present in reference-form entries.',
    fault: answers(['colores-list'], (req, res) => {
      if (res.status !== 200 || !asksRef(req)) return;
      res.editJson((body) => {
        for (const e of entriesOf(body)) if (isObject(e)) delete e.title;
      });
    }),
    witness: async (w) => {
      const bad = entries(await w.get('/v3/colores', { formato: REF_FORM })).find((e) => typeof e?.title !== 'string');
      return bad ? saw('GET /v3/colores (ref): an entry', bad, 'a title') : undefined;
    },
  },
  {
    name: 'marcas-q-ignores-codename',
    kind: 'row',
    says: 'q (string; part of the make name or codename)',
    why: 'q matches part of a codename too: "vw" finds Volkswagen.',
    fault: answers(['marcas-list'], (req, res) => {
      const q = req.query.get('q');
      if (res.status !== 200 || q === null) return;
      res.editJson(
        (body) =>
          withEntries(
            body,
            entriesOf(body).filter((e) => fold(namesIn([e])[0] ?? '').includes(fold(q))),
          ) as Json,
      );
    }),
    witness: async (w) => {
      const names = namesIn(entries(await w.get('/v3/marcas?q=vw', { formato: FULL })));
      return names.includes('Volkswagen') ? undefined : saw('GET /v3/marcas?q=vw (a codename)', names, 'Volkswagen');
    },
  },
  {
    name: 'marcas-solo-mercado-nuevos-defaults-true',
    kind: 'row',
    says: 'soloMercadoNuevos (boolean, default false; when true, only makes currently in the new-vehicle market)',
    why: 'Without soloMercadoNuevos the default is false: makes out of the new-vehicle market are listed too.',
    fault: requests(['marcas-list'], (req) => {
      if (req.query.get('soloMercadoNuevos') === null) req.query.set('soloMercadoNuevos', 'true');
    }),
    witness: async (w) => {
      const names = namesIn(entries(await w.get('/v3/marcas', { formato: FULL })));
      return names.includes('IKA') ? undefined : saw('GET /v3/marcas (no soloMercadoNuevos)', names, 'IKA (not in the new market) listed');
    },
  },
  {
    name: 'marcas-solo-mercado-nuevos-any-value-true',
    kind: 'lenient-value',
    says: 'soloMercadoNuevos (boolean, default false; when true, only makes currently in the new-vehicle market)',
    why: 'soloMercadoNuevos is a boolean: "quizas" is no boolean and fails validation (400) instead of meaning true.',
    fault: requests(['marcas-list'], (req) => {
      const v = req.query.get('soloMercadoNuevos');
      if (v !== null && !['true', 'false'].includes(v.trim().toLowerCase())) req.query.set('soloMercadoNuevos', 'true');
    }),
    witness: async (w) => expectStatus('GET /v3/marcas?soloMercadoNuevos=quizas', await w.get('/v3/marcas?soloMercadoNuevos=quizas'), 400),
  },
  {
    name: 'marcas-bestmatch-ignores-codename',
    kind: 'row',
    says: 'query make (required, string: matched against id, api-url, api-url-path, name, codename)',
    why: 'The make best match takes a codename: "vw" finds Volkswagen.',
    fault: requests(['marcas-bestmatch'], async (req, ctx) => {
      const value = fold(req.query.get('make') ?? '');
      const items = await catalog(ctx, '/v3/marcas');
      if (items.some((i) => fold(String(i.Clave)) === value) && !items.some((i) => fold(String(i.Nombre)) === value || String(i.Codigo) === value))
        return empty(404);
    }),
    witness: async (w) => expectStatus('GET /v3/marcas/bestmatch?make=vw (a codename)', await w.get('/v3/marcas/bestmatch?make=vw'), 200),
  },
  {
    name: 'marcas-ref-entries-carry-more-members',
    kind: 'link-problem-media',
    says: 'reference form: each list entry is only a link object with href and title',
    why: 'Conventions: a reference-form entry is only a link object; an id member beside href and title is not.',
    fault: answers(['marcas-list'], (req, res) => {
      if (res.status !== 200 || !asksRef(req)) return;
      res.editJson((body) => {
        for (const e of entriesOf(body)) if (isObject(e)) e.Codigo = Number(String(e.href).split('/').pop());
      });
    }),
    witness: async (w) => {
      const bad = entries(await w.get('/v3/marcas', { formato: REF_FORM })).find((e) =>
        Object.keys(e ?? {}).some((k) => !['href', 'title', 'templated'].includes(k)),
      );
      return bad ? saw('GET /v3/marcas (ref): an entry', bad, 'href and title only') : undefined;
    },
  },
];
