import { callEndpoint } from '../../sut/call.ts';
import type { Check } from '../harness/check.ts';
import { inCheckScope } from '../harness/check-scope.ts';
import { failWithSequence } from '../harness/command-model.ts';
import { runContext, targetClient } from '../harness/context.ts';
import { sendingAs } from '../harness/run-ledger.ts';
import { templateRefusal } from '../harness/template-refusal.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';
import { ModelDifference } from './commands.ts';
import { reportShare } from './ledger.ts';
import { ModelRunner } from './runner.ts';

// One model run per conformance run, in parts, each run once, on first need, by whichever check needs it first,
// and in order (a part starts once the parts before it are done): reads (changes nothing), writes (the run's own
// agencies and the matrix's writes; needs the simulation hooks), deliveries (needs a callback the target can
// reach), sequences (fast-check command sequences). Rules are views on it: a rule's check asks for the parts
// that have instances of it and reports its share of the ledger.

export type Part = 'reads' | 'writes' | 'deliveries' | 'sequences';
const ORDER: readonly Part[] = ['reads', 'writes', 'deliveries', 'sequences'];

/** The rule each part's requests are credited to in the run ledger (a 5xx names the part that met it). */
const SENDER: Record<Part, string> = {
  reads: 'scoping/agency-reads',
  writes: 'scoping/agency-modifications',
  deliveries: 'scoping/webhook-delivery',
  sequences: 'model/command-sequences',
};

export interface PartBodies {
  /** Runs the part; throws (with a reason) when a precondition of the whole part does not hold. */
  run(part: Part, r: ModelRunner): Promise<void>;
  /** Why the part cannot run in this run (read-only, no hooks, …), or undefined. */
  unavailable(part: Part, r: ModelRunner): string | undefined;
  /** The rules with instances in the part, told why when it could not run. */
  rules(part: Part): readonly string[];
}

/** The model run of one suite file; its clean-up rides on the file's webhook session (afterAll). */
export class ModelRun {
  private runner: ModelRunner | undefined;
  private readonly parts = new Map<Part, Promise<void>>();

  constructor(
    private readonly session: WebhookSession,
    private readonly bodies: PartBodies,
  ) {
    // Safety: every agency the run registered is dissociated again (403 for one already dissociated: no matter).
    session.onCleanup(async () => {
      const client = targetClient().restoring();
      for (const { app, adminMail } of this.runner?.made.splice(0) ?? []) await callEndpoint(client, 'agencias-desasociar', { app, params: { adminMail } });
    });
  }

  /** The runner of this conformance run (a new run id, as in the mutant gallery's sessions, starts afresh). */
  get r(): ModelRunner {
    if (this.runner?.ctx.runId !== runContext().runId) {
      this.runner = new ModelRunner(this.session);
      this.parts.clear();
    }
    return this.runner;
  }

  /** Runs `part` (and the parts before it) once; a part that cannot run tells its rules why. */
  ensure(part: Part): Promise<void> {
    const r = this.r;
    let done = this.parts.get(part);
    if (!done) {
      const before = ORDER.slice(0, ORDER.indexOf(part));
      done = (async () => {
        for (const p of before) await this.ensure(p);
        const why = this.bodies.unavailable(part, r);
        if (why) this.tell(part, why);
        // A scope of its own: the webhook configurations it holds are released when it ends, not with a check.
        else
          await inCheckScope(() => sendingAs({ ruleId: SENDER[part] }, () => this.bodies.run(part, r))).catch((error: unknown) =>
            this.tell(part, `the model run's ${part} stopped: ${(error as Error).message}`),
          );
        // The verdicts that waited for a deadline while the run went on are taken when its last part ends.
        if (part === ORDER.at(-1)) await r.settle();
      })();
      this.parts.set(part, done);
    }
    return done;
  }

  private tell(part: Part, why: string): void {
    for (const rule of this.bodies.rules(part)) this.r.ledger.unjudged(rule, why);
  }

  /** The check of a rule that is a view on the model run: runs the parts it names and reports the rule's share. */
  async view(c: Check, parts: readonly Part[]): Promise<void> {
    for (const part of parts) await this.ensure(part);
    const share = this.r.ledger.share(c.rule.id);
    const failure = this.r.sequenceFailure;
    // A shrunk sequence can end on a 400 the profile's own template caused (shrinking keeps any failure): that is
    // no difference of the target, so the share is reported as every rule's is, without the template's refusals.
    const refused = failure?.error instanceof ModelDifference && templateRefusal(failure.error.difference.res, this.r.ctx.profile.templates) !== undefined;
    if (c.rule.id === SENDER.sequences && failure && !refused) {
      // The shrunk sequence is the failure to show (its last exchange the evidence), not the first difference met.
      c.judged(share.instances);
      for (const res of share.evidence) c.judge(res);
      if (failure.error instanceof ModelDifference) c.judge(failure.error.difference.res);
      failWithSequence(c, failure);
    }
    reportShare(c, share);
  }
}
