import { describe, expect, it } from 'vitest';
import { holdUntilCheckEnds, inCheckScope, oneAtATime } from '../../suites/harness/check-scope.ts';

// Concurrent read-only checks that change a shared resource on their way (a webhook topic) take it until they
// end: one at a time, or together when they want it in the same state.

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

/** A check that takes `resource` (in `mode`), then logs its start and end around a few ticks. */
function check(log: string[], name: string, mode?: string) {
  return inCheckScope(async () => {
    await tick();
    await holdUntilCheckEnds('webhooks', mode);
    log.push(`${name} in`);
    await tick();
    await tick();
    log.push(`${name} out`);
  });
}

describe('check scope', () => {
  it('lets one check at a time hold a resource, until it ends', async () => {
    const log: string[] = [];
    await Promise.all([check(log, 'a'), check(log, 'b'), check(log, 'c')]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });

  it('lets checks wanting the same state hold it together, and the others wait for them', async () => {
    const log: string[] = [];
    await Promise.all([check(log, 'a', 'refusing'), check(log, 'b', 'refusing'), check(log, 'c'), check(log, 'd', 'refusing')]);
    expect(log.slice(0, 4)).toEqual(['a in', 'b in', 'a out', 'b out']);
    expect(log.slice(4)).toEqual(['c in', 'c out', 'd in', 'd out']);
  });

  it('releases what a check took when it fails, and asks nothing outside a check', async () => {
    const failing = inCheckScope(async () => {
      await holdUntilCheckEnds('webhooks');
      throw new Error('the check failed');
    });
    await expect(failing).rejects.toThrow('the check failed');
    const log: string[] = [];
    await check(log, 'next');
    expect(log).toEqual(['next in', 'next out']);
    await holdUntilCheckEnds('webhooks');
  });

  it('runs steps one at a time', async () => {
    const log: string[] = [];
    const step = (name: string) =>
      oneAtATime('configure', async () => {
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
      });
    await Promise.all([step('a'), step('b')]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
