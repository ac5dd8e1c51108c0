import { R3_FAULTS } from './faults-r3/index.ts';
import { describeWitnesses } from './witness-suite.ts';

// Proof that every fault of the round-3 gallery fires, without a conformance run (witness-suite.ts): its witness
// sees nothing wrong in front of the plain independent server and sees the violation in front of the faulty one.
// R3_MIN lowers the size bound while a fault is worked on; VMP_R3_VERBOSE prints each finding.

describeWitnesses('round-3 gallery', R3_FAULTS, { min: Number(process.env.R3_MIN ?? 70), verbose: Boolean(process.env.VMP_R3_VERBOSE) });
