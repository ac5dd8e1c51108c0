import { concurrently } from './concurrently.ts';
import {
  FILTER_RULE,
  judgeAgencyList,
  judgeFilter,
  judgeListWithoutAgency,
  judgeOperatorFilter,
  LIST_RULE,
  SELECTION_RULE,
  type FilterProbe,
} from './filters.ts';
import { judgeInvalidInvite, judgeInvalidTopicWrites } from './invalid-writes.ts';
import { judgeInvite } from './invites.ts';
import { AGENCY_ROWS, MODIFICATIONS_RULE, walkLookups, walkMatrix, type Subject } from './matrix.ts';
import { injectInquiry, registerAgency, type Pool } from './pool.ts';
import { predictAgencyRow } from './predict.ts';
import { guardedWrite, NEIGHBOURS_RULE, REFUSED_RULE, type Read } from './reads.ts';
import { worldOf, type ModelRunner } from './runner.ts';
import { judgeSharedAgency, SHARED_RULE } from './shared.ts';
import { configureTopic, judgeTopicList, topicStep, TOPICS_RULE } from './topic-steps.ts';
import type { TopicRole, Verb } from './topics.ts';
import type { App, World } from './world.ts';

// The part of the model run that changes the target, on resources it makes (needs the simulation hooks): each
// app's inquiry topic pointed at the run's receiver (a resend needs a callback), then primary's agencies A1 and
// A2, other's B1 and U (registered by primary, then dissociated: the unassociated agency), with inquiries sharing
// an external id across agencies and apps; then every cell of the scope matrix on them (writes with the reads
// that prove what they changed), lookups by id across agencies, the agency lists and filters, the inquiry filters
// on A1 and B1 (exact: every inquiry of a run-made agency is known), and the per-app topic script.

export const WRITE_PART_RULES = [
  MODIFICATIONS_RULE,
  LIST_RULE,
  FILTER_RULE,
  SELECTION_RULE,
  TOPICS_RULE,
  REFUSED_RULE,
  NEIGHBOURS_RULE,
  'scoping/webhook-config-per-app',
  SHARED_RULE,
];

export async function runWritePart(r: ModelRunner): Promise<void> {
  const w = worldOf(r);
  for (const app of w.apps) await configureTopic(r, w, app, 'inquiry');
  const p = await makePool(r, w);
  r.pool = p;
  await dissociateU(r, w, p);
  const subjects: Subject[] = [
    { adminMail: p.a1.adminMail, sid: p.i1, owner: 'primary', kind: 'held' },
    { adminMail: p.b1.adminMail, sid: p.i4, owner: 'other', kind: 'held' },
    { adminMail: p.u.adminMail, sid: p.i5, kind: 'unassociated' },
    { adminMail: w.nonexistent, sid: p.i1, kind: 'nonexistent' },
  ];
  await walkMatrix(r, w, subjects, {
    rows: 'all',
    ownWrites: ['agencias-put', 'consultas-resend'],
    neighbours: (_e, caller, s) => neighbours(w, caller, s, p),
  });
  await walkLookups(
    r,
    w,
    [
      { caller: 'primary', adminMail: p.a1.adminMail, sid: p.i3 },
      { caller: 'primary', adminMail: p.a1.adminMail, sid: p.i4 },
      { caller: 'primary', adminMail: p.a2.adminMail, sid: p.i1 },
      { caller: 'other', adminMail: p.b1.adminMail, sid: p.i1 },
    ],
    true,
  );
  // Invitations of registered agencies: another app's, the caller's own, one dissociated from the caller.
  for (const [app, agency] of [
    ['primary', p.b1],
    ['other', p.a1],
    ['primary', p.a2],
    ['primary', p.u],
  ] as const)
    await judgeInvite(r, w, app, agency.adminMail);
  // Writes refused with 400 (one member invalid): an invitation by each app, a replacement of a configured topic.
  for (const app of ['primary', 'other'] as const) await judgeInvalidInvite(r, w, app);
  await judgeInvalidTopicWrites(r, w, 'primary', 'inquiry', w.topics.get('primary')?.get('inquiry') ?? null);
  await judgeListsAndFilters(r, w, p);
  await topicScript(r, w);
  await judgeSharedAgency(r, w);
}

