import fc from 'fast-check';
import { endpoint } from '../../models/index.ts';
import { describeFailure } from '../../sut/failure-text.ts';
import type { CommandLog } from '../harness/command-model.ts';
import type { Difference } from './compare.ts';
import { judgeAgencyList, judgeFilter, judgeOperatorFilter } from './filters.ts';
import { judgeInvite } from './invites.ts';
import { injectInquiry, registerAgency } from './pool.ts';
import { statusOf } from './outcomes.ts';
import { predictAgencyRow } from './predict.ts';
import { guardedWrite, type Read } from './reads.ts';
import type { ModelRunner } from './runner.ts';
import { judgeTopicList, topicStep } from './topic-steps.ts';
import { TOPIC_ROLES, VERBS, type TopicRole, type Verb } from './topics.ts';
import { fold, type AgencyRecord, type App, type World } from './world.ts';

// Issue 21 §1, fast-check model-based testing over both apps: random sequences of the operations the spec gives an
// app — configure, replace, read and remove topics; invite; register (the hooks); read, modify and dissociate
// agencies; inject inquiries (the hooks); read them by sid; resend; list agencies and inquiries with filters —
// as primary, as other and (reads and refused writes only) as the empty app, on the agencies this run made. Each
// answer is judged by the model (one rule: model/command-sequences); writes are followed by the reads reads.ts
// calls for. A difference fails the command, and fast-check shrinks the sequence (harness/command-model.ts).

export const SEQUENCE_RULE = 'model/command-sequences';

export interface SeqModel {
  w: World;
}

export interface SeqReal extends CommandLog {
  r: ModelRunner;
}

/** A difference a command met: its message names the request and the expectation, like a check's failure. */
export class ModelDifference extends Error {
  readonly code = 'VMP_ERR_MODEL_DIFFERENCE';
  constructor(readonly difference: Difference) {
    super(describeFailure(difference.rule, difference.res, difference.expectation));
  }
}

/**
 * The agencies commands name: those the run made, newest first (fast-check draws small indices more often, so a
 * command tends to name what the sequence just made), then one no app has.
 */
const targets = (w: World): string[] => [
  ...[...w.agencies.values()]
    .filter((a) => a.runMade)
    .map((a) => a.adminMail)
    .reverse(),
  w.nonexistent,
];
const pick = <T>(list: readonly T[], k: number): T => list[k % list.length]!;
/** Every sid of the run's inquiries, whichever agency and app. */
const sidsOf = (w: World): string[] => [...w.agencies.values()].flatMap((a) => [...a.inquiries.values()].flatMap((v) => [...v.sids]));

abstract class ModelCommand implements fc.AsyncCommand<SeqModel, SeqReal> {
  constructor(readonly app: App) {}

  check(_m: Readonly<SeqModel>): boolean {
    return true;
  }

  async run(m: SeqModel, real: SeqReal): Promise<void> {
    real.log.push(this.label(m.w));
    const before = real.r.ledger.differences.length;
    await this.exec(m.w, real.r);
    const found = real.r.ledger.differences[before];
    if (found) throw new ModelDifference(found);
  }

  /** The command as run, its indices resolved (the report's command line). */
  abstract label(w: World): string;
  protected abstract exec(w: World, r: ModelRunner): Promise<void>;
  abstract toString(): string;
}

class TopicCommand extends ModelCommand {
  constructor(
    app: App,
    readonly verb: Verb,
    readonly role: TopicRole,
  ) {
    super(app);
  }
  label(): string {
    return `${this.app} ${this.verb} ${this.role} topic`;
  }
  toString(): string {
    return this.label();
  }
  protected async exec(w: World, r: ModelRunner): Promise<void> {
    await topicStep(r, w, this.app, this.verb, this.role, SEQUENCE_RULE);
  }
}

class TopicListCommand extends ModelCommand {
  label(): string {
    return `${this.app} GET topic list`;
  }
  toString(): string {
    return this.label();
  }
  protected async exec(w: World, r: ModelRunner): Promise<void> {
    await judgeTopicList(r, w, this.app, SEQUENCE_RULE);
  }
}

/**
 * Invites a fresh AdminMail and completes its registration through the hooks; then every app reads it: the
 * inviting app has it, no other does (a registration is a write, and the other apps' view is its neighbour).
 */
class RegisterCommand extends ModelCommand {
  label(): string {
    return `${this.app} invite and register a new agency`;
  }
  toString(): string {
    return this.label();
  }
  protected async exec(w: World, r: ModelRunner): Promise<void> {
    const { adminMail } = await registerAgency(r, w, this.app, 'ms');
    for (const app of w.apps) {
      const p = predictAgencyRow(w, 'agencias-get', app, adminMail);
      const res = await r.send('agencias-get', { app, params: { adminMail }, form: 'json' });
      if (p) r.judge({ rule: SEQUENCE_RULE, ...p, what: `app ${app} reading ${adminMail}, which app ${this.app} just registered` }, res);
    }
  }
}

