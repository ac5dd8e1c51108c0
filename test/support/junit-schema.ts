import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// junit.xml against the strict JUnit schema (test/reports/junit-strict.xsd) through xmllint, Debian's
// libxml2-utils: .ci/run installs it (test/needs-debian-packages); outside CI a machine without it skips.

export const XMLLINT = '/usr/bin/xmllint';
export const noXmllint = !existsSync(XMLLINT) && !process.env.CI;
export const STRICT_XSD = fileURLToPath(new URL('../reports/junit-strict.xsd', import.meta.url));

/** A describe title that says why the file is skipped, when it is. */
export const xmllintTitle = (what: string): string =>
  noXmllint ? `${what} — SKIPPED: ${XMLLINT} is absent (apt-get install libxml2-utils; in CI this test is required)` : what;

/** xmllint's verdict on `xml`: valid, or the errors it printed. */
export async function validateJunit(xml: string): Promise<{ valid: boolean; errors: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vmp-junit-'));
  const file = path.join(dir, 'junit.xml');
  try {
    await writeFile(file, xml);
    return await new Promise((resolve) => {
      execFile(XMLLINT, ['--noout', '--schema', STRICT_XSD, file], (error, _stdout, stderr) => resolve({ valid: error === null, errors: stderr }));
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
