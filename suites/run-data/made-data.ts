import { addDays, consultaInput, daysNot24Hours, LIMITS, type ConsultaInput } from '../../models/index.ts';
import { countAnswer, emptyTraffic, notJudged } from '../../sut/infrastructure.ts';
import { callEndpoint } from '../../sut/call.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { CaptureServer } from '../../webhooks/capture-server.ts';
import { freshInquiry, tryHookInquiry, tryHookRegistration } from '../events/hooks.ts';
import type { Check } from '../harness/check.ts';
import { inviteFresh } from '../harness/invitations.ts';
import { webhookUrl } from '../harness/request-inputs.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';
import { dayEdges, noonOf, type Edge } from './edges.ts';
import { VALUE_KINDS, withValues, type ValueKind } from './values.ts';
import { runCounter } from '../harness/run-counter.ts';

// The data the checks of run-data.suite.ts need, made by the run on an agency of its own (issue 21, "the run
// makes the data its checks need"): registered through the simulation hooks, then given inquiries through them —
// more than a page of inquiries received at one same instant, inquiries at the edges of a day of the profile's
// time zone written in offsets that put them on another day, and inquiries with zero, null and empty values.
// Every inquiry and the registration are triggers of a delivery, each with a buyer e-mail (or the AdminMail) that
// names it and the receiver's count just before it: the delivery check judges them all.

/** Callback paths of the receiver: the primary app's inquiry and registration topics, and the other app's. */
export const CALLBACKS = { inquiry: 'data-inquiry', registration: 'data-registration', otherInquiry: 'data-other-inquiry' } as const;

/** At most this many inquiries a page for the tie to be made: PerPagina + 2 inquiries share one Momento. */
const MAX_TIE_PAGE = 250;
/** Hook calls in flight at once while injecting. */
const BATCH = 5;
/**
 * How long the hooks may take to make the data, of the 60 s the first check that asks for it has: a slow hook (a
 * command spawning a process per inquiry on a loaded machine) makes the data unavailable, said so, rather than
 * letting the check run out of time and read as a failure of its rule.
 */
const DATA_BUDGET_MS = 35_000;
const TIE_DAY = 5;
const EDGE_DAY = 3;
/**
 * The days not 24 hours long whose edges the run makes (issue 28 §2): those of the desde window, clear of its minimum
 * (the eve is read too) and of the tie and edge days and their neighbours, whose checks count what each day holds.
 */
const SHORT_DAYS_FROM = -(LIMITS.desde.minDaysBeforeToday - 2);
const SHORT_DAYS_TO = -(TIE_DAY + 3);

export interface Made {
  /** The buyer e-mail that names this inquiry in lists, reads and deliveries. */
  marker: string;
  sid: string;
  sent: ConsultaInput;
  /** The receiver's delivery count just before the hook was called; undefined without a receiver. */
  mark: number | undefined;
  /** The hook's answer: the trigger, shown as the evidence of a delivery check. */
  res: TargetResponse;
}

export interface RunData {
  adminMail: string;
  perPagina: number;
  ties: { day: string; made: Made[] } | { unavailable: string };
  edges: { day: string; made: (Made & { edge: Edge })[] };
  /** The days of the window that are not 24 hours long in the profile's zone, and the inquiries at their edges. */
  shortDays: { days: string[]; made: (Made & { edge: Edge })[] };
  values: (Made & { kind: ValueKind })[];
  /** Kinds of values the hook refused: a target may refuse what its own validation does not take. */
  refusedValues: string[];
  registration: { mark: number | undefined; configured: boolean; res: TargetResponse };
  /** The receiver the topics point at, or why the target cannot reach one. */
  receiver: CaptureServer | { unreachable: string };
}

/** Why the data could not be made: the checks that need it skip with this. */
export class DataUnavailable extends Error {}

interface Planned {
  sent: ConsultaInput;
  marker: string;
}

function given(condition: unknown, reason: string, res?: TargetResponse): asserts condition {
  if (condition) return;
  // An answer the network took (sut/infrastructure.ts) is said as the checks say it: the reports count those.
  if (res?.lost) throw new DataUnavailable(notJudged(lostTally(res))!);
  throw new DataUnavailable(`${reason}${res ? ` (answered ${res.status ?? res.exchange.error ?? 'nothing'})` : ''}`);
}

function lostTally(res: TargetResponse) {
  const t = emptyTraffic();
  countAnswer(t, res);
  return t;
}