/** Invites the k-th agency the run made, registered (its invitation is refused: 409, nothing changes). */
class InviteRegisteredCommand extends ModelCommand {
  constructor(
    app: App,
    readonly k: number,
  ) {
    super(app);
  }
  private target(w: World): string | undefined {
    const registered = [...w.agencies.values()].filter((a) => a.runMade && (a.apps.size > 0 || a.dissociatedFrom.size > 0));
    return registered.length > 0 ? pick(registered, this.k).adminMail : undefined;
  }
  override check(m: Readonly<SeqModel>): boolean {
    return this.target(m.w) !== undefined;
  }
  label(w: World): string {
    return `${this.app} invite ${this.target(w)}, registered`;
  }
  toString(): string {
    return `${this.app} invite registered agency#${this.k}`;
  }
  protected async exec(w: World, r: ModelRunner): Promise<void> {
    await judgeInvite(r, w, this.app, this.target(w)!, SEQUENCE_RULE);
  }
}

/** Any row that names an agency, as `app`, on the k-th agency (and, for inquiry rows, the j-th sid). */
class AgencyRowCommand extends ModelCommand {
  constructor(
    app: App,
    readonly endpointId: string,
    readonly k: number,
    readonly j: number,
  ) {
    super(app);
  }
  private names(w: World): { adminMail: string; sid?: string } {
    const adminMail = pick(targets(w), this.k);
    const sids = sidsOf(w);
    const sid = endpoint(this.endpointId).params.some((p) => p.name === 'sid') && sids.length > 0 ? pick(sids, this.j) : undefined;
    return { adminMail, ...(sid ? { sid } : {}) };
  }
  override check(m: Readonly<SeqModel>): boolean {
    const needsSid = endpoint(this.endpointId).params.some((p) => p.name === 'sid');
    if (needsSid && sidsOf(m.w).length === 0) return false;
    // A resend needs the app's inquiry callback configured (without one a target may refuse it: 400).
    return this.endpointId !== 'consultas-resend' || Boolean(m.w.topics.get(this.app)?.get('inquiry'));
  }
  label(w: World): string {
    const { adminMail, sid } = this.names(w);
    return `${this.app} ${this.endpointId} ${adminMail}${sid ? ` ${sid}` : ''}`;
  }
  toString(): string {
    return `${this.app} ${this.endpointId} agency#${this.k}${endpoint(this.endpointId).params.some((p) => p.name === 'sid') ? ` inquiry#${this.j}` : ''}`;
  }
  protected async exec(w: World, r: ModelRunner): Promise<void> {
    const { adminMail, sid } = this.names(w);
    const p = predictAgencyRow(w, this.endpointId, this.app, adminMail, sid);
    if (!p) return;
    const e = endpoint(this.endpointId);
    const expectation = { rule: SEQUENCE_RULE, ...p, what: `app ${this.app} ${e.method} ${e.path} on ${adminMail}` };
    const json = this.endpointId === 'agencias-put' ? r.editBody(adminMail) : undefined;
    const send = () =>
      r.send(this.endpointId, {
        app: this.app,
        params: { adminMail, ...(sid ? { sid } : {}) },
        ...(json ? { json } : {}),
        ...(e.success.mediaTypes ? { form: 'json' as const } : {}),
      });
    if (e.method === 'GET' || this.endpointId === 'consultas-resend') {
      r.judge(expectation, await send());
      return;
    }
    const refused = p.status[0] !== statusOf(this.endpointId, 'success');
    const { res } = await guardedWrite(r, { expectation, send, untouched: untouchedBy(w, this.app, adminMail, refused) });
    if (this.endpointId === 'agencias-desasociar' && res.status === p.status[0] && !res.error && p.status[0] === statusOf('agencias-desasociar', 'success')) {
      const a = w.agencies.get(fold(adminMail))!;
      a.apps.delete(this.app);
      a.dissociatedFrom.add(this.app);
    }
  }
}

/** The reads a write on `adminMail` by `app` must leave alone: the agency as its apps see it, the caller's view. */
function untouchedBy(w: World, app: App, adminMail: string, refused: boolean): Read[] {
  const a = w.agencies.get(fold(adminMail));
  const owners = refused ? [...(a?.apps ?? [])] : w.apps.filter((x) => x !== app);
  const reads: Read[] = owners.map((x) => ({ app: x, endpointId: 'agencias-get', params: { adminMail }, what: `app ${x}'s view of ${adminMail}` }));
  if (refused && !owners.includes(app)) reads.push({ app, endpointId: 'agencias-get', params: { adminMail }, what: `app ${app}'s view of ${adminMail}` });
  return reads;
}

