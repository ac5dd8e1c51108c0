import { listEntries } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { entryKeys } from './identity.ts';
import { statusOf } from './outcomes.ts';
import { listedAgencies, predictAgencyList } from './predict.ts';
import type { ModelRunner } from './runner.ts';
import { isExact, judgeWalk, select, type InquiryQuery } from './selection.ts';
import { knownAbsent, type App, type InquiryView, type World } from './world.ts';

// Lists and their filters, judged against the model: which agencies each app's list shows (and, filtered by an
// operator of an agency, never one of another app's), which inquiries a filter selects of an agency's own (a
// filter given another agency's external id or operator never reaches that agency's inquiries), and the
// inquiry list without adminMail ("optional when operador is given") where a target serves it.

export const LIST_RULE = 'scoping/agencias-list';
export const FILTER_RULE = 'scoping/filters-within-app';
export const SELECTION_RULE = 'model/inquiry-selection';
/** Agencies listed to two apps that one of them is asked to read, at most. */
const SHARED_PROBES = 5;

/** The agency list of `app` (reference form), judged; its folded adminMails when it could be read. */
export async function judgeAgencyList(r: ModelRunner, world: World, app: App, rule = LIST_RULE): Promise<Set<string> | undefined> {
  const res = await r.send('agencias-list', { app, form: 'ref' });
  r.judge({ rule, ...predictAgencyList(world, app), what: `app ${app}'s agency list` }, res);
  return res.status === 200 ? listedAgencies(res.json) : undefined;
}

/**
 * Agencies listed to `app` that another app lists too are agencies `app` itself can read (GET 200): otherwise its
 * list holds another app's agency.
 */
export async function judgeSharedAgencies(r: ModelRunner, app: App, listed: Set<string>, otherList: readonly string[], rule: string): Promise<void> {
  const shared = otherList.filter((m) => listed.has(m.toLowerCase())).slice(0, SHARED_PROBES);
  for (const adminMail of shared) {
    const res = await r.send('agencias-get', { app, params: { adminMail }, form: 'json' });
    const what = `app ${app} reading ${adminMail}, which its list shows (as another app's does)`;
    r.judge({ rule, statement: 'auth/scoped-to-app', status: [statusOf('agencias-get', 'success')], what }, res);
  }
}

/** GET /v3/agencias?operador= as `app`: within its unfiltered list, never an agency the app does not have. */
export async function judgeOperatorFilter(
  r: ModelRunner,
  world: World,
  app: App,
  operador: string,
  unfiltered: Set<string>,
  rule = FILTER_RULE,
): Promise<void> {
  const res = await r.send('agencias-list', { app, form: 'ref', query: { operador } });
  r.judge({ rule, ...predictAgencyList(world, app, operador, unfiltered), what: `app ${app}'s agency list filtered by operador ${operador}` }, res);
}

export interface FilterProbe {
  query: InquiryQuery;
  rule: string;
  statement: string;
  what: string;
}

/**
 * Walks every page of one filtered inquiry list of `adminMail` as `app` and judges it against what the filter
 * selects of the model's view. Where nothing may be selected, a 400 is the row's too (a value that names nothing
 * of the agency may be refused).
 */
export async function judgeFilter(r: ModelRunner, app: App, adminMail: string, view: InquiryView, probe: FilterProbe): Promise<void> {
  const sel = select(view, probe.query, r.ctx.profile.timeZone);
  if (!sel) return r.ledger.unjudged(probe.rule, `the query's period reaches outside the one the model read ${adminMail} over`);
  const query = Object.fromEntries(Object.entries(probe.query).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const pages = await r.walk(app, adminMail, query);
  const first = pages[0]!.res;
  const what = `app ${app} listing ${adminMail}'s inquiries with ${new URLSearchParams(query)}: ${probe.what}`;
  const nothing = isExact(sel) && sel.include.size === 0;
  const listed = statusOf('consultas-list', 'success');
  const allowed = nothing ? [listed, statusOf('consultas-list', 'invalid')] : [listed];
  const head = r.judge({ rule: probe.rule, statement: probe.statement, status: allowed, what }, first);
  if (head.length > 0 || first.status !== listed) return;
  const differences = judgeWalk(sel, pages, r.ctx.profile.inquiryPageSize, { rule: probe.rule, statement: probe.statement, what });
  for (const d of differences) r.ledger.record(probe.rule, d.res, [d]);
}

/**
 * GET /v3/consultas?operador= (no adminMail: the row's "optional when operador is given") as `app`: where a target
 * answers it with a list, that list holds none of the inquiries of an agency the app does not have.
 */
export async function judgeListWithoutAgency(
  r: ModelRunner,
  world: World,
  app: App,
  operador: string,
  foreign: InquiryView,
  foreignMail: string,
): Promise<void> {
  if (!knownAbsent(world, app, foreignMail)) return;
  const res: TargetResponse = await r.sendRaw({ method: 'GET', path: '/v3/consultas', query: { operador }, app, form: 'json' });
  if (res.status !== 200)
    return r.ledger.unjudged(FILTER_RULE, `GET /v3/consultas?operador= (no adminMail) answered ${res.status ?? res.error?.code}: no list to judge`);
  const theirs = new Set(foreign.records.map((rec) => rec.key));
  const entries = listEntries(res.json) ?? [];
  const leaked = entryKeys(entries).filter((key) => theirs.has(key));
  r.ledger.record(
    FILTER_RULE,
    res,
    leaked.length === 0
      ? []
      : [
          {
            rule: FILTER_RULE,
            statement: 'auth/scoped-to-app',
            expectation: `no inquiry of ${foreignMail}, which is not app ${app}'s, but ${leaked.length} (app ${app} listing inquiries by operador ${operador} without adminMail) [auth/scoped-to-app]`,
            res,
          },
        ],
  );
}
