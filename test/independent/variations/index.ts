import type { Mutant } from '../../mutants/fault.ts';
import type { Profile } from '../../../sut/profile.ts';
import { startReferenceServer } from '../../../reference/server.ts';
import { startIndependentServer } from '../server/server.ts';
import { VARIANTS } from '../server/variants.ts';
import { CHOICES } from './choices.ts';
import { DELIVERIES } from './deliveries.ts';
import { LINKS } from './links.ts';
import { PAGING } from './paging.ts';
import { PROBLEMS } from './problems.ts';
import { REPRESENTATION } from './representation.ts';
import { TIME } from './time.ts';
import { asMutant, TARGETS, targetOf, type Variation } from './variation.ts';

// The gallery of legal variations as batch.ts loads it (run-batch.ts `gallery`): every variation on each of its
// targets, and the fresh server of that target each one sits in front of.

export const VARIATIONS: readonly Variation[] = [...REPRESENTATION, ...LINKS, ...PROBLEMS, ...TIME, ...DELIVERIES, ...CHOICES, ...PAGING];

export const GALLERY: readonly Mutant[] = VARIATIONS.flatMap((v) => v.targets.map((t) => asMutant(v, t)));

/** Every variation is judged by the whole suite: no --only. */
export const onlyOf = (_mutant: Mutant): string | undefined => undefined;

export const freshUpstream = (profile: Profile, mutant: Mutant) => {
  const { server } = TARGETS[targetOf(mutant.name)];
  return server === 'reference' ? startReferenceServer({ profile }) : startIndependentServer(VARIANTS[server]);
};
