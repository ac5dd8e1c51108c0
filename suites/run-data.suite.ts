import { setTimeout as sleep } from 'node:timers/promises';
import { addDays, dayLengthIn, formatInZone, inTimeZone, isEndOfDay, parseOffsetDateTime, startOfDayIn } from '../models/index.ts';
import { consultaIn, pointerText } from '../sut/json-pointer.ts';
import { lastSegment } from '../sut/discovery.ts';
import type { TargetResponse } from '../sut/client.ts';
import { check, type Check } from './harness/check.ts';
import { pageOf, PageWalker, type PageWalk } from './harness/pages.ts';
import { DELIVERY_SETTLE_MS, webhookSession } from './harness/webhook-session.ts';
import { MarkerIndex } from './run-data/deliveries.ts';
import { CALLBACKS, runData, type Made, type RunData } from './run-data/made-data.ts';
import { membersOf, notAsGiven } from './run-data/values.ts';

// Data the seed never has (issue 21), made by the run on an agency of its own through the simulation hooks
// (run-data/made-data.ts): a tie in the sort key across a page boundary, inquiries at the edges of a day of the
// profile's time zone written in offsets that put them on another day, zero, null and empty values, and the
// deliveries all of that provokes. Every check changes the target (it needs the data), so a read-only run or a
// profile without hooks skips them, saying so; the agency is dissociated and the topics put back when the file ends.

const session = webhookSession();
const made = runData(session);
const walker = new PageWalker();

const markerOf = (entry: unknown): string | undefined => {
  const email = (entry as { Interesado?: { Email?: unknown } } | null)?.Interesado?.Email;
  return typeof email === 'string' ? email.toLowerCase() : undefined;
};

/** One day's inquiries of the run's agency, every page, in the full form: the answer these checks judge. */
const dayWalk = (c: Check, data: RunData, day: string, form: 'json' | 'ref' = 'json') =>
  walker.walk(c, { adminMail: data.adminMail, form, query: { desde: day, hasta: day } }, { judged: true });

/** How often each of `made` is listed over a walk, by what names it (buyer e-mail, or the sid an href ends in). */
function countEach(made: readonly Made[], keys: readonly (string | undefined)[], keyOf: (m: Made) => string): Map<Made, number[]> {
  const at = new Map<string, number[]>();
  for (const [i, k] of keys.entries()) if (k !== undefined) at.set(k, [...(at.get(k) ?? []), i]);
  return new Map(made.map((m) => [m, at.get(keyOf(m)) ?? []]));
}

check(
  'consultas/list/ties-across-pages',
  async (c) => {
    const data = await made(c);
    if ('unavailable' in data.ties) return c.skip(data.ties.unavailable);
    const { day, made: ties } = data.ties;
    const full = await dayWalk(c, data, day);
    const ref = await dayWalk(c, data, day, 'ref');
    c.given(full.pages.length > 1, `the ${ties.length} inquiries received at one instant on ${day} over more than one page (PerPagina ${data.perPagina})`);
    const walks: [PageWalk, (m: Made) => string, (string | undefined)[], string][] = [
      [full, (m) => m.marker, full.entries.map(markerOf), 'buyer e-mail'],
      [
        ref,
        (m) => m.sid,
        ref.entries.map((e) => ((e as { href?: unknown } | null)?.href === undefined ? undefined : lastSegment(String((e as { href: unknown }).href)))),
        'href',
      ],
    ];
    for (const [walk, keyOf, keys, by] of walks) {
      const top = walk.pages[0]!.res;
      c.expect(walk.total === ties.length, `Total ${ties.length}, the inquiries the run's agency received on ${day}; got ${walk.total}`, top);
      for (const [m, found] of countEach(ties, keys, keyOf)) {
        const where = found.length > 1 ? pageOf(walk, found[1]!).res : walk.pages.at(-1)!.res;
        c.expect(
          found.length === 1,
          `inquiry ${m.sid} (one of ${ties.length} received at ${m.sent.Momento}) listed once over the ${walk.pages.length} pages (by ${by}), found ${found.length === 0 ? 'on none' : `${found.length} times (entries ${found.join(', ')})`}`,
          where,
        );
      }
    }
  },
  { mutates: true },
);

/**
 * Days are the target's: for each of `days`, desde=hasta=that day lists the inquiries the run made at the edges that
 * fall on it and none of the others, Desde and Hasta are its first and last instant in the profile's zone (by the
 * zone's rules: a day of 23 or 25 hours, a midnight the clock skips), and Total counts the inquiries the run's agency
 * received on it (`others(day)` besides the edges).
 */
