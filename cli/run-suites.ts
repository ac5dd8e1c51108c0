import { fileURLToPath } from 'node:url';
import { createVitest, type Reporter } from 'vitest/node';
import type { RunContext } from '../suites/harness/context.ts';

// Runs the conformance suites in-process through vitest's Node API (never a shell-out), handing the run
// context to every test file through provide/inject.

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface SuiteRunOptions {
  ctx: RunContext;
  reporters: Reporter[];
  /** vitest's own JUnit and JSON reporters write here when given. */
  junitFile?: string;
  vitestJsonFile?: string;
  /** A rule-id glob (`scoping/*`, `limits/**`): only matching checks run. */
  only?: string;
  /** Suite files to run, relative to the project root (default: every suites/*.suite.ts). */
  files?: string[];
  testTimeoutMs?: number;
}

/** `scoping/*` → a pattern matching titles that start with `[scoping/...]`; `*` stays within one id. */
export function onlyPattern(glob: string): string {
  const body = glob
    .split('')
    .map((ch) => (ch === '*' ? '[^\\]]*' : ch === '?' ? '[^\\]]' : ch.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return `^\\[${body}\\]`;
}

export async function runSuites(options: SuiteRunOptions): Promise<{ ok: boolean; unhandledErrors: number }> {
  const reporters: (string | Reporter | [string, Record<string, unknown>])[] = [...options.reporters];
  const outputFile: Record<string, string> = {};
  if (options.junitFile) {
    reporters.push(['junit', { suiteName: 'vmp-conformance', addFileAttribute: false }]);
    outputFile.junit = options.junitFile;
  }
  if (options.vitestJsonFile) {
    reporters.push('json');
    outputFile.json = options.vitestJsonFile;
  }
  const vitest = await createVitest(
    'test',
    {
      config: false,
      root: PROJECT_ROOT,
      watch: false,
      reporters: reporters as never,
      outputFile,
      ...(options.only ? { testNamePattern: onlyPattern(options.only) } : {}),
      passWithNoTests: true,
    },
    {
      test: {
        include: options.files ?? ['suites/**/*.suite.ts'],
        // One worker, files in sequence: the suites share one target whose webhook configuration
        // they save and restore, and requests to a local target are cheaper than worker start-up.
        pool: 'threads',
        fileParallelism: false,
        isolate: false,
        testTimeout: options.testTimeoutMs ?? 60_000,
        hookTimeout: options.testTimeoutMs ?? 60_000,
        silent: true,
      },
    },
  );
  vitest.provide('vmp', options.ctx);
  let unhandledErrors = 0;
  try {
    await vitest.start();
    unhandledErrors = vitest.state.getUnhandledErrors().length;
    return { ok: !vitest.state.getCountOfFailedTests(), unhandledErrors };
  } finally {
    await vitest.close();
  }
}
