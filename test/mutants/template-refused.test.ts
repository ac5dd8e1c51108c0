import { describe, expect, it } from 'vitest';
import { freshReference, loadProfile, pool, QUERY_PROFILE_FILE, runCli } from './run-cli.ts';

// Issue 28 §4: a 400 the profile's own template caused is a profile error naming the member, never a target
// failure. The reference server started with the query profile's choices but a number for AgenciaEdit's Horario
// refuses the object the profile's template writes there (400 keyed Horario), before it looks at the agency: every
// edit the run sends, its own agencies' and the foreign ones it expects 403 for, meets that 400. Only the templates'
// own rule may fail, the model's command sequences (whose shrinking keeps whatever fails) included.

const SEEDS = [1, 2];

describe('a target that refuses a template member', () => {
  it('fails profile/templates-accepted, naming the member, and no other rule', async () => {
    const profile = await loadProfile(QUERY_PROFILE_FILE);
    const edit = profile.templates.agenciaEdit;
    expect(edit?.Horario, 'the query profile writes an object into Horario').toBeTypeOf('object');
    const runs = await pool(SEEDS, 2, async (seed) => {
      const reference = await freshReference({ ...profile, templates: { ...profile.templates, agenciaEdit: { ...edit, Horario: 1 } } });
      try {
        return await runCli({ baseUrl: reference.url, profileFile: QUERY_PROFILE_FILE, seed, timeoutMs: 20_000, killAfterMs: 180_000 });
      } finally {
        await reference.close();
      }
    });
    for (const run of runs) {
      const failed = run.rules.filter((r) => r.verdict === 'fail');
      expect(
        failed.map((r) => `${r.id}: ${r.message ?? ''}`),
        run.tail,
      ).toEqual([expect.stringMatching(/^profile\/templates-accepted: .*templates\.agenciaEdit\.Horario/)]);
      expect(run.code).toBe(1);
    }
  }, 240_000);
});
