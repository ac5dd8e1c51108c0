import { fillTemplate } from '../../sut/templates.ts';
import { freshAdminMail } from '../harness/invitations.ts';
import { concurrently } from './concurrently.ts';
import { judgeFilter } from './filters.ts';
import { MODIFICATIONS_RULE, resendUnjudged } from './matrix.ts';
import { injectInquiry, runPeriod } from './pool.ts';
import { predictAgencyRow } from './predict.ts';
import { guardedWrite, type Read } from './reads.ts';
import type { ModelRunner } from './runner.ts';
import { fold, newAgency, type AgencyRecord, type App, type InquiryRecord, type World } from './world.ts';

// An agency associated with both apps. What the service does: "Inquiries visible to the app are those received by
// publications that the app published" — an inquiry injected through the hooks as one app (received by that app's
// publication) is not the other app's: not found by its sid (404, on GET and resend), in none of its lists, whatever
// the filter; the app that received it sees it. States and transitions > Agency association: desasociar dissociates
// the agency "from the app", so the other app reads the agency, its list and its inquiries as before.
// The run makes the agency (Set up preconditions, never assume them; a seed agency dissociated could not be put
// back): a fresh AdminMail invited by both apps while still pending, then registered through the hooks. A target
// that does not give both apps the agency (the second invitation refused) leaves these instances unjudged.

export const SHARED_RULE = 'scoping/inquiries-of-app';
const STATEMENT = 'service/inquiries-visible';
const APPS = ['primary', 'other'] as const;
const answered = (res: { status?: number; error?: { code: string }; exchange: { error?: string } }): string =>
  String(res.status ?? res.error?.code ?? res.exchange.error);

/** Invites one fresh AdminMail as both apps and completes its registration; why not, when the target refuses. */
async function makeShared(r: ModelRunner, w: World): Promise<AgencyRecord | string> {
  const adminMail = freshAdminMail(r, 'ms');
  const json = fillTemplate(r.ctx.profile.templates.agenciaCreate, { adminMail, runId: r.ctx.runId });
  const agency = newAgency(adminMail, true);
  w.agencies.set(fold(adminMail), agency);
  for (const app of APPS) {
    const invite = await r.send('agencias-invite', { app, json });
    if (invite.status !== 202) {
      return `inviting ${adminMail} as app ${app}, while app primary's invitation of it was still pending, answered ${answered(invite)}: the target gives no agency to both apps`;
    }
    r.made.push({ app, adminMail });
    agency.pendingFor.add(app);
  }
  for (const app of APPS) {
    const reg = await r.hook('registration', { app, adminMail });
    if (!reg.done) return `the hook completing the registration of ${adminMail} as app ${app}: expected ${reg.problem}; got ${answered(reg.res)}`;
  }
  for (const app of APPS) {
    const res = await r.send('agencias-get', { app, params: { adminMail }, form: 'json' });
    if (res.status !== 200)
      return `${adminMail}, invited by both apps and registered, read as app ${app} answered ${answered(res)}: the target gives it to one app only`;
    agency.pendingFor.delete(app);
    agency.apps.add(app);
    agency.inquiries.set(app, { records: [], sids: new Set(), complete: true, allSids: true, ...runPeriod(r) });
  }
  return agency;
}

/** Every inquiry lookup of both apps on the shared agency: each app finds its own, never the other's. */
async function judgeLookups(r: ModelRunner, w: World, s: AgencyRecord, mine: Map<App, InquiryRecord>): Promise<void> {
  const tasks: (() => Promise<unknown>)[] = [];
  for (const caller of APPS) {
    for (const [receiver, rec] of mine) {
      const rows = receiver === caller ? ['consultas-get'] : ['consultas-get', 'consultas-resend'];
      for (const row of rows) {
        const noCallback = resendUnjudged(r, w, row, caller);
        if (noCallback) {
          r.ledger.unjudged(SHARED_RULE, noCallback);
          continue;
        }
        const p = predictAgencyRow(w, row, caller, s.adminMail, rec.sid);
        if (!p) continue;
        const whose = receiver === caller ? 'its own inquiry' : `the inquiry app ${receiver}'s publication received`;
        const what = `app ${caller} ${row === 'consultas-get' ? 'reading' : 'resending'} ${whose} ${rec.sid} of ${s.adminMail}, an agency of both apps`;
        tasks.push(async () =>
          r.judge(
            { rule: SHARED_RULE, ...p, statement: STATEMENT, what },
            await r.send(row, {
              app: caller,
              params: { adminMail: s.adminMail, sid: rec.sid! },
              ...(row === 'consultas-get' ? { form: 'json' as const } : {}),
            }),
          ),
        );
      }
    }
  }
  await concurrently(tasks);
}

