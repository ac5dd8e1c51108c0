// Consultas: the paged list, one inquiry, and resending its webhook.
import { addDays, dateIn, endOfDay, formatInstant, startOfDay } from './clock.ts';
import { seg, type Context } from './context.ts';
import { ALL_FORMS, chooseForm, REF } from './media.ts';
import { consultaFull, consultaRef } from './render.ts';
import { Bare, fail, Forbidden, type Reply } from './reply.ts';
import type { Agency, Inquiry, Store } from './store.ts';
import { fold, isAdminMail, isDate, isEmail, parseInt32 } from './validate.ts';

const PAGE_MAX = 99;

function dateParam(ctx: Context, name: string, fallback: string): string {
  const value = ctx.query.get(name);
  if (value === null) return fallback;
  if (!isDate(value)) fail(name, `${name} debe ser una fecha yyyy-mm-dd`);
  return value;
}

/** Inquiries an operator sees: all of them for the agency's administrator, else those they are responsible for. */
function visibleTo(agency: Agency, operador: string, inquiry: Inquiry): boolean {
  if (fold(agency.adminMail) === fold(operador)) return true;
  const responsible = inquiry.fields.OperadorResponsable;
  return typeof responsible === 'string' && fold(responsible) === fold(operador);
}

function pageLink(path: string, query: URLSearchParams, page: number): { href: string } {
  const next = new URLSearchParams(query);
  next.set('pagina', String(page));
  return { href: `${path}?${next.toString()}` };
}

export function consultasList(ctx: Context): Reply {
  const pathMail = ctx.params.adminMail;
  const operador = ctx.query.get('operador');
  if (pathMail !== undefined && !isAdminMail(pathMail)) fail('adminMail', 'adminMail debe ser un e-mail de hasta 50 caracteres');
  if (operador !== null && !isEmail(operador)) fail('operador', 'operador debe ser un e-mail');
  if (pathMail === undefined && operador === null) fail('operador', 'operador es obligatorio cuando falta adminMail');
  const { timeZone, pageSize } = ctx.config;
  const today = dateIn(ctx.config.now(), timeZone);
  const desde = dateParam(ctx, 'desde', addDays(today, -ctx.config.defaultDays));
  const hasta = dateParam(ctx, 'hasta', today);
  if (desde < addDays(today, -90)) fail('desde', `desde no puede ser anterior a ${addDays(today, -90)}`);
  if (hasta < desde) fail('hasta', 'hasta no puede ser anterior a desde');
  const pageParam = ctx.query.get('pagina');
  const page = pageParam === null ? 1 : parseInt32(pageParam);
  if (page === undefined || page < 1 || page > PAGE_MAX) fail('pagina', `pagina debe ser un entero entre 1 y ${PAGE_MAX}`);
  const agencies =
    pathMail !== undefined ? [ctx.store.agencyOf(ctx.app, pathMail)] : [...ctx.store.agencies.values()].filter((each) => each.apps.has(ctx.app.id));
  if (agencies[0] === undefined) throw new Bare(404);
  const from = startOfDay(desde, timeZone);
  const to = endOfDay(hasta, timeZone);
  const externalId = ctx.query.get('externalid');
  const matching = [...ctx.store.inquiries.values()]
    .flatMap((inquiry) => {
      const agency = agencies.find((each) => each !== undefined && fold(each.adminMail) === inquiry.agency);
      if (!agency || !ctx.store.inquiryVisible(ctx.app, inquiry)) return [];
      if (inquiry.momento < from || inquiry.momento > to) return [];
      if (externalId !== null && (inquiry.fields.Auto as Record<string, unknown>)?.ExternalId !== externalId) return [];
      if (operador !== null && !visibleTo(agency, operador, inquiry)) return [];
      return [{ inquiry, agency }];
    })
    .sort(
      (a, b) => (a.inquiry.momento.getTime() - b.inquiry.momento.getTime() || a.inquiry.sid.localeCompare(b.inquiry.sid)) * (ctx.config.newestFirst ? -1 : 1),
    );
  const form = chooseForm(ctx, ALL_FORMS);
  const last = Math.max(1, Math.ceil(matching.length / pageSize));
  const entries = matching
    .slice((page - 1) * pageSize, page * pageSize)
    .map(({ inquiry, agency }) => (form === REF ? consultaRef(inquiry, agency.adminMail) : consultaFull(inquiry, agency.adminMail, timeZone)));
  const links: Record<string, unknown> = {
    self: pageLink(ctx.path, ctx.query, page),
    primera: pageLink(ctx.path, ctx.query, 1),
    ultima: pageLink(ctx.path, ctx.query, Math.min(last, PAGE_MAX)),
    consulta: { href: `/v3/consultas/${pathMail !== undefined ? seg(agencies[0].adminMail) : '{adminMail}'}/{sid}`, templated: true },
  };
  if (page > 1) links.anterior = pageLink(ctx.path, ctx.query, page - 1);
  if (page < last && page < PAGE_MAX) links.siguiente = pageLink(ctx.path, ctx.query, page + 1);
  return {
    status: 200,
    contentType: form,
    body: {
      Desde: formatInstant(from, timeZone),
      Hasta: formatInstant(to, timeZone),
      Pagina: page,
      Total: matching.length,
      PerPagina: pageSize,
      _links: links,
      _entries: entries,
    },
  };
}