/** Injects an inquiry into the k-th agency, when it is one of the app's (the hook acts for the app). */
class InjectCommand extends ModelCommand {
  constructor(
    app: App,
    readonly k: number,
  ) {
    super(app);
  }
  private agency(w: World): AgencyRecord | undefined {
    const mine = [...w.agencies.values()].filter((a) => a.runMade && a.apps.has(this.app));
    return mine.length > 0 ? pick(mine, this.k) : undefined;
  }
  override check(m: Readonly<SeqModel>): boolean {
    return this.agency(m.w) !== undefined;
  }
  label(w: World): string {
    return `${this.app} inject an inquiry into ${this.agency(w)?.adminMail}`;
  }
  toString(): string {
    return `${this.app} inject an inquiry into its agency#${this.k}`;
  }
  protected async exec(w: World, r: ModelRunner): Promise<void> {
    const a = this.agency(w)!;
    await injectInquiry(r, a, this.app, { externalId: `${r.ctx.runId}-pub${1 + (this.k % 2)}`, operador: a.adminMail });
  }
}

type ListKind = 'agencies' | 'agencies by operador' | 'inquiries' | 'inquiries by externalid' | 'inquiries by operador';

class ListCommand extends ModelCommand {
  constructor(
    app: App,
    readonly kind: ListKind,
    readonly k: number,
  ) {
    super(app);
  }
  label(w: World): string {
    return `${this.app} list ${this.kind} (${pick(targets(w), this.k)})`;
  }
  toString(): string {
    return `${this.app} list ${this.kind} (agency#${this.k})`;
  }
  protected async exec(w: World, r: ModelRunner): Promise<void> {
    const adminMail = pick(targets(w), this.k);
    if (this.kind.startsWith('agencies')) {
      const listed = await judgeAgencyList(r, w, this.app, SEQUENCE_RULE);
      if (this.kind === 'agencies by operador' && listed) await judgeOperatorFilter(r, w, this.app, adminMail, listed, SEQUENCE_RULE);
      return;
    }
    const agency = w.agencies.get(fold(adminMail));
    const view = agency?.inquiries.get(this.app);
    if (!view || !agency!.apps.has(this.app)) {
      const p = predictAgencyRow(w, 'consultas-list', this.app, adminMail);
      if (p)
        r.judge(
          { rule: SEQUENCE_RULE, ...p, what: `app ${this.app} listing the inquiries of ${adminMail}` },
          await r.send('consultas-list', { app: this.app, params: { adminMail }, form: 'json' }),
        );
      return;
    }
    const period = { desde: view.desde, hasta: view.hasta };
    const probe =
      this.kind === 'inquiries by externalid'
        ? { query: { ...period, externalid: `${r.ctx.runId}-pub1` }, statement: 'endpoints/consultas-list/externalid' }
        : this.kind === 'inquiries by operador'
          ? { query: { ...period, operador: adminMail }, statement: 'endpoints/consultas-list/operador' }
          : { query: period, statement: 'paged/total' };
    await judgeFilter(r, this.app, adminMail, view, { ...probe, rule: SEQUENCE_RULE, what: this.kind });
  }
}

const AGENCY_ROWS = ['agencias-get', 'agencias-productos', 'consultas-list', 'consultas-get', 'agencias-put', 'agencias-desasociar', 'consultas-resend'];

/**
 * The command arbitraries: writes of topics and agencies by primary and other; reads and refused writes by every
 * app. Without hooks no agency is registered nor inquiry injected; without a known AgenciaEdit no PUT is sent.
 */
export function commandArbitraries(w: World, can: { hooks: boolean; edit: boolean }): fc.Arbitrary<ModelCommand>[] {
  const writer = fc.constantFrom<App>('primary', 'other');
  const anyone = fc.constantFrom<App>(...w.apps);
  const rows = AGENCY_ROWS.filter((id) => can.edit || endpoint(id).body?.model !== 'AgenciaEdit');
  const agencyRow = fc.tuple(anyone, fc.constantFrom(...rows), fc.nat(), fc.nat());
  const arbitraries: fc.Arbitrary<ModelCommand>[] = [
    fc.tuple(writer, fc.constantFrom(...VERBS), fc.constantFrom(...TOPIC_ROLES)).map(([a, v, role]) => new TopicCommand(a, v, role)),
    anyone.map((a) => new TopicListCommand(a)),
    // The empty app has no agency: every write it sends is one the target must refuse.
    agencyRow.map(([a, id, k, j]) => new AgencyRowCommand(a, id, k, j)),
    fc
      .tuple(anyone, fc.constantFrom<ListKind>('agencies', 'agencies by operador', 'inquiries', 'inquiries by externalid', 'inquiries by operador'), fc.nat())
      .map(([a, kind, k]) => new ListCommand(a, kind, k)),
  ];
  if (can.hooks) {
    arbitraries.push(writer.map((a) => new RegisterCommand(a)));
    arbitraries.push(fc.tuple(writer, fc.nat()).map(([a, k]) => new InviteRegisteredCommand(a, k)));
    arbitraries.push(fc.tuple(writer, fc.nat()).map(([a, k]) => new InjectCommand(a, k)));
  }
  return arbitraries;
}
