import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Profile } from '../sut/profile.ts';
import { parseProfile } from '../sut/profile-load.ts';
import { secretsOf } from '../sut/secrets.ts';
import { PACKAGE_ROOT } from '../support/package-root.ts';

// The embedded reference server: the default target of `run`, `simulate` and `load`.
// profiles/ lives once, at the package root (shipped beside dist/), for the sources and the build alike.
export const DEFAULT_PROFILE_FILE = path.join(PACKAGE_ROOT, 'profiles/reference.json');

export async function defaultProfileJson(): Promise<unknown> {
  return JSON.parse(await readFile(DEFAULT_PROFILE_FILE, 'utf8'));
}

/** The embedded server's credentials (its default profile's): redacted from what is written of a run against it. */
export async function embeddedSecrets(): Promise<string[]> {
  return secretsOf(parseProfile(await defaultProfileJson()));
}

export interface Embedded {
  baseUrl: string;
  profile: Profile;
  close(): Promise<void>;
}

export async function startEmbedded(options: { today?: string; seed?: number; profileJson?: unknown } = {}): Promise<Embedded> {
  const json = options.profileJson ?? (await defaultProfileJson());
  const base = parseProfile(json);
  const profile: Profile = options.today ? { ...base, today: options.today } : base;
  // Loaded only here: a command pointed at another target (`load --base-url`) need not compile the server.
  const { startReferenceServer } = await import('../reference/server.ts');
  const server = await startReferenceServer({
    profile,
    ...(options.today ? { today: options.today } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  });
  return { baseUrl: server.url, profile, close: () => server.close() };
}
