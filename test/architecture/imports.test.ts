import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The layout's import rules (DEVELOPERS.md, issue 4): models/ imports nothing of ours; suites/ and target/
// never import reference/ (a suite must know a target only through target/).

const ROOT = path.resolve(import.meta.dirname, '../..');
const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sources(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  try {
    statSync(abs);
  } catch {
    return [];
  }
  return readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(abs, f));
}

/** Top-level folders of this project that a file imports. */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const folders = new Set<string>();
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2]!;
    if (!spec.startsWith('.')) continue;
    const target = path.relative(ROOT, path.resolve(path.dirname(file), spec));
    folders.add(target.split(path.sep)[0]!);
  }
  return [...folders];
}

const RULES: { folder: string; forbidden: string[] }[] = [
  { folder: 'models', forbidden: ['generators', 'target', 'suites', 'simulator', 'reference', 'reports', 'cli', 'test', 'bench'] },
  { folder: 'target', forbidden: ['reference', 'suites', 'cli', 'reports', 'simulator'] },
  { folder: 'suites', forbidden: ['reference', 'cli', 'reports'] },
  { folder: 'generators', forbidden: ['reference', 'suites', 'cli', 'reports', 'target'] },
  // The OpenAPI document is the models' and the profile's, never the reference server's behaviour.
  { folder: 'openapi', forbidden: ['reference', 'suites', 'cli', 'reports', 'generators', 'test', 'bench'] },
];

describe('import boundaries', () => {
  for (const { folder, forbidden } of RULES) {
    it(`${folder}/ imports none of ${forbidden.join(', ')}`, () => {
      const offenders = sources(folder).flatMap((file) =>
        importedFolders(file)
          .filter((f) => forbidden.includes(f))
          .map((f) => `${path.relative(ROOT, file)} → ${f}/`),
      );
      expect(offenders).toEqual([]);
    });
  }
});
