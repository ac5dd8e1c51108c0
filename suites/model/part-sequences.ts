import { propertySeed } from '../harness/check.ts';
import { runCommandModel } from '../harness/command-model.ts';
import { commandArbitraries, SEQUENCE_RULE, type SeqModel, type SeqReal } from './commands.ts';
import { SetupError } from './pool.ts';
import { worldOf, type ModelRunner } from './runner.ts';
import { configureTopic } from './topic-steps.ts';
import { TOPIC_ROLES, type TopicRole } from './topics.ts';
import { statusOf } from './outcomes.ts';
import type { App, World } from './world.ts';

// The part of the model run that drives random command sequences over both apps (commands.ts). The world the
// earlier parts left is the model every sequence starts from, moved on by each command answered as predicted;
// after a sequence that met a difference, the model is fed again from what the target shows (resync), so the
// sequences fast-check tries while shrinking start from the state the target is really in.

/** Sequences per run, at most: each sends a few dozen requests, and the run's budget is seconds. */
const SEQUENCES = 10;
const MAX_COMMANDS = 8;

export async function runSequencePart(r: ModelRunner): Promise<void> {
  const w = worldOf(r);
  // The topics as the sequences first find them: a resync brings them back to this, so that a shrunk sequence
  // starts where the failing one did (configured or not, with URLs of its own).
  const start = new Map(w.apps.map((app) => [app, new Map(w.topics.get(app))]));
  for (const app of ['primary', 'other'] as const) for (const role of TOPIC_ROLES) await r.session.guard(app, r.ctx.profile.topics[role]);
  let differences = r.ledger.differences.length;
  const failure = await runCommandModel<SeqModel, SeqReal>({
    commands: commandArbitraries(w, { hooks: r.ctx.profile.simulationHooks !== null, edit: r.ctx.profile.templates.agenciaEdit !== null }),
    setup: async () => {
      if (r.ledger.differences.length > differences) await resync(r, w, start);
      differences = r.ledger.differences.length;
      return { model: { w }, real: { log: [], r } };
    },
    maxCommands: MAX_COMMANDS,
    numRuns: Math.min(r.ctx.numRuns, SEQUENCES),
    seed: propertySeed(r.ctx.seed, SEQUENCE_RULE),
  });
  if (failure?.error instanceof SetupError) return r.ledger.unjudged(SEQUENCE_RULE, failure.error.message);
  r.sequenceFailure = failure;
}

/**
 * Feeds the model again from the target: both apps' topics brought back to how the sequences found them, each
 * agency's associations read.
 */
async function resync(r: ModelRunner, w: World, start: Map<App, Map<TopicRole, string | null>>): Promise<void> {
  for (const app of ['primary', 'other'] as const) {
    for (const role of ['inquiry', 'registration'] as const) {
      if (start.get(app)?.get(role)) await configureTopic(r, w, app, role);
      else {
        await r.send('appnotificaciones-delete', { app, params: { topic: r.ctx.profile.topics[role] } });
        w.topics.get(app)!.set(role, null);
      }
    }
  }
  // An association the target no longer shows is gone (a refused write may have applied); one the run never
  // made is never learnt from a read: the run knows whom each agency it made belongs to.
  for (const a of [...w.agencies.values()].filter((x) => x.runMade)) {
    for (const app of [...a.apps]) {
      const res = await r.send('agencias-get', { app, params: { adminMail: a.adminMail }, form: 'json' });
      if (res.status === statusOf('agencias-get', 'notFound')) {
        a.apps.delete(app);
        a.dissociatedFrom.add(app);
      }
    }
  }
}
