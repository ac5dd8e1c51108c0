import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LAST_SUITE_FILE, LastFileSequencer, PROJECT_ROOT } from '../../api/suite-session.ts';

// errors/no-server-error reports the 5xx answers of the whole run, so its file must run after every other,
// whatever order vitest's own sequencer (cached durations, failures, sizes) would pick.

const spec = (file: string, size: number) =>
  ({
    moduleId: path.join(PROJECT_ROOT, file),
    project: { name: '', config: { sequence: { groupOrder: 0 }, isolate: false } },
    size,
  }) as unknown as TestSpecification;

describe('the suite files run in vitest order, with the server-errors file last', () => {
  it('moves LAST_SUITE_FILE to the end, even when vitest would run it first', async () => {
    const sizes = new Map<string, number>();
    const files = [spec(LAST_SUITE_FILE, 900), spec('suites/home.suite.ts', 10), spec('suites/status.suite.ts', 500)];
    for (const f of files) sizes.set(path.relative(PROJECT_ROOT, f.moduleId), (f as unknown as { size: number }).size);
    // No recorded results; file sizes as the stats: vitest runs the largest first.
    const ctx = {
      config: { root: PROJECT_ROOT },
      cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => ({ size: sizes.get(key.slice(1)) ?? 0 }) },
    } as unknown as Vitest;
    const sorted = await new LastFileSequencer(ctx).sort(files);
    expect(sorted.map((f) => path.relative(PROJECT_ROOT, f.moduleId))).toEqual(['suites/status.suite.ts', 'suites/home.suite.ts', LAST_SUITE_FILE]);
  });
});
