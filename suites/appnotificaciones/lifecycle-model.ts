import fc from 'fast-check';
import { getCurrentTest } from 'vitest/suite';
import type { TargetResponse } from '../../sut/client.ts';
import { propertySeed, type Check } from '../harness/check.ts';
import { RuleViolation } from '../harness/violation.ts';

// Endpoints > AppNotificaciones and Events, as a state machine per topic: POST creates (201), and again is a
// conflict (409); PUT replaces a configured topic (200); GET reads it (200); DELETE removes it (204); GET, PUT
// and DELETE of a topic that is unavailable or never configured are 404; POST of an unavailable topic is 403.
// fc.commands drives random sequences against an in-memory model; a failure shrinks to a minimal sequence.
// runScenario walks a fixed sequence through the same steps and model, judging effects after each step.

export type TopicRole = 'inquiry' | 'registration' | 'unavailable';
export type Verb = 'POST' | 'PUT' | 'GET' | 'DELETE';

const ENDPOINT: Record<Verb, string> = {
  POST: 'appnotificaciones-post',
  PUT: 'appnotificaciones-put',
  GET: 'appnotificaciones-get',
  DELETE: 'appnotificaciones-delete',
};

/** Which topics are configured, per the model, with the callback URL each was last given; the unavailable topic never is. */
export interface Model {
  configured: Map<TopicRole, string>;
}

interface Real {
  /** The commands run so far in this sequence, for the failure report. */
  log: string[];
}

export interface LifecycleOptions {
  topics: Record<TopicRole, string>;
  /** The callback URL of the nth POST/PUT. */
  url: (n: number) => string;
  /** An AppWebhookUpsert body pointing at url. */
  body: (url: string) => Record<string, unknown>;
  maxCommands: number;
}

/** The status the spec prescribes for verb on a topic in the model's state, and the state that follows. */
export function predict(verb: Verb, role: TopicRole, configured: boolean): { status: number; configured: boolean } {
  if (role === 'unavailable') return { status: verb === 'POST' ? 403 : 404, configured: false };
  switch (verb) {
    case 'POST':
      return configured ? { status: 409, configured } : { status: 201, configured: true };
    case 'PUT':
      return { status: configured ? 200 : 404, configured };
    case 'GET':
      return { status: configured ? 200 : 404, configured };
    case 'DELETE':
      return configured ? { status: 204, configured: false } : { status: 404, configured };
  }
}

/**
 * Sends verb on the topic of role and, when the answer is the one the model predicts, moves the model on (a
 * POST that conflicts leaves the callback URL as it was). Gives back the answer and whether it was predicted.
 */
async function step(
  c: Check,
  options: LifecycleOptions,
  counter: { n: number },
  m: Model,
  verb: Verb,
  role: TopicRole,
): Promise<{ res: TargetResponse; expected: number; predicted: boolean }> {
  const expected = predict(verb, role, m.configured.has(role));
  const withBody = verb === 'POST' || verb === 'PUT';
  const url = withBody ? options.url(++counter.n) : undefined;
  const res = await c.send(ENDPOINT[verb], {
    params: { topic: options.topics[role] },
    ...(url !== undefined ? { json: options.body(url) } : {}),
  });
  if (res.status !== expected.status || res.error) return { res, expected: expected.status, predicted: false };
  if (!expected.configured) m.configured.delete(role);
  else if (url !== undefined && expected.status !== 409) m.configured.set(role, url);
  return { res, expected: expected.status, predicted: true };
}

class WebhookCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly c: Check,
    private readonly options: LifecycleOptions,
    private readonly counter: { n: number },
    readonly verb: Verb,
    readonly role: TopicRole,
  ) {}

  check(): boolean {
    return true;
  }

  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    const { res, expected, predicted } = await step(this.c, this.options, this.counter, m, this.verb, this.role);
    this.c.judged();
    if (!predicted) this.c.fail(`${expected}, as the configuration model predicts`, res);
  }

  toString(): string {
    return `${this.verb} ${this.role}`;
  }
}

