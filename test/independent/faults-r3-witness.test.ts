import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../sut/profile.ts';
import type { Fault } from '../mutants/fault.ts';
import { startMutantProxy } from '../mutants/proxy.ts';
import { loadProfile } from '../mutants/run-cli.ts';
import { R3_FAULTS } from './faults-r3/index.ts';
import type { Witness } from './faults-r3/r3.ts';
import { WitnessClient } from './faults-r3/witness-client.ts';
import { SECRETS } from './secrets.ts';
import { startIndependentServer } from './server/server.ts';
import { VARIANTS } from './server/variants.ts';

// Proof that every fault of the round-3 gallery fires, without a conformance run: its witness (a few requests
// through the proxy as the profile's apps) sees nothing wrong in front of the plain independent server and sees
// the violation the fault describes in front of the faulty one. Each side starts on a fresh server.

const HERE = path.dirname(fileURLToPath(import.meta.url));
let profile: Profile;
let spec: string;

/** What the witness sees through a proxy applying `fault` in front of a fresh independent server. */
async function witnessed(witness: Witness, fault: Fault): Promise<{ finding: string | undefined; faultErrors: readonly string[] }> {
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

beforeAll(async () => {
  Object.assign(process.env, SECRETS);
  profile = await loadProfile(path.join(HERE, 'profile.json'));
  spec = (await readFile(path.join(HERE, '../../spec/partner-api-v3.txt'), 'utf8')).replace(/\s+/g, ' ');
});

describe('round-3 gallery: every fault has a witness that tells it from the plain server', () => {
  it('has at least 70 faults, each named once, quoting the spec verbatim and saying why', () => {
    expect(R3_FAULTS.length).toBeGreaterThanOrEqual(Number(process.env.R3_MIN ?? 70));
    const names = R3_FAULTS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of R3_FAULTS) {
      expect(f.name, f.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(spec.includes(f.says.replace(/\s+/g, ' ')), `${f.name}: says is not words of the spec`).toBe(true);
      expect(f.why.length, f.name).toBeGreaterThan(20);
    }
  });

  it.each(R3_FAULTS.map((f) => [f.name, f] as const))('%s', async (_name, f) => {
    const plain = await witnessed(f.witness, {});
    expect(plain.finding, 'the plain server must honour the statement').toBeUndefined();
    const faulty = await witnessed(f.witness, f.fault);
    expect(faulty.faultErrors, 'the fault threw').toEqual([]);
    expect(faulty.finding, 'the faulty server must show the fault').toBeTypeOf('string');
    if (process.env.VMP_R3_VERBOSE) console.log(`${f.name}: ${faulty.finding}`);
  });
});
