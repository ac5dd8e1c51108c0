import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Runs the real CLI as a child process (exit codes, stdout/stderr and the absence of stack traces are what a
// user sees), with a target profile whose secrets come from ${ENV} references.

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(ROOT, 'bin/vmp-conformance.js');

/** Secret header values: they reach the CLI only through the environment, never through the profile file. */
export const SECRETS = { VMP_TEST_PRIMARY: 'Bearer tok-primary-5b1e9f0a', VMP_TEST_OTHER: 'Bearer tok-other-c47d22e8' } as const;
export const SECRET_VALUES: readonly string[] = Object.values(SECRETS);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: ROOT, env: { ...process.env, ...SECRETS, ...env }, maxBuffer: 32 * 1024 * 1024, timeout: 170_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export const tempDir = (prefix: string): Promise<string> => mkdtemp(path.join(tmpdir(), `vmp-${prefix}-`));

/**
 * A profile for the broken server whose credentials are ${ENV} references to SECRETS. It names the conditional
 * header, as a profile for a target whose 304 is broken must: inferred, a header that never triggers 304 is null and
 * the checks of 304 skip (run infers by behaviour).
 */
export const SECRET_PROFILE = {
  apps: {
    primary: { headers: { Authorization: '${VMP_TEST_PRIMARY}' } },
    other: { headers: { Authorization: '${VMP_TEST_OTHER}' } },
  },
  conditionalRequestHeader: 'If-None-Match',
  topics: { inquiry: 'consultas', registration: 'agencias.registro', unavailable: 'facturacion' },
  templates: { webhookUpsert: { Url: '{{url}}' }, agenciaCreate: { AdminMail: '{{adminMail}}' }, agenciaEdit: {} },
  invitationDomain: 'example.test',
} as const;

/** SECRET_PROFILE, with overrides, written to dir/profile.json. */
export async function writeSecretProfile(dir: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const file = path.join(dir, 'profile.json');
  await writeFile(file, JSON.stringify({ ...SECRET_PROFILE, ...overrides }, null, 2));
  return file;
}

/** Every file under a report directory, with its text. */
export async function reportFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of await readdir(dir)) files.set(name, await readFile(path.join(dir, name), 'utf8'));
  return files;
}

/** The rules of Endpoints > Home: quick, and broken by test/support/broken-server.ts. */
export const HOME_RULES = 'home/*,status/home/*';
export const E2E_TIMEOUT = 180_000;
