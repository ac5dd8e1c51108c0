import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT32, MEDIA_TYPES, refLink, validationProblem } from '../../models/index.ts';
import { boot, enc, type Harness } from './support.ts';

// Endpoints > Carrocerias, Ciudades, Colores, Marcas, with the profile's catalogKeys naming the fields
// bestmatch matches against.
let h: Harness;
beforeAll(async () => {
  h = await boot();
});
afterAll(() => h.close());

type Rec = Record<string, unknown>;
const at = (record: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, token) => (node as Rec | undefined)?.[token], record);
const list = async (path: string, query: Record<string, string> = {}) => (await h.call(path, { query })).json as Rec[];

describe('catalog contents', () => {
  it('has at least 12 body styles, 24 regions with 150 cities, 20 colours and 40 makes', async () => {
    expect((await list('/v3/carrocerias')).length).toBeGreaterThanOrEqual(12);
    const cities: Rec[] = [];
    for (let region = 1; region <= 24; region++) cities.push(...(await list('/v3/ciudades', { region: String(region) })));
    expect(cities.length).toBeGreaterThanOrEqual(150);
    const isos = new Set(cities.map((c) => at(c, '/Region/Iso')));
    expect(isos.size).toBe(24);
    for (const iso of isos) expect(iso).toMatch(/^AR-[A-Z]$/);
    expect(await list('/v3/ciudades', { region: '25' })).toEqual([]);
    expect((await list('/v3/colores')).length).toBe(20);
    expect((await list('/v3/marcas')).length).toBe(40);
  });

  it('resolves every list entry by its id', async () => {
    for (const [listPath, getPath] of [
      ['/v3/carrocerias', '/v3/carrocerias/'],
      ['/v3/colores', '/v3/colores/'],
    ] as const) {
      for (const record of await list(listPath)) expect((await h.call(`${getPath}${record.Id}`)).json).toEqual(record);
    }
    for (const city of await list('/v3/ciudades', { q: 'san' })) expect((await h.call(`/v3/ciudades/${city.Id}`)).json).toEqual(city);
  });

  it('offers the reference form where the rows list it', async () => {
    for (const path of ['/v3/ciudades?q=rio', '/v3/colores', '/v3/marcas', '/v3/ciudades/1', '/v3/colores/1', '/v3/marcas/bestmatch?make=toyota']) {
      const res = await h.call(path, { form: 'ref' });
      expect(res.headers['content-type'], path).toBe(MEDIA_TYPES.ref);
      for (const entry of Array.isArray(res.json) ? res.json : [res.json]) refLink().parse(entry);
    }
    for (const path of ['/v3/carrocerias', '/v3/carrocerias/1', '/v3/carrocerias/bestmatch?bodystyle=suv']) {
      expect((await h.call(path, { form: 'ref' })).status, path).toBe(406);
    }
  });
});

