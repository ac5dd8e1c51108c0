import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import type { Profile } from '../../sut/profile.ts';
import { loadProfile } from '../../sut/profile-load.ts';

// A reference server on the real clock (the simulator writes Momento from the clock) for simulate/load tests.

export const REFERENCE_PROFILE = fileURLToPath(new URL('../../profiles/reference.json', import.meta.url));

export async function referenceTarget(tweak: (p: Profile) => Profile = (p) => p): Promise<{ server: ReferenceServer; profile: Profile }> {
  const profile = tweak(await loadProfile(REFERENCE_PROFILE));
  return { server: await startReferenceServer({ profile }), profile };
}

export const tempDir = (prefix: string): Promise<string> => mkdtemp(path.join(tmpdir(), prefix));
