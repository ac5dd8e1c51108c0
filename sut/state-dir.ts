import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';
import type { Profile } from './profile.ts';

// Where what must outlive a run is kept on this machine (issue 27, items 1–3): the webhook journal of a run that
// has not confirmed its restore, and the lock that makes one run at a time the writer of a target. The XDG Base
// Directory place for state ($XDG_STATE_HOME, else ~/.local/state), as git and less keep theirs; VMP_STATE_DIR
// overrides it (the tests give each run a directory of its own).

export const STATE_DIR_ENV = 'VMP_STATE_DIR';

export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  const own = env[STATE_DIR_ENV];
  if (own) return path.resolve(own);
  const xdg = env.XDG_STATE_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(homedir(), '.local', 'state'), 'vmp-conformance');
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The base URL as the key of a target: without a trailing slash, its origin lower-cased. */
export const targetOf = (baseUrl: string): string => {
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
};

/** A target's lock key: its base URL only (one writer per target, whatever its credentials). */
export const lockKey = (baseUrl: string): string => digest(targetOf(baseUrl)).slice(0, 16);

/**
 * A journal's key: the base URL and the app whose configurations it saved, told by its credentials. A digest of
 * a digest of them, never the credentials themselves nor an encoding of them (Principle 4).
 */
export function journalKey(baseUrl: string, profile: Pick<Profile, 'apps'>): string {
  const app = profile.apps.primary;
  const credentials = digest(JSON.stringify([Object.entries(app.headers).sort(), Object.entries(app.query).sort()]));
  return digest(`${targetOf(baseUrl)}\n${credentials}`).slice(0, 16);
}
