import { dateIn } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { listedAgencies, predictAgencyRow } from './predict.ts';
import { FILTER_RULE, judgeFilter, judgeListWithoutAgency, judgeOperatorFilter, judgeSharedAgencies, SELECTION_RULE, type FilterProbe } from './filters.ts';
import { FOLDED, LOOKUP_RULE, READS_RULE, walkLookups, walkMatrix, type Subject } from './matrix.ts';
import { concurrently } from './concurrently.ts';
import { observe, type Held } from './observe.ts';
import { statusOf } from './outcomes.ts';
import type { ModelRunner } from './runner.ts';
import { agencyOf, type App, type InquiryRecord, type InquiryView, type World } from './world.ts';

// The part of the model run that changes nothing (it runs in a read-only run too): the model fed with what the
// target shows (observe.ts), then every read cell of the scope matrix on those agencies, lookups by id across
// them, the agency lists and their operator filter, and each held agency's inquiry filters.

/** The rules this part has instances of: each is told why where it could judge none. */
export const READ_PART_RULES = [
  ...Object.values(FOLDED).filter((r) => !r.includes('put') && !r.includes('desasociar') && !r.includes('resend')),
  'scoping/agency-lists-disjoint',
  'scoping/empty-app-no-agencies',
  READS_RULE,
  LOOKUP_RULE,
  FILTER_RULE,
  SELECTION_RULE,
];

export async function runReadPart(r: ModelRunner): Promise<World> {
  const o = await observe(r);
  const world = o.world;
  r.world = world;
  for (const reason of o.reasons) for (const rule of READ_PART_RULES) r.ledger.unjudged(rule, reason);
  const primary = o.held.find((h) => h.app === 'primary');
  const other = o.held.find((h) => h.app === 'other');
  const noSid = r.ctx.fixtures.missing.inquirySid;
  const subjects: Subject[] = o.held.map((h) => ({ adminMail: h.adminMail, owner: h.app, kind: 'held', ...(h.sid ? { sid: h.sid } : noSid ? { noSid } : {}) }));
  subjects.push({ adminMail: world.nonexistent, kind: 'nonexistent', ...(primary?.sid ? { sid: primary.sid } : {}) });
  await walkMatrix(r, world, subjects, { rows: 'reads', ownWrites: [] });
  await judgeEveryAgency(r, world);
  if (primary?.sid && other?.sid) {
    await walkLookups(
      r,
      world,
      [
        { caller: 'primary', adminMail: primary.adminMail, sid: other.sid },
        { caller: 'other', adminMail: other.adminMail, sid: primary.sid },
      ],
      false,
    );
  }
  await judgeLists(r, world, primary);
  for (const h of o.held)
    await judgeHeldFilters(
      r,
      world,
      h,
      o.held.find((x) => x !== h),
    );
  if (primary && other) {
    const op = operatorOf(r, world, primary);
    const view = agencyOf(world, primary.adminMail)?.inquiries.get('primary');
    if (op && view) await judgeListWithoutAgency(r, world, 'other', op, view, primary.adminMail);
  }
  return world;
}

/** Agencies of the lists each read by every app, at most (the held ones get the whole matrix). */
const LISTED_READS = 8;

/** Every agency a list shows is one its app reads (200); an app whose list lacks it does not (404). */
async function judgeEveryAgency(r: ModelRunner, world: World): Promise<void> {
  const seen = [...world.agencies.values()].filter((a) => !a.runMade).slice(0, LISTED_READS);
  const tasks = seen.flatMap((a) =>
    world.apps.map((app) => async () => {
      const p = predictAgencyRow(world, 'agencias-get', app, a.adminMail);
      if (!p) return;
      const listed = a.apps.has(app) ? 'which its list shows' : 'which its list does not show';
      const res = await r.send('agencias-get', { app, params: { adminMail: a.adminMail }, form: 'json' });
      r.judge({ rule: READS_RULE, ...p, what: `app ${app} reading ${a.adminMail}, ${listed}` }, res);
    }),
  );
  await concurrently(tasks);
}

/** The agency lists: two apps' lists apart but for agencies both can read; the empty app lists none; the operator filter. */
async function judgeLists(r: ModelRunner, world: World, primary: Held | undefined): Promise<void> {
  const lists = new Map<App, Set<string>>();
  const answers = new Map<App, TargetResponse>();
  for (const app of world.apps) {
    const res = await r.send('agencias-list', { app, form: 'ref' });
    answers.set(app, res);
    const listed = res.status === statusOf('agencias-list', 'success') ? listedAgencies(res.json) : undefined;
    if (app === 'empty') {
      const says = 'no agency: the empty app has none';
      r.judge(
        {
          rule: 'scoping/empty-app-no-agencies',
          statement: 'service/scoped-to-app',
          status: [statusOf('agencias-list', 'success')],
          what: "the empty app's agency list",
          facets: [{ says, holds: () => listed?.size === 0 }],
        },
        res,
      );
      continue;
    }
    if (listed) lists.set(app, listed);
  }
  await judgeDisjoint(r, lists, answers.get('primary'), primary);
  if (!primary) return;
  const op = operatorOf(r, world, primary);
  if (!op) return r.ledger.unjudged(FILTER_RULE, `no operator of ${primary.adminMail} is known`);
  for (const [app, unfiltered] of lists) await judgeOperatorFilter(r, world, app, op, unfiltered);
}

