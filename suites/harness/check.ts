import fc from 'fast-check';
import { test, type TestContext } from 'vitest';
import type { z } from 'zod';
import { ruleById, type Rule } from '../../models/index.ts';
import { callEndpoint, type EndpointCall } from '../../sut/call.ts';
import type { SendRequest, TargetClient, TargetResponse } from '../../sut/client.ts';
import { deadlinePassed, deadlineReason } from '../../sut/deadline.ts';
import type { DiscoveryFault, FixtureName, Fixtures } from '../../sut/discovery.ts';
import { statusDeparture, transportDeparture, type Departure } from '../../sut/departure.ts';
import type { CheckMeta, CoverageCell, Exchange } from '../../sut/evidence.ts';
import { describeFailure, type Answer } from '../../sut/failure-text.ts';
import { mismatchDeparture, mismatchOf } from '../../sut/form-judge.ts';
import { countAnswer, emptyTraffic, notJudged } from '../../sut/infrastructure.ts';
import { inferredAmong, inferredNote } from '../../sut/infer/provenance.ts';
import { runContext, targetClient, type RunContext } from './context.ts';
import { judgmentReads, recordingProfile, type ProfileReads } from './profile-reads.ts';
import { inCheckScope } from './check-scope.ts';
import { failedCheck, MAX_FAILURES_REASON, maxFailuresReached } from './max-failures.ts';
import { sendingAs } from './run-ledger.ts';
import type { Delivery } from '../../webhooks/delivery.ts';
import { deliveryEvidence } from './delivery-evidence.ts';
import { templateRefusal } from './template-refusal.ts';
import { RuleViolation } from './violation.ts';

declare module '@vitest/runner' {
  interface TaskMeta {
    vmp?: CheckMeta;
  }
}

const KEEP_EXCHANGES = 4;

/** The run as a check sees it: the fixture agency is there, or reading it skips the check with discovery's reason. */
export type CheckContext = Omit<RunContext, 'fixtures'> & { fixtures: Fixtures & { agency: string } };

function checkContext(ctx: RunContext, skip: (reason: string) => never): CheckContext {
  const f = ctx.fixtures;
  const missing = () => skip(f.missing.agency ?? 'no agency of the primary app is known (set fixtures.agency in the profile)');
  return {
    ...ctx,
    fixtures: {
      ...f,
      get agency(): string {
        return f.agency ?? missing();
      },
    },
  };
}

/** The handle a check body gets: send requests (recorded as evidence), judge them, observe, skip. */
export class Check {
  readonly ctx: CheckContext;
  readonly client: TargetClient;
  private readonly exchanges: Exchange[] = [];
  private readonly coverage: CoverageCell[] = [];
  /** Exchanges this check sent or judged that got a response: a check with none never reached the target. */
  private reached = 0;
  /**
   * Instances of the rule's statement this check judged (issue 21, "never pass what was not tested"): every
   * assertion counts one (expect, expectStatus, expectModel, present, fail, judged); a precondition (the given*
   * family) does not. A check that ends with none is skipped as not exercised, never passed.
   */
  private instances = 0;
  private lastError: string | undefined;
  /**
   * What this check's requests met on the way (sut/infrastructure.ts). A check that met an answer lost to the
   * network (a 429 that stayed one, a reset) and then fails is skipped instead, saying so: Principle 5.
   */
  private readonly traffic = emptyTraffic();
  private readonly found: Fixtures;
  /** Clean-up steps of this check (Safety: leave the target as found), run when it ends, however it ends. */
  private readonly deferred: (() => Promise<unknown>)[] = [];
  /** The profile keys this check read, and when: a failure names the inferred ones its judgment used (issue 21, 29). */
  private readonly profileReads: ProfileReads = new Map();
  /** How many answers the check has taken so far: the clock profile reads and exchanges are placed by. */
  private answers = 0;
  /** When each exchange the check took arrived, by that clock. */
  private readonly arrived = new WeakMap<Exchange, number>();

