#!/usr/bin/env node
// The installed package ships no TypeScript: it runs its build, dist/cli/main.js, with plain Node. A source
// checkout (cli/main.ts is there) runs its sources through tsx, a dev dependency `npm ci` installs, so `npm start`
// needs no build and never runs a dist/ older than the sources (npm pack leaves one behind).
import { existsSync } from 'node:fs';

// `vmp-conformance rules | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
const source = new URL('../cli/main.ts', import.meta.url);
let entry = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = source;
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