const DISJOINT_RULE = 'scoping/agency-lists-disjoint';

/**
 * An agency may be associated with both apps: one that other's list shows as primary's does is one app other can
 * read. Each of primary's agencies other's list does not show is an instance that holds; primary's list showing
 * its fixture agency is the precondition (the lists read are the lists discovery read).
 */
async function judgeDisjoint(r: ModelRunner, lists: Map<App, Set<string>>, evidence: TargetResponse | undefined, primary: Held | undefined): Promise<void> {
  const mine = lists.get('primary');
  const theirs = lists.get('other');
  if (!mine || !theirs) return r.ledger.unjudged(DISJOINT_RULE, "precondition not met: primary's and other's agency lists answered with their agencies");
  if (primary && !mine.has(primary.adminMail.toLowerCase()))
    return r.ledger.unjudged(DISJOINT_RULE, `precondition not met: the fixture agency ${primary.adminMail} in primary's list`);
  if (evidence) for (const m of mine) if (!theirs.has(m)) r.ledger.record(DISJOINT_RULE, evidence);
  await judgeSharedAgencies(r, 'other', theirs, [...mine], DISJOINT_RULE);
}

/** An operator of a held agency: discovery's (of the fixture agency), else one its inquiries name. */
function operatorOf(r: ModelRunner, world: World, h: Held): string | undefined {
  const { agency, operador } = r.ctx.fixtures;
  if (operador && agency?.toLowerCase() === h.adminMail.toLowerCase()) return operador;
  return firstString(agencyOf(world, h.adminMail)?.inquiries.get(h.app)?.records ?? [], (rec) => rec.operador);
}

/**
 * The filters of one held agency's list as its app: its own external id, operator and a day (what each selects of
 * its inquiries: model/inquiry-selection), and the external id and operator of the other app's held agency (they
 * reach none of that agency's inquiries: scoping/filters-within-app).
 */
async function judgeHeldFilters(r: ModelRunner, world: World, h: Held, foreign: Held | undefined): Promise<void> {
  const view = agencyOf(world, h.adminMail)?.inquiries.get(h.app);
  if (!view) return r.ledger.unjudged(SELECTION_RULE, `the inquiries of ${h.adminMail} could not be read`);
  const probes: FilterProbe[] = [...ownProbes(view, r.ctx.profile.timeZone)];
  const theirs = foreign ? agencyOf(world, foreign.adminMail)?.inquiries.get(foreign.app) : undefined;
  if (theirs && foreign) probes.push(...foreignProbes(view, theirs, foreign.adminMail));
  await concurrently(probes.map((probe) => () => judgeFilter(r, h.app, h.adminMail, view, probe)));
}

const period = (v: InquiryView) => ({ desde: v.desde, hasta: v.hasta });
const firstString = (records: InquiryRecord[], of: (r: InquiryRecord) => unknown): string | undefined =>
  records.map(of).find((v): v is string => typeof v === 'string' && v !== '');

function ownProbes(view: InquiryView, timeZone: string): FilterProbe[] {
  const probes: FilterProbe[] = [];
  const externalid = firstString(view.records, (rec) => rec.externalId);
  if (externalid !== undefined)
    probes.push({
      query: { ...period(view), externalid },
      rule: SELECTION_RULE,
      statement: 'endpoints/consultas-list/externalid',
      what: 'the inquiries of that publication',
    });
  const operador = firstString(view.records, (rec) => rec.operador);
  if (operador !== undefined)
    probes.push({
      query: { ...period(view), operador },
      rule: SELECTION_RULE,
      statement: 'endpoints/consultas-list/operador',
      what: 'the inquiries visible to that collaborator',
    });
  const days = view.records
    .map((rec) => (rec.epochMs !== undefined ? dateIn(rec.epochMs, timeZone) : undefined))
    .filter((d): d is string => d !== undefined)
    .sort();
  const day = days[Math.floor(days.length / 2)];
  if (day !== undefined) {
    probes.push({
      query: { desde: day, hasta: day },
      rule: SELECTION_RULE,
      statement: 'endpoints/consultas-list/desde',
      what: 'the inquiries received that day',
    });
  }
  return probes;
}

function foreignProbes(view: InquiryView, theirs: InquiryView, foreignMail: string): FilterProbe[] {
  const probes: FilterProbe[] = [];
  const mine = new Set(view.records.map((rec) => rec.externalId));
  const externalid = firstString(
    theirs.records.filter((rec) => !mine.has(rec.externalId)),
    (rec) => rec.externalId,
  );
  if (externalid !== undefined)
    probes.push({
      query: { ...period(view), externalid },
      rule: FILTER_RULE,
      statement: 'endpoints/consultas-list/externalid',
      what: `an external id of ${foreignMail}'s, another app's agency`,
    });
  const operador = firstString(theirs.records, (rec) => rec.operador);
  if (operador !== undefined)
    probes.push({
      query: { ...period(view), operador },
      rule: FILTER_RULE,
      statement: 'endpoints/consultas-list/operador',
      what: `an operator of ${foreignMail}, another app's agency`,
    });
  return probes;
}
