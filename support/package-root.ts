import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The folder of vmp-conformance's package.json, found by walking up from this module: the repository in a source
// checkout (support/), the installed package from its build (dist/support/). Files shipped beside dist/ (the
// embedded server's profiles/) and the version are read from here, so sources and build read the same copy.
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'vmp-conformance') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json of vmp-conformance above ${from}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
