import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Profile } from '../sut/profile.ts';
import { parseProfile } from '../sut/profile-load.ts';

// The embedded reference server: the default target of `run`, `simulate` and `load`.
export const DEFAULT_PROFILE_FILE = fileURLToPath(new URL('../profiles/reference.json', import.meta.url));

export async function defaultProfileJson(): Promise<unknown> {
  return JSON.parse(await readFile(DEFAULT_PROFILE_FILE, 'utf8'));
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
