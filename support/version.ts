import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './package-root.ts';

// The tool version every report and baseline carries: package.json's, read once.
let cached: string | undefined;

export function toolVersion(): string {
  cached ??= (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return cached;
}
