import { addDays, dateIn, inTimeZone, startOfDayIn, isEndOfDay, isStartOfDay, LIMITS, parseOffsetDateTime, type OffsetDateTime } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { check, type Check } from '../harness/check.ts';
import { missingFrom } from '../harness/consulta-match.ts';
import { pageOf, type PageWalk, type PageWalker } from '../harness/pages.ts';
import type { ListWalks } from './list.ts';

// Paged list envelope: Desde "first instant of the period covered", Hasta "last instant of the period
// covered (end of the final day)"; Endpoints > Consultas: desde "first day of reception", hasta "last day of
// reception", desde "minimum is today minus 90 days". Days are the target's: read in the profile's time zone,
// whatever offset a timestamp is written in.

/**
 * A Desde or Hasta read as an instant: judged where it is the statement's (`judged`), a precondition where the
 * check only needs it (its syntax is conventions/datetime-offset's and consultas/list/envelope-schema's).
 */
function stamp(c: Check, value: unknown, what: string, res: TargetResponse, judged = false): OffsetDateTime {
  const parsed = typeof value === 'string' ? parseOffsetDateTime(value) : undefined;
  const expectation = `${what} as an ISO 8601 date-time with an offset, got ${JSON.stringify(value)}`;
  return judged ? c.present(parsed, expectation, res) : c.givenPresent(parsed, expectation, res);
}

/** The end of the second an instant falls in: a Hasta written to the second covers that whole second. */
const endOfSecond = (epochMs: number) => Math.floor(epochMs / 1000) * 1000 + 999;

const momentoOf = (entry: unknown) => {
  const m = (entry as { Momento?: unknown } | null)?.Momento;
  return typeof m === 'string' ? parseOffsetDateTime(m) : undefined;
};

/**
 * A day inside the default period: that of the median Momento (today when there is none), a day clear of the
 * desde minimum so that a target whose "today" turned over before ours does not see it as too early.
 */
export function dayInPeriod(c: Check, full: PageWalk): string {
  const first = full.pages[0]!;
  stamp(c, first.envelope.Desde, 'Desde', first.res);
  const instants = full.entries.flatMap((e) => momentoOf(e)?.epochMs ?? []).sort((a, b) => a - b);
  const median = instants[Math.floor(instants.length / 2)];
  const day = median === undefined ? c.ctx.today : dateIn(median, c.ctx.profile.timeZone);
  const earliest = addDays(c.ctx.today, -LIMITS.desde.minDaysBeforeToday + 1);
  return day < earliest ? earliest : day;
}

async function firstPage(c: Check, query: Record<string, string>) {
  const res = await c.send('consultas-list', { params: { adminMail: c.ctx.fixtures.agency }, query, form: 'json' });
  c.expectStatus(res, 200, `the inquiry list with ${new URLSearchParams(query)}`);
  const envelope = c.present(res.json as Record<string, unknown> | undefined, 'a paged envelope', res);
  return { res, envelope };
}

