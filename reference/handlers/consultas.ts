import { addDays, dateIn, endOfDayIn, endpoint, formatInZone, LIMITS, startOfDayIn } from '../../models/index.ts';
import type { Ctx, Handler } from '../context.ts';
import { href, link } from '../links.ts';
import { entryLevel, jsonReply } from '../reply.ts';
import { consultaFull, consultaRef } from '../representations.ts';
import { foldMail, inquiryVisible } from '../state/store.ts';
import type { Agency, Inquiry } from '../state/types.ts';
import { inquiryPayload } from '../webhooks/payloads.ts';
import { forbidden, invalid, notFound, represent } from './respond.ts';

// Endpoints > Consultas and Resources > Paged list envelope. The period defaults to the widest one allowed
// (desde = today minus LIMITS.desde days, hasta = today); Desde is the first instant of the first day and
// Hasta the last instant (23:59:59.999) of the final day, in the profile's time zone. Entries are newest
// first (Momento descending, sid ascending on ties).

const PAGINA = endpoint('consultas-list').params.find((p) => p.name === 'pagina')!;

interface Period {
  desde: string;
  hasta: string;
}

function period(ctx: Ctx): Period | string {
  const today = ctx.world.today();
  const desde = ctx.values.desde ?? addDays(today, -LIMITS.desde.minDaysBeforeToday);
  const hasta = ctx.values.hasta ?? today;
  return hasta < desde ? 'hasta must not be earlier than desde' : { desde, hasta };
}

function filtered(ctx: Ctx, agency: Agency, p: Period): Inquiry[] {
  const tz = ctx.world.choices.timeZone;
  const [from, to] = [startOfDayIn(p.desde, tz), endOfDayIn(p.hasta, tz)];
  const { externalid, operador } = ctx.values;
  return agency.inquiries.filter(
    (i) =>
      inquiryVisible(i, ctx.app) &&
      i.epochMs >= from &&
      i.epochMs <= to &&
      (externalid === undefined || i.consulta.Auto.ExternalId === externalid) &&
      (operador === undefined || foldMail(i.consulta.OperadorResponsable) === foldMail(operador)),
  );
}

/** The same query with another pagina, for the self/next/prev/first/last links. */
function pageHref(ctx: Ctx, agency: Agency, pagina: number): string {
  const params = new URLSearchParams(ctx.query);
  params.set(PAGINA.name, String(pagina));
  return `${href.consultas(agency.adminMail)}?${params}`;
}

const list: Handler = (ctx) => {
  const agency = ctx.world.store.visibleAgency(ctx.app, ctx.values.adminMail!);
  if (!agency) return notFound();
  const pagina = ctx.values.pagina === undefined ? LIMITS.pagina.first : Number(ctx.values.pagina);
  if (pagina < LIMITS.pagina.first) return invalid(ctx, { pagina: [`pagina starts at ${LIMITS.pagina.first}`] });
  const p = period(ctx);
  if (typeof p === 'string') return invalid(ctx, { hasta: [p] });
  const all = filtered(ctx, agency, p);
  const size = ctx.world.choices.pageSize;
  const last = Math.min(Math.max(1, Math.ceil(all.length / size)), LIMITS.pagina.maximum);
  const entries = all.slice((pagina - 1) * size, pagina * size);
  const tz = ctx.world.choices.timeZone;
  const links: Record<string, ReturnType<typeof link>> = {
    self: link(pageHref(ctx, agency, pagina)),
    first: link(pageHref(ctx, agency, LIMITS.pagina.first)),
    last: link(pageHref(ctx, agency, last)),
  };
  if (pagina < last) links.next = link(pageHref(ctx, agency, pagina + 1));
  if (pagina > LIMITS.pagina.first) links.prev = link(pageHref(ctx, agency, Math.min(pagina - 1, last)));
  const envelope = (entry: (i: Inquiry) => unknown) => ({
    Desde: formatInZone(startOfDayIn(p.desde, tz), tz),
    Hasta: formatInZone(endOfDayIn(p.hasta, tz), tz),
    Pagina: pagina,
    Total: all.length,
    PerPagina: size,
    _links: links,
    _entries: entries.map(entry),
  });
  return represent(
    ctx,
    () => envelope((i) => consultaFull(agency, i)),
    () => envelope((i) => consultaRef(agency, i)),
  );
};

const read: Handler = (ctx) => {
  const agency = ctx.world.store.visibleAgency(ctx.app, ctx.values.adminMail!);
  const inquiry = agency && ctx.world.store.inquiry(agency, ctx.values.sid!, ctx.app);
  if (!agency || !inquiry) return notFound();
  return represent(
    ctx,
    () => consultaFull(agency, inquiry),
    () => consultaRef(agency, inquiry),
  );
};

/** Limits: "Inquiry resend applies to relatively recent inquiries only"; the bound is the profile's. */
function tooOld(ctx: Ctx, inquiry: Inquiry): boolean {
  const days = ctx.world.choices.resendMaxAgeDays;
  if (days === undefined) return false;
  return dateIn(inquiry.epochMs, ctx.world.choices.timeZone) < addDays(ctx.world.today(), -days);
}

const resend: Handler = (ctx) => {
  const c = ctx.world.choices;
  const config = ctx.world.store.webhooksOf(ctx.app).get(c.inquiryTopic);
  // The 202 carries "Location (URI of the webhook callback)"; with none configured, the profile's
  // webhooks.resendWithoutCallback "refuse" answers 400 before anything else (the spec orders no checks), so
  // a client that assumes a configured callback or an order of refusals finds out.
  if (!config && c.resendWithoutCallback === 'refuse') {
    return invalid(ctx, entryLevel(`no callback is configured for the topic ${c.inquiryTopic}: configure it before asking for a resend`));
  }
  const agency = ctx.world.store.visibleAgency(ctx.app, ctx.values.adminMail!);
  if (!agency) return forbidden(ctx, 'the agency does not exist for the app');
  const inquiry = ctx.world.store.inquiry(agency, ctx.values.sid!, ctx.app);
  if (!inquiry) return notFound();
  if (tooOld(ctx, inquiry)) {
    return invalid(ctx, entryLevel(`only inquiries received in the last ${c.resendMaxAgeDays} days can be sent again`));
  }
  const payload = inquiryPayload(c, agency, inquiry);
  // "accept" with no inquiry topic configured: nothing is sent; Location then names the configuration to create.
  if (config) ctx.world.webhooks.send(ctx.app, c.inquiryTopic, config.url, payload);
  return jsonReply(202, payload, undefined, { Location: config ? config.url : href.appWebhook(c.inquiryTopic) });
};

export const CONSULTAS_HANDLERS: Readonly<Record<string, Handler>> = {
  'consultas-list': list,
  'consultas-get': read,
  'consultas-resend': resend,
};
