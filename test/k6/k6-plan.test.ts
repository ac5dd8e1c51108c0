import { readdir } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultProfileJson, startEmbedded, type Embedded } from '../../api/embedded.ts';
import { exportK6, SecretInExportError } from '../../simulator/k6-export.ts';
import { credentialTemplates, envNameFor } from '../../simulator/k6-plan.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import { tempDir } from '../support/sim-target.ts';

// The credentials of an export: k6 environment variables, never values — the profile's own `${NAME}` references
// where it has them, a variable named for the header otherwise — and an export that would carry one is refused.

const withHeaders = async (headers: Record<string, string>): Promise<Record<string, unknown>> => {
  const json = (await defaultProfileJson()) as { apps: Record<string, unknown> };
  return { ...json, apps: { ...json.apps, primary: { headers } } };
};

describe('credential headers of a k6 export', () => {
  it("keep the profile's ${NAME} references, and name a variable for a value written in the profile", async () => {
    const json = await withHeaders({ Authorization: 'Bearer ${PARTNER_TOKEN}', 'X-Api-Key': 'k-123456', 'X-Tenant': '${TENANT}-ar' });
    const profile = parseProfile(json, { PARTNER_TOKEN: 'tok-abcdef', TENANT: 'acme' });
    expect(credentialTemplates(profile, json)).toEqual({
      Authorization: 'Bearer ${PARTNER_TOKEN}',
      'X-Api-Key': '${VMP_PRIMARY_X_API_KEY}',
      'X-Tenant': '${TENANT}-ar',
    });
    expect(envNameFor('authorization')).toBe('VMP_PRIMARY_AUTHORIZATION');
  });
});

describe('an export that would write a credential', () => {
  let embedded: Embedded | undefined;
  afterAll(async () => {
    await embedded?.close();
  });

  it('is refused before anything is written', async () => {
    // A token equal to the fixture agency's e-mail: the paths of the mix would carry it (percent-encoded).
    const profileJson = await withHeaders({ Authorization: 'Bearer admin@autosdelsur.example' });
    embedded = await startEmbedded({ profileJson });
    const dir = await tempDir('vmp-k6-secret-');
    await expect(
      exportK6({
        dir,
        baseUrl: embedded.baseUrl,
        profile: embedded.profile,
        profileJson,
        timeoutMs: 5_000,
        durationSec: 5,
        model: { kind: 'closed', connections: 1 },
        thresholds: [],
        validateEvery: 100,
        seed: 1,
      }),
    ).rejects.toThrow(SecretInExportError);
    expect(await readdir(dir)).toEqual([]);
  }, 60_000);
});