async function judgeZoneDays(
  c: Check,
  data: RunData,
  edges: RunData['edges']['made'],
  days: readonly string[],
  others: (day: string) => number,
): Promise<void> {
  const tz = c.ctx.profile.timeZone;
  // The hooks receive an inquiry "as given": where one did not keep the Momento, the days show nothing.
  for (const e of edges) {
    const read = await c.send('consultas-get', { params: { adminMail: data.adminMail, sid: e.sid }, form: 'json' });
    const momento = parseOffsetDateTime(String((read.json as { Momento?: unknown } | undefined)?.Momento));
    c.given(
      read.status === 200 && momento?.epochMs === e.edge.epochMs,
      `the inquiry the hook received with Momento ${e.sent.Momento} read by sid at that instant`,
      read,
    );
  }
  for (const d of days) {
    const walk = await dayWalk(c, data, d);
    const top = walk.pages[0]!;
    const desde = parseOffsetDateTime(String(top.envelope.Desde));
    const start = startOfDayIn(d, tz);
    c.expect(desde?.epochMs === start, `Desde the first instant of ${d} in ${tz} (${formatInZone(start, tz)}), got ${String(top.envelope.Desde)}`, top.res);
    const hasta = parseOffsetDateTime(String(top.envelope.Hasta));
    const end = hasta && inTimeZone(hasta, tz);
    c.expect(end && isEndOfDay(end) && end.date === d, `Hasta the last instant of ${d} in ${tz}, got ${String(top.envelope.Hasta)}`, top.res);
    const listed = new Map(walk.entries.map((e, i) => [markerOf(e), i]));
    for (const e of edges) {
      const inDay = e.edge.day === d;
      const at = listed.get(e.marker);
      c.expect(
        (at !== undefined) === inDay,
        `the inquiry received at ${e.edge.label} in ${tz} (Momento ${e.sent.Momento}) ${inDay ? 'in' : 'not in'} the list of desde=hasta=${d}`,
        at === undefined ? top.res : pageOf(walk, at).res,
      );
    }
    const expected = edges.filter((e) => e.edge.day === d).length + others(d);
    c.expect(walk.total === expected, `Total ${expected}, the inquiries the run's agency received on ${d} in ${tz}; got ${walk.total}`, top.res);
  }
}

/** A day and the days either side of it. */
const around = (day: string) => [addDays(day, -1), day, addDays(day, 1)];

check(
  'consultas/list/period-by-zone-day',
  async (c) => {
    const data = await made(c);
    const { day, made: edges } = data.edges;
    await judgeZoneDays(c, data, edges, around(day), (d) => (d === day ? data.values.length : 0));
  },
  { mutates: true },
);

check(
  'consultas/list/period-days-not-24-hours',
  async (c) => {
    const data = await made(c);
    const { days, made: edges } = data.shortDays;
    const tz = c.ctx.profile.timeZone;
    if (days.length === 0) return c.skip(`no day of the desde window the run judges is other than 24 hours long in ${tz}: its rules change no offset then`);
    c.observe(`days not 24 hours long in ${tz}: ${days.map((d) => `${d} (${dayLengthIn(d, tz) / 3_600_000} h)`).join(', ')}`);
    await judgeZoneDays(c, data, edges, [...new Set(days.flatMap(around))], () => 0);
  },
  { mutates: true },
);