  constructor(
    readonly rule: Rule,
    private readonly meta: CheckMeta,
    private readonly test: TestContext,
    /** The check judges the whole run's answers (errors/no-server-error): a lost answer of its own does not unsettle that. */
    private readonly judgesRun = false,
    /** The check judges the profile's templates: a 400 keyed by a template's member is its verdict, not a skip. */
    private readonly judgesTemplates = false,
  ) {
    const ctx = runContext();
    this.found = ctx.fixtures;
    const reads = this.profileReads;
    const onRead = (key: string) => void reads.set(key, { first: reads.get(key)?.first ?? this.answers, last: this.answers });
    this.ctx = checkContext({ ...ctx, profile: recordingProfile(ctx.profile, { add: onRead }) }, (reason) => this.skip(reason));
    this.client = targetClient();
  }

  /** Sends to a catalog endpoint by id and records the exchange and the coverage cells it exercised. */
  async send(endpointId: string, call: EndpointCall = {}): Promise<TargetResponse> {
    const res = await callEndpoint(this.client, endpointId, call);
    this.record(res);
    countAnswer(this.traffic, res);
    if (res.status !== undefined && !res.lost) {
      this.coverage.push({ endpoint: endpointId, cell: String(res.status), outcome: 'exercised' });
      if (res.status >= 200 && res.status < 300 && call.form) {
        this.coverage.push({ endpoint: endpointId, cell: `media:${call.form}`, outcome: 'exercised' });
      }
    }
    return res;
  }

  /**
   * Runs step when the check ends (passed, failed or skipped), latest first, through the restoring client:
   * undoing what only this check needed, e.g. dissociating an agency it registered. A failing step is ignored.
   */
  defer(step: (client: TargetClient) => Promise<unknown>): void {
    this.deferred.push(() => step(this.client.restoring()));
  }

  /** Runs the deferred steps (check() calls it). */
  async cleanUp(): Promise<void> {
    for (const step of this.deferred.splice(0).reverse()) await step().catch(() => undefined);
  }

  /** Sends a request that is not a catalog endpoint (unknown paths, hooks, raw paths). */
  async sendRaw(req: SendRequest): Promise<TargetResponse> {
    const res = await this.client.send(req);
    this.record(res);
    countAnswer(this.traffic, res);
    return res;
  }

  /**
   * Takes an exchange another check sent (a shared page walk, a sweep) as one this check judges: it becomes
   * evidence here, and counts as reaching the target.
   */
  judge(res: TargetResponse): void {
    this.record(res);
  }

  /**
   * Takes webhook deliveries as judged: each is a request the target made, so the check reached it, whatever made
   * the inquiries (a hooks command's run is no exchange with the target).
   */
  judgeDeliveries(deliveries: readonly Delivery[]): void {
    if (deliveries.length > 0) this.reached += 1;
  }

  private record(res: TargetResponse): void {
    // A lost answer another check sent still unsettles this one's judgement: counted as lost, not as sent.
    if (res.lost) this.traffic.first[res.lost.kind] ??= res.lost.reason;
    this.answers += 1;
    this.arrived.set(res.exchange, this.answers);
    if (res.status !== undefined) this.reached += 1;
    else this.lastError = res.exchange.error;
    this.witness(res.exchange);
  }

  /**
   * Keeps an exchange as evidence: one this check sent, or one of the run it reports (errors/no-server-error);
   * `failed`: the one that shows the failure, kept whatever is sent after it.
   */
  witness(exchange: Exchange, failed = false): void {
    const i = this.exchanges.indexOf(exchange);
    if (i >= 0) this.exchanges.splice(i, 1);
    this.exchanges.push(failed ? { ...exchange, failed: true } : exchange);
    if (this.exchanges.length > KEEP_EXCHANGES)
      this.exchanges.splice(
        this.exchanges.findIndex((x) => !x.failed),
        1,
      );
    this.flush();
  }

  private flush(): void {
    // In the order they were sent (issue 23 §3), whatever order the check took them as evidence in.
    this.meta.exchanges = [...this.exchanges].sort((a, b) => (a.sentAt ?? 0) - (b.sentAt ?? 0));
    this.meta.coverage = [...this.coverage];
    this.meta.instances = this.instances;
    this.meta.traffic = this.traffic;
  }

  /** Why this check cannot be judged, when it met an answer lost to the network; undefined otherwise. */
  get lostToInfrastructure(): string | undefined {
    return this.judgesRun ? undefined : notJudged(this.traffic);
  }