const nextMade = runCounter();

/**
 * Valid inquiries for `adminMail`, each received at the `momento` asked and named by a buyer e-mail of its own:
 * copies of one generated inquiry (generating each costs more than sending it).
 */
function planner(c: Check, adminMail: string): (momento: string) => Planned {
  const base = freshInquiry(c);
  return (momento) => {
    const made = nextMade(c.ctx.runId);
    const marker = `${c.ctx.runId}-d${made}@${c.ctx.profile.invitationDomain}`.toLowerCase();
    const sent = structuredClone(base);
    Object.assign(sent, { Momento: momento, OperadorResponsable: adminMail });
    sent.Interesado.Email = marker;
    return { sent, marker };
  };
}

async function inject(c: Check, adminMail: string, plan: Planned, receiver: CaptureServer | undefined): Promise<Made | TargetResponse> {
  const mark = receiver?.count();
  const made = await tryHookInquiry(c, adminMail, plan.sent);
  return made.done ? { ...plan, sid: made.sid!, mark, res: made.res } : made.res;
}

/** Injects every plan, BATCH at a time, in order; each result is the Made or the hook's refusal. */
async function injectAll(c: Check, adminMail: string, plans: Planned[], receiver: CaptureServer | undefined): Promise<(Made | TargetResponse)[]> {
  const out: (Made | TargetResponse)[] = [];
  const started = Date.now();
  for (let i = 0; i < plans.length; i += BATCH) {
    const spent = Date.now() - started;
    given(
      i === 0 || spent < DATA_BUDGET_MS,
      `the simulation hooks made ${i} of the run's ${plans.length} inquiries in ${Math.round(spent / 1000)} s: the rest would outlast the check (a faster hook, such as an HTTP template, makes them in time)`,
    );
    out.push(...(await Promise.all(plans.slice(i, i + BATCH).map((p) => inject(c, adminMail, p, receiver)))));
  }
  return out;
}

const isMade = (r: Made | TargetResponse): r is Made => 'marker' in r;

/** Points (app, topic) at url; whether the target took the configuration. */
async function point(session: WebhookSession, app: 'primary' | 'other', topic: string, url: string): Promise<boolean> {
  const res = await session.configure(app, topic, url);
  return res.status === 200 || res.status === 201;
}

/** point(), for a topic the data can do without: one the run may not change (it could not put it back) is left alone. */
const pointIfAllowed = (session: WebhookSession, app: 'primary' | 'other', topic: string, url: string): Promise<boolean> =>
  point(session, app, topic, url).catch((error: { code?: string }) => (error.code === 'VMP_ERR_UNRESTORABLE_WEBHOOK' ? false : Promise.reject(error)));