/**
 * The known state every sequence starts from: both available topics unconfigured. DELETE of a topic in an
 * unknown state is 204 or 404: judged by the model's rule (`judged`), a precondition of a scenario's.
 */
async function reset(c: Check, options: LifecycleOptions, judged: boolean): Promise<Model> {
  for (const role of ['inquiry', 'registration'] as const) {
    const res: TargetResponse = await c.send(ENDPOINT.DELETE, { params: { topic: options.topics[role] } });
    const what = `resetting '${options.topics[role]}' to unconfigured before a sequence`;
    if (judged) c.expectStatus(res, [204, 404], what);
    else c.givenStatus(res, [204, 404], what);
  }
  return { configured: new Map<TopicRole, string>() };
}

export interface Scenario {
  steps: readonly (readonly [Verb, TopicRole])[];
  /** Judges the state reached before the first step (the reset), e.g. to learn what an unconfigured topic looks like. */
  start?(model: Model): Promise<void>;
  /** Judges the effects of a step the target answered as the model predicts, given the state it led to. */
  after(verb: Verb, role: TopicRole, model: Model): Promise<void>;
}

/**
 * A fixed sequence from the known state, through the model's steps. The effects after each step are the
 * scenario's rule; a step answered otherwise than predicted is appnotificaciones/lifecycle-model's, so it skips.
 */
export async function runScenario(c: Check, options: LifecycleOptions, scenario: Scenario): Promise<void> {
  const counter = { n: 0 };
  const model = await reset(c, options, false);
  await scenario.start?.(model);
  for (const [verb, role] of scenario.steps) {
    const { res, expected, predicted } = await step(c, options, counter, model, verb, role);
    if (!predicted) c.skip(`${verb} of the ${role} topic answered ${res.status ?? res.error?.code}, not ${expected} (see appnotificaciones/lifecycle-model)`);
    await scenario.after(verb, role, model);
  }
}

/**
 * Runs the model-based test. Each sequence starts from a known state (both available topics DELETEd).
 * On failure the shrunk sequence goes to the check's meta (commands, property replay) and the message.
 */
export async function runLifecycleModel(c: Check, options: LifecycleOptions): Promise<void> {
  const counter = { n: 0 };
  const roles: TopicRole[] = ['inquiry', 'registration', 'unavailable'];
  const verbs: Verb[] = ['POST', 'PUT', 'GET', 'DELETE'];
  const command = fc.tuple(fc.constantFrom(...verbs), fc.constantFrom(...roles)).map(([verb, role]) => new WebhookCommand(c, options, counter, verb, role));
  let failedLog: string[] = [];

  const property = fc.asyncProperty(fc.commands([command], { maxCommands: options.maxCommands }), async (cmds) => {
    const real: Real = { log: [] };
    try {
      await fc.asyncModelRun(async () => {
        await reset(c, options, true);
        return { model: { configured: new Map<TopicRole, string>() }, real };
      }, cmds);
    } catch (error) {
      failedLog = real.log;
      throw error;
    }
  });

  const numRuns = c.ctx.numRuns;
  const details = await fc.check(property, { seed: propertySeed(c.ctx.seed, c.rule.id), numRuns, endOnFailure: false });
  if (!details.failed) return;

  const meta = getCurrentTest()?.meta.vmp;
  if (meta) {
    meta.commands = failedLog;
    meta.property = {
      seed: details.seed,
      numRuns,
      ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
      ...(details.counterexample ? { counterexample: fc.stringify(details.counterexample) } : {}),
    };
  }
  const error = details.errorInstance;
  const message = error instanceof Error ? error.message : String(error);
  throw new RuleViolation(c.rule.id, `${message} — shrunk command sequence: [${failedLog.join(', ')}]`);
}
