import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 13, Acceptance: "a grep for each test secret over every file a run writes, in every hostile test, finds
// nothing". Each hostile test file must call the one shared scan (support/no-secrets.ts) on what it ran, and
// start the CLI only through support/cli-child.ts (which keeps its output and temporary files for that scan). A
// new hostile test that forgets either fails here.

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Files exempt from the scan, each with why. */
const ALLOWED: Record<string, string> = {
  // This file: it reads the others, runs no tool and handles no secret.
  'every-test-scans.test.ts': 'runs no tool',
};

const tests = (await readdir(HERE)).filter((f) => f.endsWith('.test.ts')).sort();
const text = async (f: string) => readFile(path.join(HERE, f), 'utf8');

describe('every hostile test', () => {
  it('there are hostile tests to check, and every allowance names an existing file', () => {
    expect(tests.length).toBeGreaterThan(10);
    for (const f of Object.keys(ALLOWED)) expect(tests).toContain(f);
  });

  it.each(tests.filter((f) => !(f in ALLOWED)))('%s scans what it ran with expectNoSecrets', async (f) => {
    const source = await text(f);
    expect(source, `${f} imports the shared scan`).toMatch(/import \{[^}]*\bexpectNoSecrets\b[^}]*\} from '\.\/support\/no-secrets\.ts';/);
    expect(source, `${f} calls it`).toMatch(/\bexpectNoSecrets\(/);
  });

  it.each(tests)('%s starts the CLI only through support/cli-child.ts', async (f) => {
    expect(await text(f)).not.toMatch(/bin\/vmp-conformance\.js/);
  });
});
