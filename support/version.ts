import { readFileSync } from 'node:fs';

// The tool version every report and baseline carries: package.json's, read once.
let cached: string | undefined;

export function toolVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return cached;
}
