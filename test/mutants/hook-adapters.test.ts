import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../api/index.ts';
import type { ReferenceServer } from '../../reference/server.ts';
import { readProfileJson } from '../../sut/profile-load.ts';
import { REFERENCE_PROFILE, tempDir } from '../support/sim-target.ts';
import { shellHooks, staffCredentials, startStaffServer, type StaffMode } from '../support/staff-hooks.ts';

// Adapter mutants (issue 29 item 10): the server is correct and the target's own hooks misbehave — a command that
// exits 0 having made nothing, or that acts as the other app than the run asked for. A hook is a set-up, not a
// statement of the spec, so what it gets wrong is the profile's problem: the checks that needed it skip, naming
// the hook, and no rule fails the target. But for one: a registration hook that says it completed an invitation
// and did not cannot be told from a target whose own way of completing it does not, and the rules that need the
// registered agency fail (docs/simulation-hooks.md says so). The server is the test server of
// test/sut/hooks-adapters.test.ts (this tool's hooks at a path no profile names), each mutant on a fresh one.

interface AdapterMutant {
  name: string;
  inquiry: StaffMode;
  registration: StaffMode;
  /** The run's --only: the areas that read what the hook made. */
  only: string;
  /** A profile problem (every hook-dependent check skips naming the hook), or rules that fail. */
  expected: { problem: RegExp } | { fails: readonly string[] };
}

const MUTANTS: AdapterMutant[] = [
  {
    name: 'an inquiry hook that exits 0 and prints the Location of an inquiry it never made',
    inquiry: 'lie',
    registration: 'ok',
    only: 'events/*,agencias/*',
    expected: {
      problem: /to make the inquiry it named, \w+, readable by sid as app primary; GET \S+ answered 404: the hook said it made an inquiry it did not make/,
    },
  },
  {
    name: 'hooks that act as the other app than the run asked for',
    inquiry: 'other-app',
    registration: 'other-app',
    only: 'events/*,lifecycle/*',
    expected: { problem: /the hooks command sh \S+ … to succeed/ },
  },
  {
    name: 'a registration hook that exits 0 having completed nothing',
    inquiry: 'ok',
    registration: 'lie',
    only: 'lifecycle/*',
    expected: { fails: ['lifecycle/invitation-state-after-registration', 'lifecycle/registered-invitation-409'] },
  },
];

let base: Record<string, unknown>;
let dir: string;
const saved = { ...process.env };

beforeAll(async () => {
  base = (await readProfileJson(REFERENCE_PROFILE)) as Record<string, unknown>;
  delete base.$schema;
  dir = await tempDir('vmp-adapter-mutants-');
  await staffCredentials();
});
afterAll(async () => {
  process.env = saved;
  await rm(dir, { recursive: true, force: true });
});

describe('adapter mutants: the target’s own hooks misbehave, the server is correct', () => {
  for (const [i, m] of MUTANTS.entries())
    it(m.name, async () => {
      let server: ReferenceServer | undefined;
      try {
        server = await startStaffServer();
        const outcome = await runConformance({
          baseUrl: server.url,
          profile: { ...base, simulationHooks: shellHooks(m.inquiry, m.registration) },
          only: m.only,
          seed: 7,
          runs: 5,
          reportDir: `${dir}/${i}`,
        });
        const rules = outcome.result.rules;
        const failed = rules.filter((r) => r.verdict === 'fail').map((r) => r.id);
        const expected = m.expected;
        if ('problem' in expected) {
          expect(failed).toEqual([]);
          expect(outcome.exitCode).toBe(0);
          expect(rules.filter((r) => expected.problem.test(r.skipReason ?? '')).length).toBeGreaterThan(0);
        } else {
          expect(failed).toEqual(expect.arrayContaining([...expected.fails]));
          expect(outcome.exitCode).toBe(1);
        }
      } finally {
        await server?.close();
      }
    }, 120_000);
});
