import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UsageError } from '../support/errors.ts';
import { lockKey, stateDir, targetOf } from './state-dir.ts';

// One target, one writer (issue 27, item 2): a command that may change a target holds a lock on this machine,
// a file in the state directory keyed by the base URL holding its pid and run id, created exclusively (O_EXCL).
// A lock whose process is gone (SIGKILL, a crash) is stale and taken over. A second command on the same target
// waits a bounded time for the lock, then stops with exit 2 naming the run that holds it.

export const LOCK_WAIT_ENV = 'VMP_LOCK_WAIT_SEC';
/** How long a second run on a target waits for the first by default: a CI job's neighbour ends in seconds. */
export const DEFAULT_LOCK_WAIT_SEC = 30;
const POLL_MS = 200;

interface LockHolder {
  pid: number;
  runId: string;
  command: string;
  baseUrl: string;
  startedAt: string;
}

/** Another run holds the target: exit 2, naming it. */
export class TargetBusyError extends UsageError {
  constructor(holder: LockHolder, waitedSec: number, file: string) {
    super(
      `another vmp-conformance ${holder.command} (run ${holder.runId}, pid ${holder.pid}, since ${holder.startedAt}) is changing ${holder.baseUrl}` +
        `${waitedSec > 0 ? `; waited ${waitedSec} s for it` : ''}: one run at a time per target (its webhook configurations are shared). ` +
        `Run again when it ends; ${LOCK_WAIT_ENV} sets how long to wait (lock: ${file})`,
      'VMP_ERR_TARGET_BUSY',
    );
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds that pid, alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readHolder(file: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

export const lockFileOf = (baseUrl: string, env?: NodeJS.ProcessEnv): string => path.join(stateDir(env), 'locks', `${lockKey(baseUrl)}.lock`);

/** The lock's wait: VMP_LOCK_WAIT_SEC, else the default. */
export function lockWaitSec(env: NodeJS.ProcessEnv = process.env): number {
  const given = env[LOCK_WAIT_ENV];
  if (given === undefined || given === '') return DEFAULT_LOCK_WAIT_SEC;
  if (!/^\d+$/.test(given)) throw new UsageError(`${LOCK_WAIT_ENV} must be a whole number of seconds, got ${JSON.stringify(given)}`);
  return Number(given);
}

// Held by this process: a command that nests another (run's inference) holds its target once.
const held = new Map<string, { count: number; runId: string }>();

export interface TargetLock {
  release(): void;
}

/**
 * Takes the target's lock for this process, waiting up to `waitSec` for another run's to go; said once on `out`
 * while waiting. Throws TargetBusyError when it does not.
 */
export async function lockTarget(o: { baseUrl: string; runId: string; command: string; waitSec?: number; out?: (line: string) => void }): Promise<TargetLock> {
  const file = lockFileOf(o.baseUrl);
  const mine = held.get(file);
  const release = (): void => {
    const h = held.get(file);
    if (!h) return;
    if (--h.count > 0) return;
    held.delete(file);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  if (mine) {
    mine.count++;
    return { release };
  }
  const waitSec = o.waitSec ?? lockWaitSec();
  const holder: LockHolder = { pid: process.pid, runId: o.runId, command: o.command, baseUrl: targetOf(o.baseUrl), startedAt: new Date().toISOString() };
  const until = Date.now() + waitSec * 1_000;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  let said = false;
  for (;;) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(holder));
      } finally {
        closeSync(fd);
      }
      held.set(file, { count: 1, runId: o.runId });
      // A process that exits on its own removes its lock (SIGKILL cannot: the next run finds it stale).
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const other = readHolder(file);
    // Stale: its process is gone, or the file was never completed (a writer killed between open and write).
    if (!other || !alive(other.pid)) {
      if (other || Date.now() - startedOf(file) > 2_000) rmSync(file, { force: true });
      else await sleep(POLL_MS);
      continue;
    }
    if (Date.now() >= until) throw new TargetBusyError(other, waitSec, file);
    if (!said) {
      said = true;
      o.out?.(`${o.command}: waiting up to ${waitSec} s for another run on ${holder.baseUrl} (${other.command}, run ${other.runId}, pid ${other.pid}) to end`);
    }
    await sleep(POLL_MS);
  }
}

function startedOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}
