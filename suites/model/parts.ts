import { FOLDED, LOOKUP_RULE, MODIFICATIONS_RULE, READS_RULE } from './matrix.ts';
import { DELIVERY_RULE, runDeliveryPart } from './part-deliveries.ts';
import { runSequencePart } from './part-sequences.ts';
import { READ_PART_RULES, runReadPart } from './part-reads.ts';
import { runWritePart, WRITE_PART_RULES } from './part-writes.ts';
import type { Part, PartBodies } from './run.ts';
import type { ModelRunner } from './runner.ts';

// What each part of the model run does, when it may run, and which rules it has instances of.

const BODIES: Record<Part, (r: ModelRunner) => Promise<unknown>> = {
  reads: runReadPart,
  writes: runWritePart,
  deliveries: runDeliveryPart,
  sequences: runSequencePart,
};

const RULES: Record<Part, readonly string[]> = {
  reads: READ_PART_RULES,
  writes: [...Object.values(FOLDED), READS_RULE, MODIFICATIONS_RULE, LOOKUP_RULE, ...WRITE_PART_RULES],
  deliveries: [DELIVERY_RULE],
  sequences: ['model/command-sequences', 'model/refused-write-unchanged', 'model/write-neighbours-unchanged'],
};

export const PART_BODIES: PartBodies = {
  async run(part, r) {
    await BODIES[part](r);
  },
  unavailable(part, r) {
    if (part === 'reads') return undefined;
    if (r.ctx.readOnly) return `read-only run: the model run's ${part} change the target`;
    if (r.ctx.profile.simulationHooks === null)
      return 'the profile has no simulation hooks (simulationHooks is null): the run cannot make the agencies and inquiries this part needs';
    return part === 'deliveries' ? r.session.unreachable() : undefined;
  },
  rules: (part) => RULES[part],
};