async function makeRunData(c: Check, session: WebhookSession): Promise<RunData> {
  const { profile, today } = c.ctx;
  given(profile.simulationHooks !== null, 'the profile declares no simulation hooks (simulationHooks: null): the run cannot make its data');
  const unreachable = session.unreachable();
  const receiver = unreachable ? undefined : await session.receiver();
  // Every delivery the data provokes goes to the run's receiver, or (a target that cannot reach it) nowhere real.
  const url = async (name: string) => (receiver ? session.callbackUrl(name) : webhookUrl(c));
  given(
    await point(session, 'primary', profile.topics.inquiry, await url(CALLBACKS.inquiry)),
    `the inquiry topic '${profile.topics.inquiry}' could not be pointed at the run's receiver`,
  );
  const registrationPointed = await pointIfAllowed(session, 'primary', profile.topics.registration, await url(CALLBACKS.registration));
  if (receiver) await pointIfAllowed(session, 'other', profile.topics.inquiry, await url(CALLBACKS.otherInquiry));

  const { adminMail } = await inviteFresh(c, 'data');
  const registrationMark = receiver?.count();
  const registered = await tryHookRegistration(c, adminMail);
  given(registered.done, `the hooks did not complete the run's invitation of ${adminMail} (expected ${registered.problem})`, registered.res);
  // Safety: the agency served this file's checks only; it is dissociated again when the file ends.
  const client = c.client.restoring();
  session.onCleanup(async () => void (await callEndpoint(client, 'agencias-desasociar', { params: { adminMail } })));

  const tz = profile.timeZone;
  const tieDay = addDays(today, -TIE_DAY);
  const first = await c.send('consultas-list', { params: { adminMail }, query: { desde: tieDay, hasta: tieDay }, form: 'json' });
  const perPagina = (first.json as { PerPagina?: unknown } | undefined)?.PerPagina;
  given(
    first.status === 200 && typeof perPagina === 'number' && Number.isInteger(perPagina) && perPagina > 0,
    "the new agency's inquiry list with a positive integer PerPagina",
    first,
  );

  // PerPagina + 2 inquiries received at one instant: the pages split them, 2 past the first boundary.
  const plan = planner(c, adminMail);
  const tieMomento = noonOf(tieDay, tz);
  const tiePlans = perPagina <= MAX_TIE_PAGE ? Array.from({ length: perPagina + 2 }, () => plan(tieMomento)) : [];
  const edgeDay = addDays(today, -EDGE_DAY);
  const edges = dayEdges(edgeDay, tz);
  const edgePlans = edges.map((e) => plan(e.written));
  const shortDays = daysNot24Hours(addDays(today, SHORT_DAYS_FROM), addDays(today, SHORT_DAYS_TO), tz);
  const shortEdges = shortDays.flatMap((d) => dayEdges(d, tz));
  const shortPlans = shortEdges.map((e) => plan(e.written));
  const noon = noonOf(edgeDay, tz);
  const valuePlans = VALUE_KINDS.map((kind) => {
    const planned = plan(noon);
    return { ...planned, sent: consultaInput('strict').parse(withValues(planned.sent, kind)) };
  });

  const results = await injectAll(c, adminMail, [...tiePlans, ...edgePlans, ...shortPlans, ...valuePlans], receiver);
  const [a, b, d] = [tiePlans.length, tiePlans.length + edgePlans.length, tiePlans.length + edgePlans.length + shortPlans.length];
  const [ties, edgeResults, shortResults, valueResults] = [results.slice(0, a), results.slice(a, b), results.slice(b, d), results.slice(d)];
  const refusedTie = ties.find((r) => !isMade(r));
  given(refusedTie === undefined, "the simulation hooks making an inquiry of the run's agency", refusedTie as TargetResponse | undefined);
  const refusedEdge = edgeResults.find((r) => !isMade(r));
  given(refusedEdge === undefined, 'the simulation hooks making an inquiry at the edge of a day', refusedEdge as TargetResponse | undefined);
  const refusedShort = shortResults.find((r) => !isMade(r));
  given(
    refusedShort === undefined,
    'the simulation hooks making an inquiry at the edge of a day that is not 24 hours long',
    refusedShort as TargetResponse | undefined,
  );

  return {
    adminMail,
    perPagina,
    ties:
      tiePlans.length > 0
        ? { day: tieDay, made: ties.filter(isMade) }
        : { unavailable: `PerPagina is ${perPagina}: a tie across a page boundary would take ${perPagina + 2} inquiries` },
    edges: { day: edgeDay, made: edgeResults.filter(isMade).map((m, i) => ({ ...m, edge: edges[i]! })) },
    shortDays: { days: shortDays, made: shortResults.filter(isMade).map((m, i) => ({ ...m, edge: shortEdges[i]! })) },
    values: valueResults.flatMap((r, i) => (isMade(r) ? [{ ...r, kind: VALUE_KINDS[i]! }] : [])),
    refusedValues: valueResults.flatMap((r, i) => (isMade(r) ? [] : [`${VALUE_KINDS[i]!.name} (${r.status ?? r.exchange.error})`])),
    registration: { mark: registrationMark, configured: registrationPointed, res: registered.res },
    receiver: receiver ?? { unreachable: unreachable! },
  };
}

/**
 * The run's data for one suite file, made by the first check that asks (through its requests) and shared by
 * the others. A check skips, with the reason, when it could not be made: no hooks, or a refusal of them.
 */
export function runData(session: WebhookSession): (c: Check) => Promise<RunData> {
  let data: Promise<RunData | { unavailable: string }> | undefined;
  return async (c) => {
    data ??= makeRunData(c, session).catch((error: unknown) => {
      if (error instanceof DataUnavailable) return { unavailable: error.message };
      // A precondition a harness step skipped on (vitest's skip carries its reason as the note).
      const skipped = error as { code?: string; note?: string; message?: string };
      if (skipped.code === 'VITEST_PENDING') return { unavailable: skipped.note ?? skipped.message ?? 'skipped' };
      throw error;
    });
    const got = await data;
    return 'unavailable' in got ? c.skip(got.unavailable) : got;
  };
}
