import fc from 'fast-check';
import type { Check } from './check.ts';
import { RuleViolation } from './violation.ts';

// Model-based testing (fast-check's fc.commands and fc.asyncModelRun): random sequences of commands run
// against the target and an in-memory model that predicts each answer; a failure shrinks to the shortest
// sequence that still fails. Shared by the webhook lifecycle model (appnotificaciones/lifecycle-model.ts) and
// the two-app model (model/commands.ts): each brings its commands and its reset; the runner, the log of the
// commands a sequence ran and the replay data of a failure are here, once.

/** What every sequence's real side carries: the commands it ran so far, each as one line, for the report. */
export interface CommandLog {
  log: string[];
}

export interface CommandModelOptions<M extends object, R extends CommandLog> {
  commands: fc.Arbitrary<fc.AsyncCommand<M, R>>[];
  /** Brings the target to a known state and gives the model of it; runs before every sequence. */
  setup: () => Promise<{ model: M; real: R }>;
  maxCommands: number;
  numRuns: number;
  seed: number;
}

/** A sequence the target answered otherwise than predicted, shrunk: what a report needs to show and replay it. */
export interface CommandModelFailure {
  /** The failing command's message. */
  message: string;
  error: unknown;
  /** The shrunk sequence, one command a line, as run. */
  commands: string[];
  property: { seed: number; numRuns: number; path?: string; counterexample?: string };
}

/** Runs the sequences; undefined when every one was answered as the model predicts. */
export async function runCommandModel<M extends object, R extends CommandLog>(o: CommandModelOptions<M, R>): Promise<CommandModelFailure | undefined> {
  let failedLog: string[] = [];
  const property = fc.asyncProperty(fc.commands(o.commands, { maxCommands: o.maxCommands }), async (cmds) => {
    let started: R | undefined;
    try {
      await fc.asyncModelRun(async () => {
        const s = await o.setup();
        started = s.real;
        return s;
      }, cmds);
    } catch (error) {
      failedLog = started?.log ?? [];
      throw error;
    }
  });
  const details = await fc.check(property, { seed: o.seed, numRuns: o.numRuns, endOnFailure: false });
  if (!details.failed) return undefined;
  const error = details.errorInstance;
  return {
    message: error instanceof Error ? error.message : String(error),
    error,
    commands: failedLog,
    property: {
      seed: details.seed,
      numRuns: o.numRuns,
      ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
      ...(details.counterexample ? { counterexample: fc.stringify(details.counterexample) } : {}),
    },
  };
}

/**
 * Fails the check with a shrunk sequence: its replay data on the check's meta, the sequence in the message. The
 * message is the failing command's, which names the request and the expectation.
 */
export function failWithSequence(c: Check, failure: CommandModelFailure): never {
  c.replayWith(failure.commands, failure.property);
  const sequence = `shrunk command sequence: [${failure.commands.join(', ')}]`;
  throw new RuleViolation(c.rule.id, `${failure.message} — ${sequence}`);
}
