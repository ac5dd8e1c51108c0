import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The layer order (docs/layout.md; issue 15): each folder imports only the folders listed for it, so the layers
// read top-down: support → models → generators → sut → webhooks → suites / simulator / reference / openapi →
// reports → api → cli. A suite knows a target only through sut/ (never reference/); suites and simulator share
// webhooks/ and never reach into each other; reports are written by api/ and read by cli/ only; the CLI is a
// thin user of the API.

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

const LAYERS: Record<string, readonly string[]> = {
  support: [],
  models: [],
  generators: ['models'],
  sut: ['support', 'models', 'generators'],
  webhooks: ['support', 'models', 'generators', 'sut'],
  suites: ['support', 'models', 'generators', 'sut', 'webhooks'],
  simulator: ['support', 'models', 'generators', 'sut', 'webhooks'],
  reference: ['support', 'models', 'generators', 'sut', 'webhooks'],
  // The OpenAPI document is the models' and the profile's, never the reference server's behaviour.
  openapi: ['support', 'models', 'sut', 'webhooks'],
  reports: ['support', 'models', 'sut'],
  api: ['support', 'models', 'generators', 'sut', 'webhooks', 'suites', 'simulator', 'reference', 'openapi', 'reports'],
  cli: ['support', 'reports', 'api'],
};

describe('import boundaries', () => {
  for (const [folder, allowed] of Object.entries(LAYERS)) {
    it(`${folder}/ imports ${allowed.length ? `only ${allowed.join(', ')}` : 'nothing of ours'}`, () => {
      const offenders = sources(folder).flatMap((file) =>
        importedFolders(file)
          .filter((f) => f !== folder && !allowed.includes(f))
          .map((f) => `${path.relative(ROOT, file)} → ${f}/`),
      );
      expect(offenders).toEqual([]);
    });
  }
});

it('every top folder of sources has its place in the layer order', () => {
  const tops = readdirSync(ROOT, { withFileTypes: true })
    .filter(
      (e) =>
        e.isDirectory() &&
        !e.name.startsWith('.') &&
        !['node_modules', 'test', 'bench', 'scripts', 'examples', 'profiles', 'spec', 'bin', 'dist', 'vmp-report', 'docs'].includes(e.name),
    )
    .map((e) => e.name);
  expect(tops.filter((t) => !(t in LAYERS))).toEqual([]);
});

it("each layer's README says what it may import, as the table above has it", () => {
  const stated = Object.keys(LAYERS).map((folder) => {
    const text = readFileSync(path.join(ROOT, folder, 'README.md'), 'utf8');
    return [folder, /^May import: (.*?)\. \(/m.exec(text)?.[1]] as const;
  });
  const expected = Object.entries(LAYERS).map(
    ([folder, allowed]) => [folder, allowed.length ? allowed.map((a) => `\`${a}/\``).join(', ') : 'nothing of ours'] as const,
  );
  expect(stated).toEqual(expected);
});

it('no module of ours imports cli/main.ts, which imports every command (a circle through the command table)', () => {
  const main = path.join(ROOT, 'cli/main.ts');
  const importers = Object.keys(LAYERS)
    .flatMap(sources)
    .filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].some((m) => {
        const spec = m[1] ?? m[2]!;
        return spec.startsWith('.') && path.resolve(path.dirname(file), spec) === main;
      }),
    )
    .map((file) => path.relative(ROOT, file));
  expect(importers).toEqual([]);
});
