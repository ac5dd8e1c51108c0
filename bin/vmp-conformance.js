#!/usr/bin/env node
// Registers tsx so the TypeScript sources run as they are, with no build step after `npm ci`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
