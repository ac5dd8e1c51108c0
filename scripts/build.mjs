// npm run build (and prepack): the shipped source folders compiled to dist/ by tsc (tsconfig.build.json), plus the
// files the code reads beside itself at run time (sut/profile.schema.json, simulator/k6/*.js), copied to the same
// place under dist/, and the entry's CommonJS declarations (commonjs-types.mjs). Plain JavaScript, so building needs
// no TypeScript loader. dist/ is emptied first: a module renamed or removed must not ship from a former build.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { writeCommonJsTypes } from './commonjs-types.mjs';

const root = path.resolve(import.meta.dirname, '..');
const config = path.join(root, 'tsconfig.build.json');
const { include, compilerOptions } = JSON.parse(readFileSync(config, 'utf8').replace(/^\s*\/\/.*$/gm, ''));
const outDir = path.join(root, compilerOptions.outDir);

rmSync(outDir, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', config], { cwd: root, stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

// Every file of a shipped folder that tsc does not emit, except the folders' READMEs: the run-time assets.
const isAsset = (file) => !file.endsWith('.ts') && !file.endsWith('.md');
let copied = 0;
for (const folder of include) {
  for (const file of readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })) {
    const from = path.join(root, folder, file);
    if (!isAsset(file) || !statSync(from).isFile()) continue;
    cpSync(from, path.join(outDir, folder, file));
    copied += 1;
  }
}
const entry = path.join(outDir, 'api/index.js');
const cjs = writeCommonJsTypes(entry.replace(/\.js$/, '.d.ts'));

// require('vmp-conformance') loads the entry as an ES module (require(esm)), which Node.js refuses when any module
// of its static graph awaits at the top level: a build that would break every CommonJS consumer fails here.
const required = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(entry)})`], { cwd: root, encoding: 'utf8' });
if (required.status !== 0) {
  console.error(`dist/api/index.js cannot be require()d:\n${required.stderr}`);
  if (/ERR_REQUIRE_ASYNC_MODULE/.test(required.stderr)) console.error('a module it imports statically has a top-level await: move the await into a function');
  process.exit(1);
}
console.log(
  `dist/: compiled ${include.join(', ')}; ${copied} run-time files copied; ${path.relative(root, cjs.file)}: ${cjs.values} values, ${cjs.types} types; require() loads the entry`,
);
