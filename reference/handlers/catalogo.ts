import { bestMatch } from '../bestmatch.ts';
import type { Ctx, Handler } from '../context.ts';
import type { Reply } from '../reply.ts';
import type { Catalog, CatalogRecord, Ciudad } from '../seed/catalog.ts';
import { fold } from '../text.ts';
import { invalid, notFound, represent } from './respond.ts';

// Endpoints > Carrocerias, Ciudades, Colores, Marcas. Lists are JSON arrays (full form: records; reference
// form: link objects). bestmatch finding nothing is 400 keyed by the parameter for carrocerias and ciudades
// (their rows list only 400) and 404 for marcas (its other responses are not shown).

const one = (ctx: Ctx, record: CatalogRecord | undefined) =>
  record
    ? represent(
        ctx,
        () => record.full,
        () => record.ref,
      )
    : notFound();
const many = (ctx: Ctx, records: readonly CatalogRecord[]) =>
  represent(
    ctx,
    () => records.map((r) => r.full),
    () => records.map((r) => r.ref),
  );
/** Path ids are valid int32 by the time a handler runs. */
const byId = <T extends CatalogRecord>(records: readonly T[], id: string | undefined) => records.find((r) => r.id === Number(id));
const contains = (name: string, q: string | undefined) => q === undefined || fold(name).includes(fold(q));

const carrocerias: Handler = (ctx) => many(ctx, ctx.world.catalog.carrocerias);

const carroceriaBestmatch: Handler = (ctx) => {
  const found = bestMatch(ctx.world.catalog.carrocerias, ctx.values.bodystyle!);
  return found ? one(ctx, found) : invalid(ctx, { bodystyle: ['no body style matches'] });
};

const carroceria: Handler = (ctx) => one(ctx, byId(ctx.world.catalog.carrocerias, ctx.values.id));

const ciudades: Handler = (ctx) => {
  const { region, q } = ctx.values;
  if (region === undefined && q === undefined) {
    const message = 'give region, q or both';
    return invalid(ctx, { region: [message], q: [message] });
  }
  const found = ctx.world.catalog.ciudades.filter((c) => (region === undefined || c.region.id === Number(region)) && contains(String(c.full.Nombre), q));
  return many(ctx, found);
};

const ciudadBestmatch: Handler = (ctx) => {
  const { regiones, ciudades: all } = ctx.world.catalog;
  const region = bestMatch(regiones, ctx.values.state!);
  if (!region) return invalid(ctx, { state: ['no region matches'] });
  const city = bestMatch<Ciudad>(
    all.filter((c) => c.region === region),
    ctx.values.city!,
  );
  return city ? one(ctx, city) : invalid(ctx, { city: [`no city of ${region.name} matches`] });
};

const ciudad: Handler = (ctx) => one(ctx, byId(ctx.world.catalog.ciudades, ctx.values.id));

const colores: Handler = (ctx) => {
  const { q, nombre } = ctx.values;
  const found = ctx.world.catalog.colores.filter(
    (c) => contains(String(c.full.Nombre), q) && (nombre === undefined || fold(String(c.full.Nombre)) === fold(nombre)),
  );
  return many(ctx, found);
};

const color: Handler = (ctx) => one(ctx, byId(ctx.world.catalog.colores, ctx.values.id));

const marcas: Handler = (ctx) => {
  const { q, soloMercadoNuevos } = ctx.values;
  const onlyNew = soloMercadoNuevos?.toLowerCase() === 'true';
  const found = ctx.world.catalog.marcas.filter((m) => (!onlyNew || m.nuevos) && (contains(String(m.full.Nombre), q) || contains(String(m.full.Codename), q)));
  return many(ctx, found);
};

const marcaBestmatch: Handler = (ctx) => one(ctx, bestMatch(ctx.world.catalog.marcas, ctx.values.make!));

/**
 * The catalog never changes, so an answer depends only on the route, the form and the parameters: it is
 * serialized once per server (issue 3, Fast). Bounded, so odd parameter values cannot grow it forever.
 */
const MEMO_LIMIT = 4_096;
const memos = new WeakMap<Catalog, Map<string, Reply>>();

function memoized(handler: Handler): Handler {
  return (ctx) => {
    let memo = memos.get(ctx.world.catalog);
    if (!memo) memos.set(ctx.world.catalog, (memo = new Map()));
    const key = `${ctx.route.id}\n${ctx.instance}\n${ctx.form}\n${JSON.stringify(ctx.values)}`;
    let reply = memo.get(key);
    if (!reply) {
      reply = handler(ctx);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(key, reply);
    }
    return reply;
  };
}

const HANDLERS: Readonly<Record<string, Handler>> = {
  'carrocerias-list': carrocerias,
  'carrocerias-bestmatch': carroceriaBestmatch,
  'carrocerias-get': carroceria,
  'ciudades-list': ciudades,
  'ciudades-bestmatch': ciudadBestmatch,
  'ciudades-get': ciudad,
  'colores-list': colores,
  'colores-get': color,
  'marcas-list': marcas,
  'marcas-bestmatch': marcaBestmatch,
};

export const CATALOGO_HANDLERS: Readonly<Record<string, Handler>> = Object.fromEntries(
  Object.entries(HANDLERS).map(([id, handler]) => [id, memoized(handler)]),
);