  /**
   * Fails the rule; `res` is the exchange that shows it (marked so among the evidence), `departure` what the
   * target did there (sut/departure.ts: the cause the reports group by and baselines keep), when the caller can
   * tell it; a transport error tells its own.
   */
  fail(expectation: string, res?: Answer, departure?: Departure): never {
    const lost = this.lostToInfrastructure;
    if (lost) this.skip(lost);
    const profileError = res && !this.judgesTemplates && templateRefusal(res, runContext().profile.templates);
    if (profileError) {
      this.witness(res!.exchange, true);
      this.skip(profileError);
    }
    this.instances += 1;
    const shown = departure ?? (res?.error ? transportDeparture(res.error.code) : undefined);
    if (shown) this.meta.departure = shown;
    if (res) {
      this.witness(res.exchange, true);
      const last = this.coverage.findLast((c) => res.status !== undefined && c.cell === String(res.status));
      if (last) last.outcome = 'failed';
      this.flush();
    }
    const used = judgmentReads(this.profileReads, res ? this.arrived.get(res.exchange) : undefined, shown);
    const inferred = inferredNote(inferredAmong(used, this.ctx.provenance ?? []));
    throw new RuleViolation(this.rule.id, `${describeFailure(this.rule.id, res, expectation)}${inferred}`);
  }

  expect(condition: unknown, expectation: string, res?: TargetResponse, departure?: Departure): void {
    this.instances += 1;
    if (!condition) this.fail(expectation, res, departure);
  }

  /** The value, or a failure when it is missing: a judged instance whose value the check goes on with. */
  present<T>(value: T | undefined | null, expectation: string, res?: TargetResponse, departure?: Departure): T {
    this.instances += 1;
    if (value === undefined || value === null) this.fail(expectation, res, departure);
    return value;
  }

  expectStatus(res: TargetResponse, expected: number | readonly number[], what?: string): void {
    this.instances += 1;
    const allowed = typeof expected === 'number' ? [expected] : expected;
    if (statusIn(res, allowed)) return;
    const departure = res.status === undefined || res.error ? undefined : statusDeparture(res.status, allowed);
    this.fail(`${allowed.join(' or ')}${what ? ` (${what})` : ''}`, res, departure);
  }

  /** Parses the body with a model; a mismatch fails with the first issues, named by member path. */
  expectModel<T>(res: TargetResponse, schema: z.ZodType<T>, what: string): T {
    this.instances += 1;
    const parsed = schema.safeParse(res.json);
    if (!parsed.success) this.fail(`${what}, but ${mismatchOf(res, parsed.error)}`, res, res.error ? undefined : mismatchDeparture(res, parsed.error));
    return parsed.data;
  }

  /**
   * Counts n instances of the statement judged without an assertion of this class (a comparison made elsewhere,
   * e.g. a shared walk that found no difference in n pages).
   */
  judged(n = 1): void {
    this.instances += n;
  }

  /** A failed stateful run's replay data (its shrunk command sequence, fast-check seed and path), for reports and `replay`. */
  replayWith(commands: string[], property: NonNullable<CheckMeta['property']>): void {
    this.meta.commands = commands;
    this.meta.property = property;
  }

  /** How many instances of its statement the check has judged so far. */
  get judgedInstances(): number {
    return this.instances;
  }

  /**
   * A precondition, not an instance of the statement: when it does not hold the check shows nothing about its
   * rule, so it is skipped (naming what was not met, the exchange kept as evidence) rather than failed — the
   * exchange's own rules judge it (issue 23: a rule fails only on inputs its statement is about).
   */
  given(condition: unknown, expectation: string, res?: Answer): void {
    if (condition) return;
    if (res) this.witness(res.exchange);
    const lost = this.lostToInfrastructure;
    if (lost) this.skip(lost);
    const got = res ? (res.status !== undefined ? `; got ${res.status}` : res.exchange.error ? `; got ${res.exchange.error}` : '') : '';
    this.skip(`precondition not met: ${expectation}${got}`);
  }

  /** A precondition's status (see given). */
  givenStatus(res: TargetResponse, expected: number | readonly number[], what: string): void {
    const allowed = typeof expected === 'number' ? [expected] : expected;
    this.given(statusIn(res, allowed), `${what} answered ${allowed.join(' or ')}`, res);
  }

