import fc from 'fast-check';
import type { TargetResponse } from '../../sut/client.ts';
import type { Check } from '../harness/check.ts';
import { failWithSequence, runCommandModel, type CommandLog } from '../harness/command-model.ts';
import { propertySeed } from '../harness/check.ts';
import { predictTopic, TOPIC_ENDPOINT, TOPIC_ROLES, VERBS, type TopicRole, type Verb } from '../model/topics.ts';

// Endpoints > AppNotificaciones and Events, the primary app's topics as the state machine of model/topics.ts.
// fc.commands drives random sequences against it (harness/command-model.ts); a failure shrinks to a minimal
// sequence. runScenario walks a fixed sequence through the same steps and model, judging effects after each step.

export type { TopicRole, Verb };

/** Which topics are configured, per the model, with the callback URL each was last given; the unavailable topic never is. */
export interface Model {
  configured: Map<TopicRole, string>;
}

export interface LifecycleOptions {
  topics: Record<TopicRole, string>;
  /** The callback URL of the nth POST/PUT. */
  url: (n: number) => string;
  /** An AppWebhookUpsert body pointing at url. */
  body: (url: string) => Record<string, unknown>;
  maxCommands: number;
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
  const expected = predictTopic(verb, role, m.configured.has(role));
  const withBody = verb === 'POST' || verb === 'PUT';
  const url = withBody ? options.url(++counter.n) : undefined;
  const res = await c.send(TOPIC_ENDPOINT[verb], {
    params: { topic: options.topics[role] },
    ...(url !== undefined ? { json: options.body(url) } : {}),
  });
  if (res.status !== expected.status || res.error) return { res, expected: expected.status, predicted: false };
  if (!expected.configured) m.configured.delete(role);
  else if (url !== undefined && expected.writes) m.configured.set(role, url);
  return { res, expected: expected.status, predicted: true };
}

class WebhookCommand implements fc.AsyncCommand<Model, CommandLog> {
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

  async run(m: Model, r: CommandLog): Promise<void> {
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
    const res: TargetResponse = await c.send(TOPIC_ENDPOINT.DELETE, { params: { topic: options.topics[role] } });
    const what = `resetting '${options.topics[role]}' to unconfigured before a sequence`;
    const either = [predictTopic('DELETE', role, true).status, predictTopic('DELETE', role, false).status];
    if (judged) c.expectStatus(res, either, what);
    else c.givenStatus(res, either, what);
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
  const command = fc
    .tuple(fc.constantFrom(...VERBS), fc.constantFrom(...TOPIC_ROLES))
    .map(([verb, role]) => new WebhookCommand(c, options, counter, verb, role));
  const failure = await runCommandModel({
    commands: [command],
    setup: async () => ({ model: await reset(c, options, true), real: { log: [] } }),
    maxCommands: options.maxCommands,
    numRuns: c.ctx.numRuns,
    seed: propertySeed(c.ctx.seed, c.rule.id),
  });
  if (failure) failWithSequence(c, failure);
}
