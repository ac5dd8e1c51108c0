import { ENDPOINTS, type Endpoint } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { Expectation } from './compare.ts';
import { concurrently } from './concurrently.ts';
import { predictAgencyRow } from './predict.ts';
import { guardedWrite, type Read } from './reads.ts';
import type { ModelRunner } from './runner.ts';
import { agencyOf, type App, type World } from './world.ts';

// Issue 21 §3, the scope matrix: every row that names an agency (the catalog rows whose scoping is agency-read or
// agency-modify, so a row added to the catalog joins the matrix) × caller (each app of the profile) × the
// agency it names, relative to the caller: its own, a foreign one (another app's), an unassociated one (one the
// run registered, then dissociated), a nonexistent one. The expected status comes from the model (predict.ts).
// Where an older scoping rule was one cell of this matrix, the cell still reports to it (FOLDED). OPTIONS on the
// agency URI (States and transitions) is no row but names an agency too: a foreign agency is for it what an agency
// that does not exist for the app is (Authentication: 404), and what it answers for the app's own is not shown.

export type Relation = 'own' | 'foreign' | 'unassociated' | 'nonexistent';

/** An agency the matrix names, with the sid of one of its inquiries (for the rows that name one). */
export interface Subject {
  adminMail: string;
  sid?: string;
  /** The app it belongs to; none for the unassociated and the nonexistent one. */
  owner?: App;
  kind: 'held' | 'unassociated' | 'nonexistent';
  /** Why no sid is known, for the cells that need one. */
  noSid?: string;
}

export const AGENCY_ROWS: readonly Endpoint[] = ENDPOINTS.filter((e) => e.scoping === 'agency-read' || e.scoping === 'agency-modify');
const writes = (e: Endpoint): boolean => e.scoping === 'agency-modify';
/** The cells whose success the spec does not show (OPTIONS on a registered agency): only the refusals are judged. */
const successShown = (e: Endpoint): boolean => e.success.source !== 'not-shown';

/** The scoping rules that were each one cell of the matrix: app other naming primary's agency. */
export const FOLDED: Readonly<Record<string, string>> = {
  'agencias-get': 'scoping/foreign-agency-get-404',
  'agencias-productos': 'scoping/foreign-agency-productos-404',
  'consultas-list': 'scoping/foreign-consultas-list-404',
  'consultas-get': 'scoping/foreign-consulta-get-404',
  'agencias-put': 'scoping/foreign-agency-put-403',
  'agencias-desasociar': 'scoping/foreign-agency-desasociar-403',
  'consultas-resend': 'scoping/foreign-resend-403',
};

export const READS_RULE = 'scoping/agency-reads';
export const MODIFICATIONS_RULE = 'scoping/agency-modifications';
export const LOOKUP_RULE = 'scoping/lookup-by-id';

export const relationOf = (s: Subject, caller: App): Relation => (s.kind !== 'held' ? s.kind : s.owner === caller ? 'own' : 'foreign');

/** The rule a cell reports to. */
export function cellRule(e: Endpoint, caller: App, s: Subject): string {
  if (caller === 'other' && s.kind === 'held' && s.owner === 'primary') return FOLDED[e.id] ?? READS_RULE;
  if (caller === 'empty' && s.kind === 'held' && e.id === 'agencias-get') return 'scoping/empty-app-no-agencies';
  return writes(e) ? MODIFICATIONS_RULE : READS_RULE;
}

const VERB: Record<string, string> = {
  'agencias-get': 'reading',
  'agencias-options': 'asking OPTIONS of',
  'agencias-productos': 'reading the productos of',
  'consultas-list': 'listing the inquiries of',
  'consultas-get': 'reading an inquiry of',
  'agencias-put': 'modifying',
  'agencias-desasociar': 'dissociating',
  'consultas-resend': 'resending an inquiry webhook of',
};

const whose = (s: Subject, caller: App): string =>
  ({
    own: 'its own agency',
    foreign: `app ${s.owner}'s agency`,
    unassociated: 'an agency dissociated from its app',
    nonexistent: 'an agency that does not exist',
  })[relationOf(s, caller)];

/** The request of a cell. */
function send(r: ModelRunner, e: Endpoint, caller: App, adminMail: string, sid: string | undefined): Promise<TargetResponse> {
  const params = { adminMail, ...(sid !== undefined ? { sid } : {}) };
  const json = e.id === 'agencias-put' ? r.editBody(adminMail) : undefined;
  return r.send(e.id, { app: caller, params, ...(json ? { json } : {}), ...(e.success.mediaTypes ? { form: 'json' as const } : {}) });
}

/**
 * What a refused write on `s` by `caller` must leave as it was: every owner's view of it, and the caller's. A
 * resend changes no state a read shows (what it sends is the deliveries part's), so it has none.
 */
function ownersAndCaller(world: World, e: Endpoint, caller: App, s: Subject): Read[] {
  if (e.id === 'consultas-resend') return [];
  const owners = [...(agencyOf(world, s.adminMail)?.apps ?? [])];
  const reads: Read[] = owners.map((app) => ({
    app,
    endpointId: 'agencias-get',
    params: { adminMail: s.adminMail },
    what: `app ${app}'s agency ${s.adminMail}`,
  }));
  // The list, and the list filtered by the agency's administrator (one of its operators): each view that selects it.
  if (e.id === 'agencias-desasociar')
    for (const app of owners)
      reads.push(
        { app, endpointId: 'agencias-list', form: 'ref', what: `app ${app}'s agency list` },
        {
          app,
          endpointId: 'agencias-list',
          form: 'ref',
          query: { operador: s.adminMail },
          what: `app ${app}'s agency list filtered by operador ${s.adminMail}`,
        },
      );
  if (!owners.includes(caller))
    reads.push({ app: caller, endpointId: 'agencias-get', params: { adminMail: s.adminMail }, what: `app ${caller}'s view of ${s.adminMail}` });
  return reads;
}

