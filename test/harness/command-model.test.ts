import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCommandModel, type CommandLog } from '../../suites/harness/command-model.ts';

// The command-sequence runner the lifecycle model and the two-app model share: every sequence starts from the
// set-up's state, a failure shrinks to the shortest sequence that still fails, and the failure carries that
// sequence as run (one command a line) with the seed and path to replay it.

interface Counter {
  n: number;
}

/** A target that breaks on the third increment: the model predicts no failure, so the shortest sequence is three increments. */
class Increment implements fc.AsyncCommand<Counter, CommandLog & { target: Counter }> {
  check(): boolean {
    return true;
  }
  async run(m: Counter, r: CommandLog & { target: Counter }): Promise<void> {
    r.log.push('increment');
    m.n += 1;
    r.target.n += 1;
    if (r.target.n === 3) throw new Error(`the target broke at ${r.target.n}`);
  }
  toString(): string {
    return 'increment';
  }
}

class Read implements fc.AsyncCommand<Counter, CommandLog & { target: Counter }> {
  check(): boolean {
    return true;
  }
  async run(_m: Counter, r: CommandLog & { target: Counter }): Promise<void> {
    r.log.push('read');
  }
  toString(): string {
    return 'read';
  }
}

describe('runCommandModel', () => {
  it('shrinks a failing sequence to the shortest, and gives it as run, with its replay data', async () => {
    let setups = 0;
    const failure = await runCommandModel({
      commands: [fc.constant(new Increment()), fc.constant(new Read())],
      setup: async () => {
        setups += 1;
        return { model: { n: 0 }, real: { log: [], target: { n: 0 } } };
      },
      maxCommands: 10,
      numRuns: 50,
      seed: 42,
    });
    expect(failure?.message).toBe('the target broke at 3');
    expect(failure?.commands).toEqual(['increment', 'increment', 'increment']);
    expect(failure?.property).toMatchObject({ seed: 42, numRuns: 50, path: expect.any(String), counterexample: expect.any(String) });
    expect(setups).toBeGreaterThan(1);
  });

  it('gives nothing when every sequence passes', async () => {
    const failure = await runCommandModel({
      commands: [fc.constant(new Read())],
      setup: async () => ({ model: { n: 0 }, real: { log: [], target: { n: 0 } } }),
      maxCommands: 5,
      numRuns: 5,
      seed: 1,
    });
    expect(failure).toBeUndefined();
  });
});
