#!/usr/bin/env node
// Registers tsx so the TypeScript sources run as they are, with no build step after `npm ci`.
import { register } from 'tsx/esm/api';

register();
// `vmp-conformance rules | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