  /** A precondition's value (see given): the value, or a skip when it is missing. */
  givenPresent<T>(value: T | undefined | null, expectation: string, res?: TargetResponse): T {
    this.given(value !== undefined && value !== null, expectation, res);
    return value as T;
  }

  /** Keeps the webhook deliveries this check judged as its evidence (issue 23 §2), in the order they arrived. */
  showDeliveries(deliveries: readonly Delivery[]): void {
    this.meta.deliveries = deliveryEvidence(deliveries, this.ctx.secrets);
  }

  /** Records what the target did, for observe rules and for context on any rule. */
  observe(text: string): void {
    // What an observe rule records is its judgement; for the other levels it is context only.
    if (this.rule.level === 'observe') this.instances += 1;
    this.meta.observation = this.meta.observation ? `${this.meta.observation}; ${text}` : text;
  }

  skip(reason: string): never {
    return this.test.skip(reason);
  }

  /** A fixture discovery may not have found: its value, or a skip with discovery's reason. */
  needs(name: FixtureName): string {
    return this.known(name) ?? this.skip(this.found.missing[name] ?? `no ${name} was discovered`);
  }

  /** A fixture's value, or undefined when discovery found none: for checks that can do without it. */
  known(name: FixtureName): string | undefined {
    return this.found[name];
  }

  /**
   * Issue 13 item 11 and issue 21: a check that judged no response, or no instance of its statement, passes
   * nothing; it is skipped as not exercised, saying why.
   */
  requireExercised(judgesRun = false): void {
    this.meta.instances = this.instances;
    if ((this.reached > 0 || judgesRun) && this.instances > 0) return;
    const lost = this.lostToInfrastructure;
    if (lost) this.skip(lost);
    const why =
      this.reached === 0
        ? this.lastError
          ? `no request got a response (${this.lastError})`
          : 'the check sent no request and judged no response'
        : 'no instance of the statement was judged';
    this.skip(`not exercised: ${why}${this.meta.observation ? `; ${this.meta.observation}` : ''}`);
  }

  /** Fails the rule with the exchange of fixture discovery that broke it, before the check's own requests. */
  failFromDiscovery(fault: DiscoveryFault): never {
    return this.fail(`${fault.expectation} [seen during fixture discovery, before the checks]`, fault.answer, fault.departure);
  }

  /**
   * Runs a fast-check property with a seed derived from the run's seed and the rule id, so one --seed
   * replays the whole run; a failure records the seed, path and shrunk counterexample.
   */
  async property<Ts extends [unknown, ...unknown[]]>(
    arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
    predicate: (...args: Ts) => Promise<void>,
    numRuns = this.ctx.numRuns,
  ): Promise<void> {
    const seed = propertySeed(this.ctx.seed, this.rule.id);
    // Each run's requests are marked with the seed and the run's index (fast-check's path, until a failure
    // starts the shrinking), so a 5xx it meets is reported replayably (run-ledger.ts); the request is its curl.
    let index = 0;
    let failed = false;
    const marked = async (...args: Ts): Promise<void> => {
      const path = failed ? undefined : String(index);
      index += 1;
      const origin = { ruleId: this.rule.id, property: { seed, ...(path !== undefined ? { path } : {}) } };
      try {
        await sendingAs(origin, () => predicate(...args));
      } catch (error) {
        failed = true;
        throw error;
      }
    };
    const details = await fc.check(fc.asyncProperty(...arbitraries, marked), { seed, numRuns, endOnFailure: false });
    if (!details.failed) return;
    this.meta.property = {
      seed: details.seed,
      numRuns,
      ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
      ...(details.counterexample ? { counterexample: fc.stringify(details.counterexample) } : {}),
    };
    const error = details.errorInstance;
    if (error instanceof RuleViolation || isSkip(error) || skipsCheck(error)) throw error;
    throw new RuleViolation(this.rule.id, `property failed: ${String((error as Error | undefined)?.message ?? error)} (${this.rule.id})`);
  }
}

const statusIn = (res: TargetResponse, allowed: readonly number[]): boolean => res.status !== undefined && allowed.includes(res.status) && !res.error;

/** A stable 31-bit seed per (run seed, rule id). */
export function propertySeed(seed: number, ruleId: string): number {
  let h = seed >>> 0;
  for (let i = 0; i < ruleId.length; i++) h = Math.imul(h ^ ruleId.charCodeAt(i), 0x9e3779b1) >>> 0;
  return h & 0x7fffffff;
}