/** Each app's list of the shared agency: its own inquiries only, unfiltered and filtered by the other's publication. */
async function judgeLists(r: ModelRunner, s: AgencyRecord, mine: Map<App, InquiryRecord>): Promise<void> {
  const period = runPeriod(r);
  const probes = APPS.flatMap((app) => {
    const view = s.inquiries.get(app)!;
    const theirs = [...mine].find(([a]) => a !== app)![1];
    return [
      { app, view, probe: { query: period, rule: SHARED_RULE, statement: STATEMENT, what: `the inquiries app ${app}'s publications received` } },
      {
        app,
        view,
        probe: {
          query: { ...period, externalid: String(theirs.externalId) },
          rule: SHARED_RULE,
          statement: STATEMENT,
          what: `none: the external id of a publication of the other app`,
        },
      },
    ];
  });
  await concurrently(
    probes.map(
      ({ app, view, probe }) =>
        () =>
          judgeFilter(r, app, s.adminMail, view, probe),
    ),
  );
}

/** Primary dissociates the shared agency: app other's agency, list, inquiries and inquiry read as before. */
async function dissociatePrimary(r: ModelRunner, w: World, s: AgencyRecord, theirs: InquiryRecord): Promise<void> {
  const prediction = predictAgencyRow(w, 'agencias-desasociar', 'primary', s.adminMail)!;
  const what = `app primary dissociating ${s.adminMail}, an agency of both apps`;
  const statement = 'states/desasociar-result';
  const untouched: Read[] = [
    { app: 'other', endpointId: 'agencias-get', params: { adminMail: s.adminMail }, what: `app other's agency ${s.adminMail}`, statement },
    { app: 'other', endpointId: 'agencias-list', form: 'ref', what: "app other's agency list", statement },
    {
      app: 'other',
      endpointId: 'consultas-list',
      params: { adminMail: s.adminMail },
      query: runPeriod(r),
      what: `app other's inquiries of ${s.adminMail}`,
      statement,
    },
    { app: 'other', endpointId: 'consultas-get', params: { adminMail: s.adminMail, sid: theirs.sid! }, what: `app other's inquiry ${theirs.sid}`, statement },
  ];
  const send = () => r.send('agencias-desasociar', { app: 'primary', params: { adminMail: s.adminMail } });
  const { res } = await guardedWrite(r, { expectation: { rule: MODIFICATIONS_RULE, ...prediction, what }, send, untouched });
  if (res.status === prediction.status[0]) {
    s.apps.delete('primary');
    s.dissociatedFrom.add('primary');
  }
}

/** The writes part's agency of both apps: made, judged, then dissociated from primary; why not, when it could not be made. */
export async function judgeSharedAgency(r: ModelRunner, w: World): Promise<void> {
  const s = await makeShared(r, w);
  if (typeof s === 'string') {
    r.ledger.unjudged(SHARED_RULE, s);
    r.ledger.unjudged('model/write-neighbours-unchanged', `no agency of both apps to dissociate from one: ${s}`);
    return;
  }
  const mine = new Map<App, InquiryRecord>();
  for (const app of APPS) mine.set(app, await injectInquiry(r, s, app, { externalId: `${r.ctx.runId}-${app}-pub`, operador: s.adminMail }));
  await judgeLookups(r, w, s, mine);
  await judgeLists(r, s, mine);
  await dissociatePrimary(r, w, s, mine.get('other')!);
}
