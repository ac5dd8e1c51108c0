import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../reference/server.ts';
import type { ProblemKind } from '../../simulator/problems.ts';
import { runSimulation } from '../../simulator/simulate.ts';
import { summaryLines } from '../../simulator/simulation-result.ts';
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

/** A short simulation against the faulty target: 30 (or n) inquiries at 300/s, a tight deadline, `resend` resends. */
const simulateAgainst = async (url: string, resend: number, inquiries = 30) =>
  runSimulation({
    baseUrl: url,
    profile,
    inquiries,
    arrival: { kind: 'constant', ratePerSec: 300 },
    seed: 3,
    deadlineMs: 1_500,
    resend,
    reportDir: await tempDir('vmp-sim-fault-'),
  });

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
        const { exitCode, result } = await simulateAgainst(faulty.url, fault.kind === 'alter-resend' ? 5 : 0);
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

describe('a simulation that fails everywhere leads with the root cause (issue 23 §2)', () => {
  it('every delivery misrouted: "N of N misrouted", the injected stream and the resends counted apart', async () => {
    const faulty = await startFaultyTarget(server.url, { kind: 'misroute-all' });
    try {
      const { exitCode, result } = await simulateAgainst(faulty.url, 5, 20);
      expect(exitCode).toBe(1);
      expect(result.rootCause).toBe("20 of 20 injected inquiries delivered to another app's callback (misrouted); the 20 lost follow from it");
      expect(result.countsByPhase.inject).toMatchObject({ misrouted: 20, lost: 20 });
      expect(result.countsByPhase.resend).toMatchObject({ lost: 5 });
      const lines = summaryLines(result);
      expect(lines[0]).toBe(`simulate: root cause: ${result.rootCause}`);
      expect(lines[1]).toBe('simulate: 0/20 injected inquiries delivered; lost 20, duplicated 0, late 0, misrouted 20, mismatched 0');
      expect(lines.find((l) => l.startsWith('simulate: resendwebhook:'))).toMatch(/^simulate: resendwebhook: 0\/5 .*; lost 5, /);
    } finally {
      await faulty.close();
    }
  });
});