export interface CheckOptions {
  timeout?: number;
  /** Mutating checks are skipped in read-only runs, and never run concurrently with another check. */
  mutates?: boolean;
  /**
   * The check judges what the whole run heard (errors/no-server-error): it runs past the run's deadline too (the
   * client sends nothing more then) and its failure stands, and the exchanges it judged need not be its own.
   */
  judgesRun?: boolean;
  /** The check judges the profile's templates (profile/templates-accepted): it fails on the refusal the others skip on. */
  judgesTemplates?: boolean;
}

/**
 * Declares the test of one rule: its title starts with the rule id, and its rule metadata rides on
 * task.meta (for our reporters) and on an annotation (for vitest's JUnit reporter). Observe rules never
 * fail: whatever happens is recorded as the observation.
 */
export function check(ruleId: string, body: (c: Check) => Promise<void>, options: CheckOptions = {}): void {
  const rule = ruleById(ruleId);
  // A check that changes nothing runs beside its neighbours that change nothing either (vitest runs consecutive
  // concurrent tests together, up to maxConcurrency); one that changes the target runs alone, between them.
  test(`[${rule.id}] ${rule.statement}`, { timeout: options.timeout ?? 60_000, concurrent: !options.mutates }, async (context) => {
    const meta: CheckMeta = {
      ruleId: rule.id,
      level: rule.level,
      section: rule.section,
      statement: rule.statement,
      ...(rule.endpoint ? { endpoint: rule.endpoint } : {}),
      exchanges: [],
      coverage: [],
    };
    context.task.meta.vmp = meta;
    // Not awaited: the annotation is a round trip to the main thread, and vitest waits for it when the check ends.
    context.annotate(`${rule.id} · ${rule.level} · ${rule.section}`, 'rule').catch(() => undefined);
    const c = new Check(rule, meta, context, options.judgesRun, options.judgesTemplates);
    const deadline = c.ctx.deadline;
    if (deadlinePassed(deadline) && !options.judgesRun) c.skip(deadlineReason(deadline!));
    if (maxFailuresReached(c.ctx)) c.skip(MAX_FAILURES_REASON);
    if (options.mutates && c.ctx.readOnly) c.skip('read-only run: this check changes the target');
    try {
      const fault = c.ctx.fixtures.faults.find((f) => f.ruleId === rule.id);
      if (fault) c.failFromDiscovery(fault);
      try {
        await inCheckScope(() => sendingAs({ ruleId: rule.id }, () => judge(rule, c, body)));
      } catch (error) {
        // A check the run's deadline cut short shows nothing about the rule, either way.
        if (!isSkip(error) && deadlinePassed(deadline) && !options.judgesRun) c.skip(deadlineReason(deadline!));
        throw error;
      } finally {
        await c.cleanUp();
      }
      c.requireExercised(options.judgesRun);
    } catch (error) {
      // A check whose answers the network took shows nothing about the rule (a failure thrown past fail(): a
      // property's, a harness step's).
      if (!isSkip(error) && c.lostToInfrastructure) c.skip(c.lostToInfrastructure);
      if (!isSkip(error)) failedCheck(c.ctx, rule.id);
      throw error;
    }
  });
}

/** vitest's skip (context.skip) throws this: a check that skipped, not one that failed. */
const isSkip = (error: unknown): boolean => (error as { code?: string } | undefined)?.code === 'VITEST_PENDING';

async function judge(rule: Rule, c: Check, body: (c: Check) => Promise<void>): Promise<void> {
  // A precondition the run may not set up (a webhook topic it could not put back): the check is not run.
  const run = () => body(c).catch((error: unknown) => (skipsCheck(error) ? c.skip((error as Error).message) : Promise.reject(error)));
  if (rule.level !== 'observe') return run();
  try {
    await run();
  } catch (error) {
    if (isSkip(error) || deadlinePassed(c.ctx.deadline)) throw error;
    c.observe(`raised: ${(error as Error).message}`);
  }
}

/** Errors that skip the check instead of failing it: a precondition this run may not set up. */
export const skipsCheck = (error: unknown): boolean => (error as { code?: string } | undefined)?.code === 'VMP_ERR_UNRESTORABLE_WEBHOOK';