async function makePool(r: ModelRunner, w: World): Promise<Pool> {
  const a1 = await registerAgency(r, w, 'primary', 'ma');
  const a2 = await registerAgency(r, w, 'primary', 'mb');
  const b1 = await registerAgency(r, w, 'other', 'mo');
  const u = await registerAgency(r, w, 'primary', 'mu');
  const shared = `${r.ctx.runId}-pub1`;
  const i1 = await injectInquiry(r, a1, 'primary', { externalId: shared, operador: a1.adminMail });
  await injectInquiry(r, a1, 'primary', { externalId: `${r.ctx.runId}-pub2`, operador: a1.adminMail });
  const i3 = await injectInquiry(r, a2, 'primary', { externalId: shared, operador: a2.adminMail });
  const i4 = await injectInquiry(r, b1, 'other', { externalId: shared, operador: b1.adminMail });
  const i5 = await injectInquiry(r, u, 'primary', { externalId: shared, operador: u.adminMail });
  return { a1, a2, b1, u, shared, i1: i1.sid!, i3: i3.sid!, i4: i4.sid!, i5: i5.sid! };
}

/** Primary dissociates U (the matrix's own-agency desasociar), its other agencies and other's view untouched. */
async function dissociateU(r: ModelRunner, w: World, p: Pool): Promise<void> {
  const e = AGENCY_ROWS.find((row) => row.id === 'agencias-desasociar')!;
  const prediction = predictAgencyRow(w, e.id, 'primary', p.u.adminMail)!;
  const expectation = { rule: MODIFICATIONS_RULE, ...prediction, what: `app primary dissociating its own agency ${p.u.adminMail}` };
  const untouched = neighbours(w, 'primary', { adminMail: p.u.adminMail, owner: 'primary', kind: 'held' }, p);
  const { res } = await guardedWrite(r, { expectation, send: () => r.send(e.id, { app: 'primary', params: { adminMail: p.u.adminMail } }), untouched });
  if (res.status !== prediction.status[0])
    throw new Error(`desasociar of ${p.u.adminMail}, which this run registered, answered ${res.status ?? res.error?.code}`);
  p.u.apps.delete('primary');
  p.u.dissociatedFrom.add('primary');
}

const agencyRead = (app: App, adminMail: string, what: string): Read => ({
  app,
  endpointId: 'agencias-get',
  params: { adminMail },
  what,
  statement: 'auth/scoped-to-app',
});

/** What a write an app may make on its own agency must leave alone: its other agencies, every other app's view. */
function neighbours(w: World, caller: App, s: Subject, p: Pool): Read[] {
  const mine = [p.a1, p.a2, p.b1].filter((a) => a.apps.has(caller) && a.adminMail !== s.adminMail);
  return [
    ...mine.map((a) => agencyRead(caller, a.adminMail, `app ${caller}'s other agency ${a.adminMail}`)),
    ...w.apps
      .filter((a) => a !== caller)
      .flatMap((a) => [
        agencyRead(a, s.adminMail, `app ${a}'s view of ${s.adminMail}`),
        { app: a, endpointId: 'agencias-list', form: 'ref' as const, what: `app ${a}'s agency list`, statement: 'auth/scoped-to-app' },
      ]),
  ];
}

/**
 * Every operator the model knows of an agency the run made, the dissociated U's included: each value of operador
 * that would select one of them, so the filtered list is read after each write that changed them.
 */
const operatorsOfMade = (w: World): string[] => [...new Set([...w.agencies.values()].filter((a) => a.runMade).flatMap((a) => [...a.operators]))];