export function registerPeriodChecks(walks: ListWalks, walker: PageWalker): void {
  check('consultas/list/hasta-end-of-day', async (c) => {
    for (const walk of [await walks.full(c), await walks.ref(c)]) {
      for (const page of walk.pages) {
        const hasta = inTimeZone(stamp(c, page.envelope.Hasta, 'Hasta', page.res, true), c.ctx.profile.timeZone);
        c.expect(isEndOfDay(hasta), `Hasta at the end of a day (23:59:59), got ${String(page.envelope.Hasta)}`, page.res);
      }
    }
    const day = dayInPeriod(c, await walks.full(c));
    const { res, envelope } = await firstPage(c, { hasta: day });
    const hasta = inTimeZone(stamp(c, envelope.Hasta, 'Hasta', res, true), c.ctx.profile.timeZone);
    c.expect(isEndOfDay(hasta) && hasta.date === day, `Hasta at the end of ${day} (the hasta asked for), got ${String(envelope.Hasta)}`, res);
  });

  check('consultas/list/desde-start-of-day', async (c) => {
    for (const walk of [await walks.full(c), await walks.ref(c)]) {
      for (const page of walk.pages) {
        // Without desde the period is not shown to start at midnight ("first instant of the period covered"):
        // only an explicit desde, a "first day of reception", must.
        const parsed = typeof page.envelope.Desde === 'string' ? parseOffsetDateTime(page.envelope.Desde) : undefined;
        if (parsed && !isStartOfDay(inTimeZone(parsed, c.ctx.profile.timeZone)))
          c.observe(`without desde, Desde is ${String(page.envelope.Desde)}: not the start of a day`);
      }
    }
    const day = dayInPeriod(c, await walks.full(c));
    const { res, envelope } = await firstPage(c, { desde: day });
    const desde = inTimeZone(stamp(c, envelope.Desde, 'Desde', res, true), c.ctx.profile.timeZone);
    c.expect(isStartOfDay(desde) && desde.date === day, `Desde at the start of ${day} (the desde asked for), got ${String(envelope.Desde)}`, res);
  });

  check('consultas/list/momento-in-range', async (c) => {
    const full = await walks.full(c);
    for (const page of full.pages) {
      const from = stamp(c, page.envelope.Desde, 'Desde', page.res).epochMs;
      const to = endOfSecond(stamp(c, page.envelope.Hasta, 'Hasta', page.res).epochMs);
      for (const entry of page.entries) {
        const at = momentoOf(entry);
        // An unreadable Momento is conventions/datetime-offset's and consultas/consulta-schema's to report.
        if (!at) continue;
        c.expect(
          at.epochMs >= from && at.epochMs <= to,
          `every Momento within [${String(page.envelope.Desde)}, ${String(page.envelope.Hasta)}], got ${(entry as { Momento: string }).Momento}`,
          page.res,
        );
      }
    }
  });

  check('consultas/list/filter-desde-hasta', async (c) => {
    const full = await walks.full(c);
    const first = full.pages[0]!;
    const periodEnd = inTimeZone(stamp(c, first.envelope.Hasta, 'Hasta', first.res), c.ctx.profile.timeZone).date;
    const day = dayInPeriod(c, full);
    const week = addDays(day, 6);
    const capped = week < periodEnd ? week : periodEnd;
    const hasta = capped < day ? day : capped;
    const tz = c.ctx.profile.timeZone;
    const [from, to] = [startOfDayIn(day, tz), startOfDayIn(addDays(hasta, 1), tz) - 1];
    // A week, then each bound alone: every one excludes inquiries of the default period on one side.
    await expectPeriod(c, walker, full, { desde: day, hasta }, from, to, `from ${day} to ${hasta}`);
    await expectPeriod(c, walker, full, { desde: day }, from, Number.POSITIVE_INFINITY, `from ${day}`);
    await expectPeriod(c, walker, full, { hasta: day }, Number.NEGATIVE_INFINITY, startOfDayIn(addDays(day, 1), tz) - 1, `until ${day}`);
  });
}

/**
 * The inquiries received in [from, to] (the days asked for, in the target's time zone), and every one of them
 * the unfiltered walk holds within the period the answer names (Desde, Hasta) and the default period.
 */
async function expectPeriod(
  c: Check,
  walker: PageWalker,
  full: PageWalk,
  query: Record<string, string>,
  from: number,
  to: number,
  what: string,
): Promise<void> {
  const filtered = await walker.walk(c, { adminMail: c.ctx.fixtures.agency, form: 'json', query }, { judged: true });
  const top = filtered.pages[0]!;
  filtered.entries.forEach((entry, i) => {
    const at = momentoOf(entry);
    if (!at) return;
    c.expect(
      at.epochMs >= from && at.epochMs <= to,
      `only inquiries received ${what}, got Momento ${(entry as { Momento: string }).Momento}`,
      pageOf(filtered, i).res,
    );
  });
  c.expect(filtered.total <= full.total, `Total at most the unfiltered ${full.total}, got ${filtered.total}`, top.res);
  if (!full.complete || !filtered.complete) return;
  const bounds = (walk: PageWalk) => {
    const page = walk.pages[0]!;
    return [stamp(c, page.envelope.Desde, 'Desde', page.res).epochMs, endOfSecond(stamp(c, page.envelope.Hasta, 'Hasta', page.res).epochMs)] as const;
  };
  const [[desde, hasta], [defaultFrom, defaultTo]] = [bounds(filtered), bounds(full)];
  const [lo, hi] = [Math.max(from, desde), Math.min(to, hasta)];
  const expected = full.entries.filter((e) => {
    const at = momentoOf(e)?.epochMs;
    return at !== undefined && at >= Math.max(lo, defaultFrom) && at <= Math.min(hi, defaultTo);
  });
  const missing = missingFrom(expected, filtered.entries);
  c.expect(missing.length === 0, `the ${expected.length} inquiries of the unfiltered list received ${what}; ${missing.length} missing`, top.res);
  // Where the answer's period lies inside the default one, the unfiltered walk holds all of it.
  if (lo >= defaultFrom && hi <= defaultTo)
    c.expect(
      filtered.total === expected.length,
      `Total ${expected.length} (the inquiries of the unfiltered list received ${what}), got ${filtered.total}`,
      top.res,
    );
}