describe('bestmatch', () => {
  it('finds each body style and make by every field of catalogKeys, case- and accent-insensitively', async () => {
    for (const [area, path, param] of [
      ['carrocerias', '/v3/carrocerias', 'bodystyle'],
      ['marcas', '/v3/marcas', 'make'],
    ] as const) {
      const keys = h.profile.catalogKeys[area]!;
      // The fields bestmatch matches against; marcas also names its new-vehicle-market flag, which it does not.
      const fields = ['api-url', 'api-url-path', 'codename', 'id', 'name'];
      expect(Object.keys(keys)).toEqual(expect.arrayContaining(fields));
      const lookups = (await list(path)).flatMap((record) =>
        fields.flatMap((field) => {
          const value = String(at(record, keys[field]!));
          return [value, value.toUpperCase(), value.normalize('NFD').replace(/\p{M}/gu, '')].map(async (variant) => {
            const res = await h.call(`${path}/bestmatch`, { query: { [param]: variant } });
            expect((res.json as Rec).Id, `${area} ${keys[field]}=${variant}`).toBe(record.Id);
          });
        }),
      );
      await Promise.all(lookups);
    }
  });

  it('finds each city by every state field and every city field', async () => {
    const { ciudades, states } = h.profile.catalogKeys;
    const cities = await list('/v3/ciudades', { q: 'a' });
    for (const city of cities.filter((_, i) => i % 7 === 0)) {
      for (const statePointer of Object.values(states!)) {
        for (const [field, cityPointer] of Object.entries(ciudades!)) {
          const name = String(at(city, cityPointer));
          const cityValue = field === 'part of name' ? name.slice(0, Math.max(4, name.length - 2)) : name;
          const res = await h.call('/v3/ciudades/bestmatch', { query: { state: String(at(city, statePointer)), city: cityValue } });
          if (field === 'part of name' && res.status === 200 && (res.json as Rec).Id !== city.Id) {
            // A part of a name may also start a shorter name of the same region; the full name then decides.
            expect(String((res.json as Rec).Nombre).length).toBeLessThanOrEqual(name.length);
            continue;
          }
          expect((res.json as Rec).Id, `${statePointer} / ${field}=${cityValue}`).toBe(city.Id);
        }
      }
    }
  });

  it('resolves Argentine spellings the way callers write them', async () => {
    const city = async (state: string, c: string) => ((await h.call('/v3/ciudades/bestmatch', { query: { state, city: c } })).json as Rec).NombreCompleto;
    expect(await city('cordoba', 'RIO CUARTO')).toBe('Río Cuarto, Córdoba');
    expect(await city('AR-U', 'Rawson')).toBe('Rawson, Chubut');
    expect(await city('San Juan', 'Rawson')).toBe('Rawson, San Juan');
    expect(await city('santa fe', 'rosar')).toBe('Rosario, Santa Fe');
    expect(await city('Ciudad Autónoma de Buenos Aires', 'palermo')).toBe('Palermo, Ciudad Autónoma de Buenos Aires');
    const make = async (m: string) => ((await h.call('/v3/marcas/bestmatch', { query: { make: m } })).json as Rec).Nombre;
    expect(await make('citroen')).toBe('Citroën');
    expect(await make('Land Rover Defender')).toBe('Land Rover');
    expect(await make('mercedes')).toBe('Mercedes-Benz');
  });

  it('answers no match with 400 keyed by the parameter (carrocerias, ciudades) or 404 (marcas)', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/v3/carrocerias/bestmatch', { bodystyle: 'zeppelin' }, 'bodystyle'],
      ['/v3/carrocerias/bestmatch', {}, 'bodystyle'],
      ['/v3/ciudades/bestmatch', { state: 'Atlantis', city: 'Rosario' }, 'state'],
      ['/v3/ciudades/bestmatch', { state: 'Santa Fe', city: 'Ushuaia' }, 'city'],
      ['/v3/ciudades/bestmatch', { state: 'Santa Fe' }, 'city'],
    ];
    for (const [path, query, key] of cases) {
      const res = await h.call(path, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(validationProblem('strict').parse(res.json).Errors)).toEqual([key]);
    }
    expect((await h.call('/v3/marcas/bestmatch', { query: { make: 'zeppelin' } })).status).toBe(404);
    expect((await h.call('/v3/marcas/bestmatch')).status).toBe(400);
  });
});

describe('filters and parameters', () => {
  it('needs region or q for ciudades, and rejects a region beyond int32', async () => {
    const none = await h.call('/v3/ciudades');
    expect(none.status).toBe(400);
    expect(Object.keys(validationProblem().parse(none.json).Errors).sort()).toEqual(['q', 'region']);
    for (const region of [String(INT32.max + 1), String(INT32.min - 1), 'x', '1.5']) {
      expect((await h.call('/v3/ciudades', { query: { region } })).status, region).toBe(400);
    }
    expect((await h.call('/v3/ciudades', { query: { region: String(INT32.max) } })).json).toEqual([]);
    const both = await list('/v3/ciudades', { region: '6', q: 'río' });
    expect(both.map((c) => c.Nombre)).toEqual(['Río Cuarto', 'Río Tercero']);
  });

  it('answers 404 (never 400) to an id that is not an int32 record', async () => {
    for (const base of ['/v3/carrocerias/', '/v3/ciudades/', '/v3/colores/']) {
      for (const id of ['0', '999', String(INT32.max), String(INT32.max + 1), String(INT32.min - 1), 'abc', enc('1 ')]) {
        const res = await h.call(`${base}${id}`);
        expect(res.status, `${base}${id}`).toBe(404);
        expect(res.text).toBe('');
      }
    }
  });

  it('filters colours by q and nombre, makes by q and soloMercadoNuevos', async () => {
    expect((await list('/v3/colores', { q: 'gris' })).map((c) => c.Nombre)).toEqual(['Gris Plata', 'Gris Oscuro']);
    expect((await list('/v3/colores', { nombre: 'bordo' })).map((c) => c.Nombre)).toEqual(['Bordó']);
    expect(await list('/v3/colores', { nombre: 'gris' })).toEqual([]);
    const all = await list('/v3/marcas');
    const nuevos = await list('/v3/marcas', { soloMercadoNuevos: 'true' });
    expect(nuevos.length).toBeLessThan(all.length);
    expect(nuevos.every((m) => m.MercadoNuevos === true)).toBe(true);
    expect(all).toEqual(expect.arrayContaining(nuevos));
    expect(await list('/v3/marcas', { soloMercadoNuevos: 'false' })).toEqual(all);
    expect((await list('/v3/marcas', { q: 'alfa-romeo' })).map((m) => m.Nombre)).toEqual(['Alfa Romeo']);
    const bad = await h.call('/v3/marcas', { query: { soloMercadoNuevos: 'quizas' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(validationProblem().parse(bad.json).Errors)).toEqual(['soloMercadoNuevos']);
  });
});