check(
  'consultas/values-as-given',
  async (c) => {
    const data = await made(c);
    if (data.refusedValues.length > 0) c.observe(`POST {hooks}/consultas refused the inquiry with ${data.refusedValues.join(', ')}`);
    if (data.values.length === 0) return c.skip('the simulation hooks took none of the inquiries with zero, null and empty values');
    const listed = await dayWalk(c, data, data.edges.day);
    const server = 'unreachable' in data.receiver ? undefined : data.receiver;
    const pointer = c.ctx.profile.webhooks.consultaPointer;
    const judge = (v: RunData['values'][number], consulta: unknown, where: string, res: TargetResponse) => {
      const { sent, got } = membersOf(v.kind, consulta);
      const diff = notAsGiven(sent, got);
      c.expect(diff === undefined, `the ${v.kind.name} of inquiry ${v.sid} as given, in ${where}; but ${diff}`, res);
    };
    for (const v of data.values) {
      const read = await c.send('consultas-get', { params: { adminMail: data.adminMail, sid: v.sid }, form: 'json' });
      c.givenStatus(read, 200, `GET by sid of the inquiry with ${v.kind.name}`);
      judge(v, read.json, 'GET by sid', read);
      const at = listed.entries.findIndex((e) => markerOf(e) === v.marker);
      if (at >= 0) judge(v, listed.entries[at], 'its list entry', pageOf(listed, at).res);
      const delivery = server?.deliveries().find((d) => d.path.endsWith(`/${CALLBACKS.inquiry}`) && JSON.stringify(d.json).toLowerCase().includes(v.marker));
      const asGiven = (consulta: unknown) => {
        const { sent, got } = membersOf(v.kind, consulta);
        return notAsGiven(sent, got) === undefined;
      };
      if (delivery) judge(v, consultaIn(delivery.json, pointer, asGiven), `its webhook payload (${pointerText(pointer)})`, read);
    }
  },
  { mutates: true },
);

check(
  'events/delivered-once-each',
  async (c) => {
    const data = await made(c);
    if ('unreachable' in data.receiver) return c.skip(data.receiver.unreachable);
    const server = data.receiver;
    const index = new MarkerIndex(c.ctx.runId, c.ctx.profile.invitationDomain);
    const inquiries = [...('made' in data.ties ? data.ties.made : []), ...data.edges.made, ...data.values];
    const on = (name: string) => (d: { path: string }) => d.path.endsWith(`/${name}`);
    const deadline = c.ctx.profile.webhooks.deliveryDeadlineMs;
    const delivered = () => index.byMarker(server.deliveries().filter(on(CALLBACKS.inquiry)));
    const registrations = () =>
      server.deliveries().filter((d) => on(CALLBACKS.registration)(d) && JSON.stringify(d.json).toLowerCase().includes(data.adminMail.toLowerCase()));
    // The registration's delivery is waited for too: it may come through another queue, later than the inquiries'.
    const allArrived = () => {
      const now = delivered();
      return inquiries.every((m) => now.has(m.marker)) && (!data.registration.configured || registrations().length > 0);
    };
    await server.waitFor(allArrived, deadline).catch(() => undefined);
    // The settle window runs from the last first delivery (the other checks' reads may have used it up).
    const firsts = [...delivered().values(), registrations()].flatMap((ds) => (ds[0] ? [Date.parse(ds[0].receivedAt)] : []));
    await sleep(Math.max(0, Math.max(0, ...firsts) + DELIVERY_SETTLE_MS - Date.now()));

    const all = index.byMarker(server.deliveries());
    // Each trigger is its deliveries' evidence: the hook's answer that made the inquiry.
    c.judge(inquiries[0]!.res);
    c.judgeDeliveries([...all.values()].flat());
    for (const m of inquiries) {
      const evidence = m.res;
      const copies = all.get(m.marker) ?? [];
      const what = `inquiry ${m.sid} (${m.marker})`;
      const early = copies.filter((d) => m.mark !== undefined && d.seq <= m.mark).length;
      c.expect(early === 0, `no delivery of ${what} before it was received, not ${early}`, evidence);
      const right = copies.filter(on(CALLBACKS.inquiry)).length;
      c.expect(right === 1, `exactly one delivery of ${what} to the primary app's inquiry topic within ${deadline} ms, not ${right}`, evidence);
      const elsewhere = copies.filter((d) => !on(CALLBACKS.inquiry)(d)).map((d) => d.path);
      c.expect(
        elsewhere.length === 0,
        `no delivery of ${what} to another callback (the other app's, the registration topic), not ${elsewhere.join(', ')}`,
        evidence,
      );
    }
    if (!data.registration.configured)
      return c.observe("the registration topic could not be pointed at the run's receiver: the registration's delivery was not judged");
    const evidence = data.registration.res;
    c.judge(evidence);
    const registered = registrations();
    const early = registered.filter((d) => data.registration.mark !== undefined && d.seq <= data.registration.mark).length;
    c.expect(early === 0, `no registration delivery of ${data.adminMail} before its registration was completed, not ${early}`, evidence);
    c.expect(
      registered.length === 1,
      `exactly one registration delivery of ${data.adminMail}, the agency the run registered, within ${deadline} ms, not ${registered.length}`,
      evidence,
    );
  },
  { mutates: true },
);
