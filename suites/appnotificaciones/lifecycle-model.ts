import fc from 'fast-check';
import { getCurrentTest } from 'vitest/suite';
import type { TargetResponse } from '../../target/client.ts';
import { propertySeed, type Check } from '../harness/check.ts';
import { RuleViolation } from '../harness/violation.ts';

// Endpoints > AppNotificaciones and Events, as a state machine per topic: POST creates (201), and again is a
// conflict (409); PUT replaces a configured topic (200); GET reads it (200); DELETE removes it (204); GET, PUT
// and DELETE of a topic that is unavailable or never configured are 404; POST of an unavailable topic is 403.
// fc.commands drives random sequences against an in-memory model; a failure shrinks to a minimal sequence.

export type TopicRole = 'inquiry' | 'registration' | 'unavailable';
export type Verb = 'POST' | 'PUT' | 'GET' | 'DELETE';

const ENDPOINT: Record<Verb, string> = {
  POST: 'appnotificaciones-post',
  PUT: 'appnotificaciones-put',
  GET: 'appnotificaciones-get',
  DELETE: 'appnotificaciones-delete',
};

/** Which topics are configured, per the model; the unavailable topic never is. */
interface Model {
  configured: Set<TopicRole>;
}

interface Real {
  /** The commands run so far in this sequence, for the failure report. */
  log: string[];
}

export interface LifecycleOptions {
  topics: Record<TopicRole, string>;
  /** An AppWebhookUpsert body for the nth POST/PUT. */
  body: (n: number) => Record<string, unknown>;
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
    const expected = predict(this.verb, this.role, m.configured.has(this.role));
    const withBody = this.verb === 'POST' || this.verb === 'PUT';
    const res = await this.c.send(ENDPOINT[this.verb], {
      params: { topic: this.options.topics[this.role] },
      ...(withBody ? { json: this.options.body(++this.counter.n) } : {}),
    });
    if (res.status !== expected.status || res.error) {
      this.c.fail(`${expected.status}, as the configuration model predicts`, res);
    }
    if (expected.configured) m.configured.add(this.role);
    else m.configured.delete(this.role);
  }

  toString(): string {
    return `${this.verb} ${this.role}`;
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
  const command = fc
    .tuple(fc.constantFrom(...verbs), fc.constantFrom(...roles))
    .map(([verb, role]) => new WebhookCommand(c, options, counter, verb, role));
  let failedLog: string[] = [];

  const reset = async (): Promise<void> => {
    for (const role of ['inquiry', 'registration'] as const) {
      const res: TargetResponse = await c.send(ENDPOINT.DELETE, { params: { topic: options.topics[role] } });
      c.expectStatus(res, [204, 404], `resetting '${options.topics[role]}' to unconfigured before a sequence`);
    }
  };

  const property = fc.asyncProperty(fc.commands([command], { maxCommands: options.maxCommands }), async (cmds) => {
    const real: Real = { log: [] };
    try {
      await fc.asyncModelRun(async () => {
        await reset();
        return { model: { configured: new Set<TopicRole>() }, real };
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
