import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { isCalendarDate } from '../models/index.ts';
import type { CaptureReach } from '../sut/capture-reach.ts';
import { isLoopback } from '../sut/loopback.ts';
import { hooksBase } from '../sut/profile.ts';
import { UsageError } from '../support/errors.ts';
import { MAX_SEED } from './run.ts';

// The checks on what a command is given, one copy for both callers: the CLI names an option as its flag
// (`--base-url`), the programmatic API as its option (`baseUrl`), and both refuse the same values with the same
// typed error before anything starts (Principle 7). Each check takes that name and puts it first in its message.

/** The inclusive bounds of a whole-number option. */
export type Range = readonly [min: number, max: number];

/** The bounds of every whole-number option of run, simulate and load, flag and API option alike. */
export const RANGES = {
  seed: [0, MAX_SEED],
  runs: [1, 100_000],
  timeoutMs: [100, 600_000],
  maxDurationSec: [1, 7 * 86_400],
  inquiries: [1, 10_000_000],
  resend: [0, 10_000_000],
  deadlineMs: [1, 3_600_000],
  connections: [1, 10_000],
  durationSec: [1, 3_600],
  validateEvery: [0, 1_000_000],
  listenPort: [1, 65_535],
  maxFailures: [1, 100_000],
} as const satisfies Record<string, Range>;

/** A whole number within its range: a number (the API), or the digits of one (a flag's text). */
export function wholeNumber(name: string, value: number | string, [min, max]: Range): number {
  const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got ${typeof value === 'string' ? `'${value}'` : String(value)}`);
  }
  return n;
}

/** The target's base address, without trailing slashes. */
export function checkBaseUrl(name: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  // Credentials in a URL are refused, not sent: each app authenticates with its own profile headers, and a base
  // URL is printed in every report. The message never repeats the URL, which holds the password.
  if (url && (url.username !== '' || url.password !== '')) {
    throw new UsageError(
      `${name} must not carry credentials (user:password@): put them in the profile, e.g. apps.primary.headers ` +
        '{"Authorization": "Basic ${VMP_BASIC}"}, where they are sent per app and redacted from every output',
    );
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(`${name} must be an absolute http(s) URL, got '${value}'`);
  }
  // Every path of the spec is "relative to" the base address: a query or fragment would sit in the middle of each.
  if (/[?#]/.test(value)) throw new UsageError(`${name} must have no query or fragment (every API path is appended to it), got '${value}'`);
  return value.replace(/\/+$/, '');
}

const errno = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** The nearest path at or above `p` that exists, with what it is. */
async function nearestExisting(p: string): Promise<{ at: string; isDirectory: boolean }> {
  for (let at = p; ; at = path.dirname(at)) {
    const s = await stat(at).catch(() => undefined);
    if (s) return { at, isDirectory: s.isDirectory() };
    if (path.dirname(at) === at) return { at, isDirectory: false };
  }
}

const writable = (p: string): Promise<boolean> =>
  access(p, constants.W_OK).then(
    () => true,
    () => false,
  );

/**
 * A directory the reports will be written into (created if missing), absolute: refused now when it names a file,
 * sits under a file, or cannot be written — not after the run, when the reports are due.
 */
export async function checkReportDir(name: string, value: string): Promise<string> {
  if (value.trim() === '') throw new UsageError(`${name} must name a directory`);
  const dir = path.resolve(value);
  const found = await nearestExisting(dir);
  if (!found.isDirectory) {
    throw new UsageError(found.at === dir ? `${name} ${value}: it is a file, not a directory` : `${name} ${value}: ${found.at} is not a directory`);
  }
  if (!(await writable(found.at))) throw new UsageError(`${name} ${value}: ${found.at} is not writable`);
  return dir;
}

/** A file that will be written (a baseline, a capture log), absolute: its directory must exist and it must not be a directory. */
export async function checkOutputFile(name: string, value: string): Promise<string> {
  if (value.trim() === '') throw new UsageError(`${name} must name a file`);
  const file = path.resolve(value);
  const s = await stat(file).catch(() => undefined);
  if (s?.isDirectory()) throw new UsageError(`${name} ${value}: it is a directory; name a file`);
  const dir = path.dirname(file);
  const parent = await stat(dir).catch(() => undefined);
  if (!parent?.isDirectory()) throw new UsageError(`${name} ${value}: directory ${dir} does not exist`);
  if (!(await writable(s ? file : dir))) throw new UsageError(`${name} ${value}: ${s ? file : dir} is not writable`);
  return file;
}

/** The simulation hooks' base, as profile key simulationHooks takes it (a path, or an absolute http(s) URL). */
export function checkHooks(name: string, value: string): string {
  if (!hooksBase(value))
    throw new UsageError(`${name} must be a path relative to the base URL (/_sim) or an absolute http(s) URL, without query or fragment, got '${value}'`);
  return value;
}

/** A calendar date, yyyy-mm-dd (the embedded server's today). */
export function checkToday(name: string, value: string): string {
  if (!isCalendarDate(value)) throw new UsageError(`${name} must be a date as yyyy-mm-dd, got '${value}'`);
  return value;
}

/** How the caller names the parts of a capture reach: `--capture-listen`/`--callback-url`, or `capture.port`/`capture.publicUrl`. */
export interface ReachNames {
  host: string;
  port: string;
  publicUrl: string;
}

/** Where the capture server listens and the URL the target calls; the URL without trailing slashes. */
export function checkCaptureReach(reach: CaptureReach, names: ReachNames): CaptureReach {
  if (typeof reach.host !== 'string' || reach.host.trim() === '') throw new UsageError(`${names.host} must name an address to listen on`);
  if (reach.port !== 0) wholeNumber(names.port, reach.port, RANGES.listenPort);
  if (reach.publicUrl === undefined) return reach;
  const url = URL.canParse(reach.publicUrl) ? new URL(reach.publicUrl) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(`${names.publicUrl} must be an absolute http(s) URL, got '${reach.publicUrl}'`);
  }
  // A tunnel forwards to a fixed port: a free port picked at start-up could not be known to it.
  if (reach.port === 0) throw new UsageError(`${names.publicUrl} needs ${names.port} (the port the URL leads to)`);
  return { ...reach, publicUrl: reach.publicUrl.replace(/\/+$/, '') };
}

/**
 * Binds a fixed capture port once and lets it go: a port in use is a usage error (exit 2) before the run starts,
 * not a failed check half-way through it.
 */
export async function checkListenable(name: string, reach: CaptureReach): Promise<void> {
  if (reach.port === 0) return;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(reach.port, reach.host, () => server.close(() => resolve()));
  }).catch((error: unknown) => {
    throw new UsageError(`${name} ${reach.host}:${reach.port}: cannot listen there (${errno(error)})`);
  });
}

/** Load is sent only to this machine unless the caller says otherwise: a load test of someone else's server is an attack. */
export function checkLoadTarget(baseUrl: string, allowRemote: boolean, allowName: string): void {
  if (!isLoopback(baseUrl) && !allowRemote) {
    throw new UsageError(`refusing to load-test ${new URL(baseUrl).host}, which is not a loopback address: add ${allowName} if you mean it`);
  }
}

/** A base URL needs the profile that says how to reach it (its apps' credentials at least). */
export function checkTargetHasProfile(names: { baseUrl: string; profile: string }, given: { baseUrl?: string; profile?: unknown }, what: string): void {
  if (given.baseUrl !== undefined && given.profile === undefined) throw new UsageError(`${names.baseUrl} needs ${names.profile} (${what})`);
}
