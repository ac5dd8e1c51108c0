import { UsageError } from '../support/errors.ts';
import { fixtureAgency, prepareTarget } from '../sut/prepare.ts';
import { TargetClient } from '../sut/client.ts';
import type { Fixtures } from '../sut/discovery.ts';
import type { Profile } from '../sut/profile.ts';
import { secretsOf } from '../sut/secrets.ts';
import { buildMix, readSamples, type Mix } from './load-mix.ts';
import type { TransportSettings } from '../sut/transport.ts';

/** A --mix that sends nothing this target can answer (a UsageError: the CLI exits 2). */
export class MixError extends UsageError {
  constructor(message: string) {
    super(message, 'VMP_ERR_MIX');
  }
}

// The mix `load` sends to one target, and its k6 export too (k6-export.ts): the fixtures discovered (or given),
// the samples read from them, the --mix weights applied and checked against what this target can be sent.

export interface TargetMixOptions {
  baseUrl: string;
  profile: Profile;
  timeoutMs: number;
  transport?: TransportSettings;
  fixtures?: Fixtures;
  mixWeights?: Readonly<Record<string, number>>;
}

/** --mix names must be operations this target can be sent (exit 2 otherwise, naming them). */
function checkMixNames(weights: Readonly<Record<string, number>>, mix: Mix): void {
  const built = new Set(mix.operations.flatMap((o) => [o.id, o.endpointId]));
  for (const name of Object.keys(weights)) {
    if (built.has(name) || weights[name] === 0) continue;
    const skipped = mix.skipped.find((s) => s.endpointId === name.split(':')[0]);
    throw new MixError(`--mix names '${name}', which ${skipped ? `cannot be sent to this target: ${skipped.reason}` : 'is no GET operation of the catalog'}`);
  }
  if (mix.operations.length === 0) throw new MixError('--mix gives no operation a weight above 0');
}

export async function targetMix(o: TargetMixOptions): Promise<Mix> {
  const secrets = secretsOf(o.profile);
  const reach = { baseUrl: o.baseUrl, profile: o.profile, timeoutMs: o.timeoutMs, secrets, transport: o.transport };
  const fixtures = o.fixtures ?? (await prepareTarget(new TargetClient(reach)));
  const client = new TargetClient(reach);
  let mix: Mix;
  try {
    mix = buildMix(client, await readSamples(client, fixtures, fixtureAgency(fixtures, 'load')), o.mixWeights);
  } finally {
    await client.close();
  }
  if (o.mixWeights) checkMixNames(o.mixWeights, mix);
  return mix;
}
