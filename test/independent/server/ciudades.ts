// Ciudades: list by region and/or part of the name, lookup by id, best match of a state and a city.
import { cities, regions, type City, type Region } from './catalog-data.ts';
import { seg, type Context } from './context.ts';
import { listReply, oneReply, selfOf } from './lists.ts';
import { exactMatch, partialMatches } from './match.ts';
import { ALL_FORMS, chooseForm, FULL_FORMS } from './media.ts';
import type { Link } from './render.ts';
import { Bare, fail, type Reply } from './reply.ts';
import { fold, parseInt32 } from './validate.ts';

const cityPath = (city: City): string => `/v3/ciudades/${seg(city.id)}`;
const regionPath = (region: Region): string => `/v3/provincias/${seg(region.id)}`;
const regionOf = (city: City): Region => regions.find((region) => region.id === city.regionId)!;
const fullName = (city: City): string => `${city.name}, ${regionOf(city).name}`;

function regionFull(ctx: Context, region: Region): Record<string, unknown> {
  return {
    Codigo: region.id,
    Nombre: region.name,
    Iso: region.iso,
    Url: `${ctx.origin}${regionPath(region)}`,
    Ruta: regionPath(region),
  };
}

function cityFull(ctx: Context, city: City): unknown {
  return {
    Codigo: city.id,
    Nombre: city.name,
    NombreCompleto: fullName(city),
    Provincia: regionFull(ctx, regionOf(city)),
    Url: `${ctx.origin}${cityPath(city)}`,
    _links: { self: { href: cityPath(city), title: fullName(city) } },
  };
}

const cityRef = (city: City): Link => ({ href: cityPath(city), title: fullName(city) });

export function ciudadesList(ctx: Context): Reply {
  const regionParam = ctx.query.get('region');
  const q = ctx.query.get('q');
  if ((regionParam === null || regionParam === '') && (q === null || q === '')) {
    fail('_', 'se requiere region o q');
  }
  let region: number | undefined;
  if (regionParam !== null && regionParam !== '') {
    region = parseInt32(regionParam);
    if (region === undefined) fail('region', 'region debe ser un entero de 32 bits');
  }
  const items = [...cities]
    .sort((a, b) => b.name.localeCompare(a.name, 'es'))
    .filter((city) => (region === undefined || city.regionId === region) && (q === null || q === '' || fold(city.name).includes(fold(q))));
  return listReply(ctx, chooseForm(ctx, ALL_FORMS), items, (city) => cityFull(ctx, city), cityRef, selfOf(ctx.path, ctx.query));
}

export function ciudad(ctx: Context): Reply {
  const id = parseInt32(ctx.params.id ?? '');
  const city = cities.find((each) => each.id === id);
  if (id === undefined || !city) throw new Bare(404);
  return oneReply(
    chooseForm(ctx, ALL_FORMS),
    () => cityFull(ctx, city),
    () => cityRef(city),
  );
}

export function ciudadBestmatch(ctx: Context): Reply {
  const state = ctx.query.get('state') ?? '';
  const cityValue = ctx.query.get('city') ?? '';
  if (state.trim() === '') fail('state', 'state es obligatorio');
  if (cityValue.trim() === '') fail('city', 'city es obligatorio');
  const region = exactMatch(state, regions, (each) => [String(each.id), `${ctx.origin}${regionPath(each)}`, regionPath(each), each.name, each.iso]);
  if (!region) fail('state', `ninguna provincia coincide con «${state}»`);
  const inRegion = cities.filter((city) => city.regionId === region.id);
  const city =
    exactMatch(cityValue, inRegion, (each) => [String(each.id), `${ctx.origin}${cityPath(each)}`, cityPath(each), fullName(each), each.name]) ??
    partialMatches(cityValue, inRegion, (each) => each.name)[0];
  if (!city) fail('city', `ninguna ciudad de ${region.name} coincide con «${cityValue}»`);
  return oneReply(
    chooseForm(ctx, ALL_FORMS),
    () => cityFull(ctx, city),
    () => cityRef(city),
  );
}

/** Regions are outside the rows; served so that the api-url of a state points somewhere. */
export function provincia(ctx: Context): Reply {
  const id = parseInt32(ctx.params.id ?? '');
  const region = regions.find((each) => each.id === id);
  if (!region) throw new Bare(404);
  return { status: 200, contentType: chooseForm(ctx, FULL_FORMS), body: regionFull(ctx, region) };
}
