import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../reference/server.ts';
import type { ProblemKind } from '../../simulator/problems.ts';
import { runSimulation } from '../../simulator/simulate.ts';
import type { Profile } from '../../sut/profile.ts';
import { referenceTarget, tempDir } from '../support/sim-target.ts';
import { startFaultyTarget, type Fault } from '../support/webhook-fault-proxy.ts';

// `simulate` must fail, naming the inquiry, against a target that drops, duplicates or misroutes one delivery or
// alters one resent payload (issue 6, Acceptance). The faults come from a relay between target and capture.

let server: ReferenceServer;
let profile: Profile;

beforeAll(async () => {
  ({ server, profile } = await referenceTarget());
});
afterAll(() => server.close());

const CASES: { what: string; fault: Fault; kinds: ProblemKind[] }[] = [
  { what: 'drops a delivery', fault: { kind: 'drop', nth: 7 }, kinds: ['lost'] },
  { what: 'delivers one twice', fault: { kind: 'duplicate', nth: 7 }, kinds: ['duplicated'] },
  { what: "sends one to the other app's URL", fault: { kind: 'misroute', nth: 7 }, kinds: ['misrouted', 'lost'] },
  { what: 'delivers a resend that differs from the payload resendwebhook returned', fault: { kind: 'alter-resend' }, kinds: ['mismatched'] },
];

describe('simulate against broken webhook delivery', () => {
  for (const { what, fault, kinds } of CASES) {
    it(`fails and names the inquiry when the target ${what}`, async () => {
      const faulty = await startFaultyTarget(server.url, fault);
      try {
        const { exitCode, result } = await runSimulation({
          baseUrl: faulty.url,
          profile,
          inquiries: 30,
          arrival: { kind: 'constant', ratePerSec: 300 },
          seed: 3,
          deadlineMs: 1_500,
          resend: fault.kind === 'alter-resend' ? 5 : 0,
          reportDir: await tempDir('vmp-sim-fault-'),
        });
        const sid = faulty.affectedSid();
        expect(sid).toBeDefined();
        expect(exitCode).toBe(1);
        expect(result.failing).toEqual(expect.arrayContaining(kinds));
        for (const kind of kinds) {
          const named = result.problems.filter((p) => p.kind === kind);
          expect(
            named.map((p) => p.sid),
            kind,
          ).toEqual([sid]);
          expect(named[0]!.index).toBeGreaterThanOrEqual(0);
          expect(named[0]!.phase).toBe(fault.kind === 'alter-resend' ? 'resend' : 'inject');
        }
        expect(result.restore.ok).toBe(true);
      } finally {
        await faulty.close();
      }
    });
  }
});
