import { addDays, dayLengthIn, formatInZone, isCalendarDate, parseOffsetDateTime, startOfDayIn } from '../../../models/index.ts';
import type { MutantRequest } from '../exchange.ts';
import type { Delivery, Fault, FaultContext, Mutant } from '../fault.ts';
import { consultas } from './inquiries.ts';
import { answers, entriesOf, type Json } from './helpers.ts';

// Faults that only data the seed never has shows (issue 21): the run makes it on an agency of its own
// (suites/run-data.suite.ts) — a tie in the sort key across a page boundary, the edges of a day in the profile's
// time zone, zero and null values, a burst of inquiries.

const pagina = (req: MutantRequest) => Number(req.query.get('pagina') ?? '1');
const DAY_MS = 86_400_000;

/** Every entry of the list the request pages through (upstream, as the same app and form), with the query changed. */
async function wholeList(req: MutantRequest, ctx: FaultContext, change: (q: URLSearchParams) => void = () => undefined, accept?: string): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams(req.query);
    change(query);
    query.set('pagina', String(page));
    const res = await ctx.upstream('GET', `${req.path}?${query}`, {
      app: req.app ?? 'primary',
      ...((accept ?? req.headers.accept) ? { accept: accept ?? req.headers.accept } : {}),
    });
    const body = res.json() as Json | undefined;
    const entries = body ? entriesOf(body) : [];
    out.push(...entries);
    if (entries.length === 0 || out.length >= Number(body?.Total ?? 0)) return out;
  }
}

/** Reversed runs of equal keys: the order ties get on the pages that sort them the other way. */
function tiesReversed(keys: readonly unknown[]): number[] {
  const order = keys.map((_, i) => i);
  for (let i = 0; i < keys.length; ) {
    let j = i + 1;
    while (j < keys.length && keys[j] === keys[i]) j++;
    order.splice(i, j - i, ...order.slice(i, j).reverse());
    i = j;
  }
  return order;
}

/** The UTC calendar date of a Momento. */
const utcDate = (momento: unknown) => {
  const t = typeof momento === 'string' ? parseOffsetDateTime(momento) : undefined;
  return t ? new Date(t.epochMs).toISOString().slice(0, 10) : undefined;
};

/** Edits the Auto of every Consulta the API shows. */
const autos = (edit: (auto: Json) => void): Fault => consultas((c) => c.Auto && edit(c.Auto as Json));

/** Deliveries of the inquiry topic closer than this to the one before are dropped (a debounce). */
const DEBOUNCE_MS = 25;

export const RUN_DATA_MUTANTS: Mutant[] = [
  {
    name: 'unstable-sort-across-pages',
    statement: 'endpoints/consultas-list/pagina',
    breaks: 'consultas/list/ties-across-pages',
    quote: 'page number',
    // Sorted by Momento alone, ties in whatever order each query's plan gives: reversed on even pages.
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      if (res.status !== 200) return;
      const page = res.json() as Json;
      const per = Number(page.PerPagina);
      if (!(Number(page.Total) > per)) return;
      const asked = await wholeList(req, ctx);
      const momentos = (await wholeList(req, ctx, undefined, 'application/json')).map((e) => e.Momento);
      const order = pagina(req) % 2 === 0 ? tiesReversed(momentos) : momentos.map((_, i) => i);
      page._entries = order.slice((pagina(req) - 1) * per, pagina(req) * per).map((i) => asked[i]);
      res.setJson(page);
    }),
  },
  {
    name: 'date-filter-in-utc',
    statement: 'endpoints/consultas-list/desde',
    breaks: 'consultas/list/period-by-zone-day',
    quote: 'desde (date; first day of reception',
    // India's days start at 18:30 UTC: a server that filters by UTC's date puts 00:00 local on the day before.
    profile: (base) => ({ ...base, timeZone: 'Asia/Kolkata' }),
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      const [desde, hasta] = [req.query.get('desde'), req.query.get('hasta')];
      if (res.status !== 200 || (desde === null && hasta === null) || ![desde, hasta].every((d) => d === null || isCalendarDate(d))) return;
      const page = res.json() as Json;
      const widen = (q: URLSearchParams) => {
        if (desde) q.set('desde', addDays(desde, -1));
        if (hasta) q.set('hasta', addDays(hasta, 1));
      };
      const asked = await wholeList(req, ctx, widen);
      const dates = (await wholeList(req, ctx, widen, 'application/json')).map((e) => utcDate(e.Momento));
      const kept = asked.filter((_, i) => (desde === null || (dates[i] ?? '') >= desde) && (hasta === null || (dates[i] ?? '') <= hasta));
      const per = Number(page.PerPagina);
      Object.assign(page, {
        ...(desde ? { Desde: `${desde}T00:00:00Z` } : {}),
        ...(hasta ? { Hasta: `${hasta}T23:59:59Z` } : {}),
        Total: kept.length,
        _entries: kept.slice((pagina(req) - 1) * per, pagina(req) * per),
      });
      res.setJson(page);
    }),
  },
  {
    name: 'zero-mileage-read-as-null',
    statement: 'auto/kilometraje',
    breaks: 'consultas/values-as-given',
    quote: 'Kilometraje | integer or null',
    // `Kilometraje || null`: a car with no mileage yet shows none.
    fault: autos((auto) => {
      if (auto.Kilometraje === 0) auto.Kilometraje = null;
    }),
  },
  {
    name: 'free-price-read-as-no-price',
    statement: 'auto/precio',
    breaks: 'consultas/values-as-given',
    quote: 'Importe (number)',
    // A price of 0 taken for no price at all.
    fault: autos((auto) => {
      if ((auto.Precio as Json | null | undefined)?.Importe === 0) auto.Precio = null;
    }),
  },
  {
    name: 'inquiry-webhooks-debounced',
    statement: 'events/inquiry',
    breaks: 'events/delivered-once-each',
    quote: 'an inquiry is received',
    // Inquiries that arrive together are announced once: a delivery too close to the one before is dropped.
    fault: {
      async delivery(d: Delivery, ctx) {
        const now = Date.now();
        const last = ctx.memory.get('last') as number | undefined;
        ctx.memory.set('last', now);
        if (d.hook.topic === ctx.profile.topics.inquiry && last !== undefined && now - last < DEBOUNCE_MS) return;
        await ctx.forward(d);
      },
    },
  },
  {
    name: 'hasta-day-of-24-hours',
    statement: 'paged/hasta',
    breaks: 'consultas/list/period-days-not-24-hours',
    quote: 'end of the final day',
    // The final day taken as 24 hours from its first instant: on the day Madrid's clocks go back (25 hours) its last
    // hour is left out of the list and of Hasta. today fixed where the desde window holds 2026-10-25.
    profile: (base) => ({ ...base, timeZone: 'Europe/Madrid', today: '2026-11-15' }),
    fault: answers(['consultas-list'], (req, res, ctx) => {
      const hasta = req.query.get('hasta');
      const tz = ctx.profile.timeZone;
      if (res.status !== 200 || hasta === null || !isCalendarDate(hasta) || dayLengthIn(hasta, tz) === DAY_MS) return;
      const end = startOfDayIn(hasta, tz) + DAY_MS - 1_000;
      res.editJson((page) => {
        const entries = entriesOf(page);
        const kept = entries.filter((e) => (parseOffsetDateTime(String(e.Momento))?.epochMs ?? 0) <= end);
        Object.assign(page, { Hasta: formatInZone(end, tz), Total: Number(page.Total) - (entries.length - kept.length), _entries: kept });
      });
    }),
  },
];
