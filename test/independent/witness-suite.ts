import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../sut/profile.ts';
import type { Fault } from '../mutants/fault.ts';
import { startMutantProxy } from '../mutants/proxy.ts';
import { loadProfile } from '../mutants/run-cli.ts';
import type { R3Fault, Witness } from './faults-r3/r3.ts';
import { WitnessClient } from './faults-r3/witness-client.ts';
import { SECRETS } from './secrets.ts';
import { startIndependentServer } from './server/server.ts';
import { VARIANTS } from './server/variants.ts';

// The proof that each fault of an outsider gallery fires, as a vitest suite any round's gallery can declare:
// its witness sees nothing wrong in front of the plain independent server (a fresh one) and sees the violation
// in front of the faulty one; every fault quotes the spec verbatim and says why it is a fault.

const INDEPENDENT = path.dirname(fileURLToPath(import.meta.url));

/** What `witness` sees through a proxy applying `fault` in front of a fresh independent server. */
async function seen(profile: Profile, witness: Witness, fault: Fault): Promise<{ finding: string | undefined; faultErrors: readonly string[] }> {
  const server = await startIndependentServer(VARIANTS.indep);
  const proxy = await startMutantProxy({ upstream: server.url, profile, fault });
  const client = new WitnessClient(proxy.url, profile);
  try {
    return { finding: await witness(client), faultErrors: proxy.faultErrors };
  } finally {
    await client.close();
    await proxy.close();
    await server.close();
  }
}

export function describeWitnesses(label: string, faults: readonly R3Fault[], o: { min: number; verbose?: boolean }): void {
  let profile: Profile;
  let spec: string;

  beforeAll(async () => {
    Object.assign(process.env, SECRETS);
    profile = await loadProfile(path.join(INDEPENDENT, 'profile.json'));
    spec = (await readFile(path.join(INDEPENDENT, '../../spec/partner-api-v3.txt'), 'utf8')).replace(/\s+/g, ' ');
  });

  describe(`${label}: every fault has a witness that tells it from the plain server`, () => {
    it(`has at least ${o.min} faults, each named once, quoting the spec verbatim and saying why`, () => {
      expect(faults.length).toBeGreaterThanOrEqual(o.min);
      expect(new Set(faults.map((f) => f.name)).size).toBe(faults.length);
      for (const f of faults) {
        expect(f.name, f.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(spec.includes(f.says.replace(/\s+/g, ' ')), `${f.name}: says is not words of the spec`).toBe(true);
        expect(f.why.length, f.name).toBeGreaterThan(20);
      }
    });

    it.each(faults.map((f) => [f.name, f] as const))('%s', async (_name, f) => {
      expect((await seen(profile, f.witness, {})).finding, 'the plain server must honour the statement').toBeUndefined();
      const faulty = await seen(profile, f.witness, f.fault);
      expect(faulty.faultErrors, 'the fault threw').toEqual([]);
      expect(faulty.finding, 'the faulty server must show the fault').toBeTypeOf('string');
      if (o.verbose) console.log(`${f.name}: ${faulty.finding}`);
    });
  });
}
