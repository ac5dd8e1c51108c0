import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The container image (issue 29 §1): node:22-slim, the package as `npm pack` ships it, the CLI as entrypoint, run as
// a user that is not root. What the Dockerfile says is checked everywhere; the image is built and run only where a
// container engine answers (a docker client alone, as on this project's machines, is not one): elsewhere those
// tests skip, saying why.

const ROOT = path.resolve(import.meta.dirname, '../..');
const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

function engineAbsence(): string | undefined {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 30_000 });
  if (info.error) return `no docker command (${(info.error as NodeJS.ErrnoException).code}): the image is not built here`;
  if (info.status !== 0) {
    const why =
      `${info.stderr}${info.stdout}`
        .trim()
        .split('\n')
        .find((l) => l.trim() !== '') ?? `exit ${info.status}`;
    return `docker has no engine to talk to (${why.trim()}): the image is not built here`;
  }
  return undefined;
}
const ABSENT = engineAbsence();
if (ABSENT) console.warn(ABSENT);

const docker = (args: string[], timeout = 60_000) => spawnSync('docker', args, { cwd: ROOT, encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });

describe('Dockerfile', () => {
  it('builds on node:22-slim, ships what npm pack ships, runs the CLI as entrypoint as the unprivileged node user', () => {
    const from = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(from).toEqual(['node:22-slim', 'node:22-slim']);
    expect(dockerfile).toMatch(/^RUN npm pack /m);
    expect(dockerfile).toMatch(/^RUN npm install --global .*vmp-conformance-\*\.tgz/m);
    const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.at(-1)).toBe('node');
    expect(dockerfile.slice(dockerfile.lastIndexOf('USER'))).toMatch(/^ENTRYPOINT \["vmp-conformance"\]$/m);
    expect(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n')).toEqual(expect.arrayContaining(['node_modules', 'dist']));
  });

  it(
    'builds an image whose entrypoint is the command, not running as root',
    (ctx) => {
      if (ABSENT) ctx.skip(ABSENT);
      const tag = `vmp-conformance:test-${process.pid}`;
      try {
        const built = docker(['build', '--tag', tag, '.'], 15 * 60_000);
        expect(built.status, `${built.stdout.slice(-3000)}\n${built.stderr.slice(-3000)}`).toBe(0);
        const shown = docker(['run', '--rm', tag, '--version']);
        expect(shown.status, shown.stderr).toBe(0);
        expect(shown.stdout.split('\n')[0]).toBe(`vmp-conformance ${version}`);
        const uid = docker(['run', '--rm', '--entrypoint', 'id', tag, '-u']);
        expect(uid.stdout.trim()).not.toBe('0');
      } finally {
        docker(['rmi', '--force', tag]);
      }
    },
    20 * 60_000,
  );
});
