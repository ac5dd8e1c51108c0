import { R4_FAULTS } from './faults-r4/index.ts';
import { describeWitnesses } from './witness-suite.ts';

// Proof that every fault of the round-4 gallery fires, without a conformance run (witness-suite.ts):
// R4_MIN lowers the size bound while a fault is worked on; VMP_R4_VERBOSE prints each finding.

describeWitnesses('round-4 gallery', R4_FAULTS, { min: Number(process.env.R4_MIN ?? 40), verbose: Boolean(process.env.VMP_R4_VERBOSE) });