interface Located {
  agency: Agency;
  inquiry: Inquiry;
}

/** Path checks shared by the sid rows; absentAgency is what the row answers for an agency the app lacks. */
function locate(ctx: Context, absentAgency: () => never): Located {
  const adminMail = ctx.params.adminMail ?? '';
  const sid = ctx.params.sid ?? '';
  if (!isAdminMail(adminMail)) fail('adminMail', 'adminMail debe ser un e-mail de hasta 50 caracteres');
  if (sid.length < 20 || sid.length > 30) fail('sid', 'sid tiene entre 20 y 30 caracteres');
  const agency = ctx.store.agencyOf(ctx.app, adminMail);
  if (!agency) absentAgency();
  const inquiry = ctx.store.inquiries.get(sid);
  if (!inquiry || inquiry.agency !== fold(agency.adminMail) || !ctx.store.inquiryVisible(ctx.app, inquiry)) throw new Bare(404);
  return { agency, inquiry };
}

export function consulta(ctx: Context): Reply {
  const { agency, inquiry } = locate(ctx, () => {
    throw new Bare(404);
  });
  const form = chooseForm(ctx, ALL_FORMS);
  return {
    status: 200,
    contentType: form,
    body: form === REF ? consultaRef(inquiry, agency.adminMail) : consultaFull(inquiry, agency.adminMail, ctx.config.timeZone),
  };
}

/** The inquiry webhook payload: the Consulta sits at /Datos/Consulta (or, in a variant, /Consulta). */
function inquiryPayload(ctx: Pick<Context, 'config'>, agency: Agency, inquiry: Inquiry): Record<string, unknown> {
  if (ctx.config.consultaPayload === 'consulta')
    return { Emitido: formatInstant(ctx.config.now(), ctx.config.timeZone), Consulta: consultaFull(inquiry, agency.adminMail, ctx.config.timeZone) };
  return {
    Emitido: formatInstant(ctx.config.now(), ctx.config.timeZone),
    Datos: { AdminMail: agency.adminMail, Consulta: consultaFull(inquiry, agency.adminMail, ctx.config.timeZone) },
  };
}

/** Sends an inquiry's webhook to every app that sees it and has the inquiry topic configured. */
export function notifyInquiry(ctx: Pick<Context, 'config' | 'deliver'>, store: Store, agency: Agency, inquiry: Inquiry): void {
  for (const app of store.apps.values()) {
    const topic = ctx.config.topics.inquiry;
    const config = store.topicsOf(app).get(topic);
    if (config && store.inquiryVisible(app, inquiry)) ctx.deliver(topic, config, inquiryPayload(ctx, agency, inquiry));
  }
}

export function resend(ctx: Context): Reply {
  const { agency, inquiry } = locate(ctx, () => {
    throw new Forbidden('la agencia no existe para la app');
  });
  const maxAge = ctx.config.resendMaxAgeDays * 86_400_000;
  if (ctx.config.now().getTime() - inquiry.momento.getTime() > maxAge) {
    fail('sid', `solo se reenvían consultas de los últimos ${ctx.config.resendMaxAgeDays} días`);
  }
  const topic = ctx.config.topics.inquiry;
  const config = ctx.store.topicsOf(ctx.app).get(topic);
  if (!config) fail('_', `la app no tiene configurado el tópico ${topic}: no hay callback al que reenviar`);
  const sent = ctx.deliver(topic, config, inquiryPayload(ctx, agency, inquiry));
  // The body is the very payload that was sent, byte for byte.
  return { status: 202, headers: { Location: config.url }, contentType: 'application/json', raw: sent };
}