export interface MatrixOptions {
  /** Rows to walk: reads only (a run that changes nothing), or every row. */
  rows: 'reads' | 'all';
  /** The modifying rows an app may send on its own agency here (desasociar would take it out of the pool). */
  ownWrites: readonly string[];
  /** What an accepted write must leave as it was: its neighbours. */
  neighbours?: (e: Endpoint, caller: App, s: Subject) => Read[];
}

/**
 * Why a resend by `caller` is not judged here, if it is not: the caller has no inquiry callback (the topic is not
 * available to it: topic-steps.ts), and the profile's target refuses a resend without one (400, before the rest).
 */
export function resendUnjudged(r: ModelRunner, world: World, endpointId: string, caller: App): string | undefined {
  if (endpointId !== 'consultas-resend' || world.topics.get(caller)?.get('inquiry') || r.ctx.profile.webhooks.resendWithoutCallback !== 'refuse')
    return undefined;
  return `app ${caller} has no inquiry callback configured ('${r.ctx.profile.topics.inquiry}' is not available to it), and webhooks.resendWithoutCallback is "refuse"`;
}

/** Judges every cell of the matrix the subjects allow: each row × each app × each subject (reads a few at a time). */
export async function walkMatrix(r: ModelRunner, world: World, subjects: readonly Subject[], o: MatrixOptions): Promise<void> {
  const reads: (() => Promise<unknown>)[] = [];
  const writesToDo: (() => Promise<unknown>)[] = [];
  for (const e of AGENCY_ROWS) {
    if (o.rows === 'reads' && writes(e)) continue;
    const namesInquiry = e.params.some((p) => p.name === 'sid');
    for (const caller of world.apps) {
      for (const s of subjects) {
        if (writes(e) && relationOf(s, caller) === 'own' && !o.ownWrites.includes(e.id)) continue;
        if (!successShown(e) && relationOf(s, caller) === 'own') continue;
        const rule = cellRule(e, caller, s);
        if (e.body?.model === 'AgenciaEdit' && r.ctx.profile.templates.agenciaEdit === null) {
          r.ledger.unjudged(rule, "the profile's templates.agenciaEdit is null: no valid AgenciaEdit is known to send");
          continue;
        }
        if (namesInquiry && s.sid === undefined) {
          r.ledger.unjudged(rule, s.noSid ?? `no inquiry of ${s.adminMail} is known`);
          continue;
        }
        const noCallback = resendUnjudged(r, world, e.id, caller);
        if (noCallback) {
          r.ledger.unjudged(rule, noCallback);
          continue;
        }
        const sid = namesInquiry ? s.sid : undefined;
        const p = predictAgencyRow(world, e.id, caller, s.adminMail, sid);
        if (!p) {
          r.ledger.unjudged(rule, `the model cannot tell what app ${caller} may see of ${s.adminMail}`);
          continue;
        }
        const expectation: Expectation = { rule, ...p, what: `app ${caller} ${VERB[e.id] ?? e.id} ${whose(s, caller)} ${s.adminMail}` };
        const request = () => send(r, e, caller, s.adminMail, sid);
        if (!writes(e)) {
          reads.push(async () => r.judge(expectation, await request()));
          continue;
        }
        const own = relationOf(s, caller) === 'own';
        const untouched = own && e.id !== 'consultas-resend' ? (o.neighbours?.(e, caller, s) ?? []) : ownersAndCaller(world, e, caller, s);
        writesToDo.push(() => guardedWrite(r, { expectation, send: request, untouched }));
      }
    }
  }
  await concurrently(reads);
  for (const write of writesToDo) await write();
}

/** An inquiry looked up under an agency it is not of: `sid` of another agency, under `adminMail` of the caller's. */
export interface Lookup {
  caller: App;
  adminMail: string;
  sid: string;
}

/** Judges lookups by id across agencies on the rows that name an inquiry (GET, and resendwebhook when `writes`). */
export async function walkLookups(r: ModelRunner, world: World, lookups: readonly Lookup[], withWrites: boolean): Promise<void> {
  const tasks: (() => Promise<unknown>)[] = [];
  for (const e of AGENCY_ROWS.filter((row) => row.params.some((p) => p.name === 'sid') && (withWrites || !writes(row)))) {
    for (const l of lookups) {
      const noCallback = resendUnjudged(r, world, e.id, l.caller);
      if (noCallback) {
        r.ledger.unjudged(LOOKUP_RULE, noCallback);
        continue;
      }
      const p = predictAgencyRow(world, e.id, l.caller, l.adminMail, l.sid);
      if (!p) {
        r.ledger.unjudged(LOOKUP_RULE, `the model cannot tell which inquiries ${l.adminMail} has`);
        continue;
      }
      const what = `app ${l.caller} ${VERB[e.id]} its agency ${l.adminMail} by the sid ${l.sid} of another agency's inquiry`;
      tasks.push(async () => r.judge({ rule: LOOKUP_RULE, ...p, what }, await send(r, e, l.caller, l.adminMail, l.sid)));
    }
  }
  // A refused resend changes nothing a read shows: the lookups go a few at a time like reads.
  await concurrently(tasks);
}
