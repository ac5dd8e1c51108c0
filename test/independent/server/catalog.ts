// Carrocerias, Colores and Marcas: lists, lookups by id, best-match lookups.
import { bodyStyles, colors, makes, type BodyStyle, type Color, type Make } from './catalog-data.ts';
import { seg, type Context } from './context.ts';
import { listReply, oneReply, selfOf } from './lists.ts';
import { exactMatch, partialMatches } from './match.ts';
import { ALL_FORMS, chooseForm, FULL_FORMS } from './media.ts';
import { Bare, fail, type Reply } from './reply.ts';
import { fold, parseInt32 } from './validate.ts';

const byNameDescending = <T extends { name: string }>(items: readonly T[]): T[] => [...items].sort((a, b) => b.name.localeCompare(a.name, 'es'));

const bodyStylePath = (item: BodyStyle): string => `/v3/carrocerias/${seg(item.id)}`;
const colorPath = (item: Color): string => `/v3/colores/${seg(item.id)}`;
const makePath = (item: Make): string => `/v3/marcas/${seg(item.id)}`;

function bodyStyleFull(ctx: Context, item: BodyStyle): unknown {
  return {
    Codigo: item.id,
    Denominacion: item.name,
    Clave: item.codename,
    Url: `${ctx.origin}${bodyStylePath(item)}`,
    _links: { self: { href: bodyStylePath(item), title: item.name } },
  };
}

function colorFull(item: Color): unknown {
  return { Codigo: item.id, Nombre: item.name, Hex: item.hex, _links: { self: { href: colorPath(item) } } };
}

/** A variant's make: its api-url is the slug ("alfa-romeo", which reads like a codename), its codename a short code. */
function makeWithApiUrl(item: Make): unknown {
  return {
    Id: item.id,
    Nombre: item.name,
    ApiUrl: item.codename,
    Ruta: `/autos/${item.codename}`,
    Codename: item.abbreviation,
    EnMercadoNuevo: item.newMarket,
    _links: { self: { href: makePath(item), title: item.name } },
  };
}

/** The keys bestmatch matches a make by: id, api-url, api-url-path, name, codename. */
function makeKeys(ctx: Context, item: Make): string[] {
  if (ctx.config.makeKeys === 'apiurl') return [String(item.id), item.codename, `/autos/${item.codename}`, item.name, item.abbreviation];
  return [String(item.id), `${ctx.origin}${makePath(item)}`, makePath(item), item.name, item.codename];
}

/** q: "part of the make name or codename". */
const makeCodename = (ctx: Context, item: Make): string => (ctx.config.makeKeys === 'apiurl' ? item.abbreviation : item.codename);

function makeFull(ctx: Context, item: Make): unknown {
  if (ctx.config.makeKeys === 'apiurl') return makeWithApiUrl(item);
  return {
    Codigo: item.id,
    Nombre: item.name,
    Clave: item.codename,
    MercadoNuevos: item.newMarket,
    Url: `${ctx.origin}${makePath(item)}`,
    _links: { self: { href: makePath(item), title: item.name } },
  };
}

/** Path ids that are not int32 name no resource: 404, since these rows define no 400. */
function byId<T extends { id: number }>(ctx: Context, items: readonly T[]): T {
  const id = parseInt32(ctx.params.id ?? '');
  const item = id === undefined ? undefined : items.find((each) => each.id === id);
  if (!item) throw new Bare(404);
  return item;
}

function required(ctx: Context, name: string): string {
  const value = ctx.query.get(name);
  if (value === null || value.trim() === '') fail(name, `${name} es obligatorio`);
  return value;
}

export function carrocerias(ctx: Context): Reply {
  const form = chooseForm(ctx, FULL_FORMS);
  return listReply(
    ctx,
    form,
    byNameDescending(bodyStyles),
    (item) => bodyStyleFull(ctx, item),
    (item) => ({ href: bodyStylePath(item), title: item.name }),
    selfOf(ctx.path, ctx.query),
  );
}

export function carroceria(ctx: Context): Reply {
  const item = byId(ctx, bodyStyles);
  return { status: 200, contentType: chooseForm(ctx, FULL_FORMS), body: bodyStyleFull(ctx, item) };
}

export function carroceriaBestmatch(ctx: Context): Reply {
  const value = required(ctx, 'bodystyle');
  const item =
    exactMatch(value, bodyStyles, (each) => [String(each.id), `${ctx.origin}${bodyStylePath(each)}`, bodyStylePath(each), each.name, each.codename]) ??
    partialMatches(value, bodyStyles, (each) => each.name)[0];
  if (!item) fail('bodystyle', `ninguna carrocería coincide con «${value}»`);
  return { status: 200, contentType: chooseForm(ctx, FULL_FORMS), body: bodyStyleFull(ctx, item) };
}

export function coloresList(ctx: Context): Reply {
  const q = ctx.query.get('q');
  const nombre = ctx.query.get('nombre');
  const items = [...colors]
    .sort((a, b) => b.id - a.id)
    .filter((item) => (q === null || fold(item.name).includes(fold(q))) && (nombre === null || fold(item.name) === fold(nombre.trim())));
  return listReply(ctx, chooseForm(ctx, ALL_FORMS), items, colorFull, (item) => ({ href: colorPath(item), title: item.name }), selfOf(ctx.path, ctx.query));
}

export function color(ctx: Context): Reply {
  const item = byId(ctx, colors);
  return oneReply(
    chooseForm(ctx, ALL_FORMS),
    () => colorFull(item),
    () => ({ href: colorPath(item), title: item.name }),
  );
}

function parseBoolean(ctx: Context, name: string): boolean {
  const value = ctx.query.get(name);
  if (value === null) return false;
  const lower = value.trim().toLowerCase();
  if (lower !== 'true' && lower !== 'false') fail(name, `${name} debe ser true o false`);
  return lower === 'true';
}

export function marcasList(ctx: Context): Reply {
  const q = ctx.query.get('q');
  const onlyNew = parseBoolean(ctx, 'soloMercadoNuevos');
  const items = byNameDescending(makes).filter(
    (item) => (q === null || fold(item.name).includes(fold(q)) || fold(makeCodename(ctx, item)).includes(fold(q))) && (!onlyNew || item.newMarket),
  );
  return listReply(
    ctx,
    chooseForm(ctx, ALL_FORMS),
    items,
    (item) => makeFull(ctx, item),
    (item) => ({ href: makePath(item), title: item.name }),
    selfOf(ctx.path, ctx.query),
  );
}

export function marcaBestmatch(ctx: Context): Reply {
  const value = required(ctx, 'make');
  const item = exactMatch(value, makes, (each) => makeKeys(ctx, each));
  // Responses beyond 200 are not shown for this path: no match is answered 404 with no body.
  if (!item) throw new Bare(404);
  return oneReply(
    chooseForm(ctx, ALL_FORMS),
    () => makeFull(ctx, item),
    () => ({ href: makePath(item), title: item.name }),
  );
}

/** Makes by id are outside the rows; served so that a make's links point somewhere. */
export function marca(ctx: Context): Reply {
  const item = byId(ctx, makes);
  return oneReply(
    chooseForm(ctx, ALL_FORMS),
    () => makeFull(ctx, item),
    () => ({ href: makePath(item), title: item.name }),
  );
}