async function judgeListsAndFilters(r: ModelRunner, w: World, p: Pool): Promise<void> {
  for (const app of w.apps) {
    const listed = await judgeAgencyList(r, w, app);
    if (!listed) continue;
    for (const op of operatorsOfMade(w)) await judgeOperatorFilter(r, w, app, op, listed);
  }
  const a1 = p.a1.inquiries.get('primary')!;
  const period = { desde: a1.desde, hasta: a1.hasta };
  const probes: FilterProbe[] = [
    { query: period, rule: SELECTION_RULE, statement: 'paged/total', what: 'every inquiry of the agency in the period' },
    {
      query: { ...period, operador: p.a1.adminMail },
      rule: SELECTION_RULE,
      statement: 'endpoints/consultas-list/operador',
      what: 'the administrator, responsible for all of them',
    },
    {
      query: { ...period, externalid: p.shared },
      rule: FILTER_RULE,
      statement: 'endpoints/consultas-list/externalid',
      what: 'an external id inquiries of other agencies and apps carry too',
    },
    {
      query: { ...period, operador: p.b1.adminMail },
      rule: FILTER_RULE,
      statement: 'endpoints/consultas-list/operador',
      what: "the administrator of app other's agency",
    },
  ];
  await concurrently(probes.map((probe) => () => judgeFilter(r, 'primary', p.a1.adminMail, a1, probe)));
  const b1 = p.b1.inquiries.get('other')!;
  const shared: FilterProbe = {
    query: { ...period, externalid: p.shared },
    rule: FILTER_RULE,
    statement: 'endpoints/consultas-list/externalid',
    what: "an external id primary's agencies' inquiries carry too",
  };
  await judgeFilter(r, 'other', p.b1.adminMail, b1, shared);
  await judgeListWithoutAgency(r, w, 'other', p.a1.adminMail, a1, p.a1.adminMail);
}

/**
 * The per-app topic script: primary configures the registration topic; other reads, replaces and removes it as
 * never configured (its own is not), then configures its own (or learns that it is not available to it: 403); a
 * second POST conflicts; primary removes its own, and other's POST answers as before; POST of the unavailable
 * topic is refused. Every write is followed by the reads reads.ts calls for.
 */
const SCRIPT: readonly (readonly [App, Verb, TopicRole, string?])[] = [
  ['primary', 'DELETE', 'registration'],
  ['other', 'DELETE', 'registration'],
  ['primary', 'POST', 'registration'],
  ['other', 'GET', 'registration', 'scoping/webhook-config-per-app'],
  ['other', 'PUT', 'registration'],
  ['other', 'DELETE', 'registration'],
  ['other', 'POST', 'registration'],
  ['primary', 'POST', 'registration'],
  ['primary', 'GET', 'registration'],
  ['primary', 'DELETE', 'registration'],
  ['other', 'GET', 'registration'],
  // Again now that no other app has it: a conflict where other configured it, and where its POST was refused
  // (403: not available to other), refused again — not a refusal that came from primary's configuration.
  ['other', 'POST', 'registration'],
  ['primary', 'POST', 'unavailable'],
  ['other', 'DELETE', 'registration'],
];

async function topicScript(r: ModelRunner, w: World): Promise<void> {
  for (const app of ['primary', 'other'] as const) await r.session.guard(app, r.ctx.profile.topics.registration);
  for (const app of ['primary', 'other'] as const) w.topics.get(app)!.set('registration', null);
  for (const [i, [app, verb, role, rule]] of SCRIPT.entries()) {
    // The first two only bring both apps to a known state: any of DELETE's answers will do there.
    if (i < 2) {
      await r.send('appnotificaciones-delete', { app, params: { topic: r.ctx.profile.topics[role] } });
      continue;
    }
    // Before primary creates it, a creation refused with 400 (its registration topic is not configured now).
    if (i === 2) await judgeInvalidTopicWrites(r, w, app, role as 'registration', null);
    await topicStep(r, w, app, verb, role, rule);
    if (i === 3) await judgeTopicList(r, w, 'other', 'scoping/webhook-config-per-app');
  }
}
