import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTROL, R3_FAULTS } from './faults-r3/index.ts';
import { describeMeasurement } from './measure-suite.ts';

// The round-3 outsider gallery measured (measure-suite.ts): each fault in front of a fresh independent server gets
// a whole conformance run — no --only, since an outsider does not know which rule judges what.
//   VMP_R3_FAULTS=all npx vitest run test/independent/faults-r3.test.ts   (every fault; takes a while)
//   VMP_R3_FAULTS=name,name npx vitest run test/independent/faults-r3.test.ts   (those faults, as measured)
// By default every 36th fault at --runs 5 (it shows the runner works); VMP_R3_RUNS=N changes --runs.

describeMeasurement({
  label: 'round-3',
  faults: R3_FAULTS,
  control: CONTROL,
  module: path.join(path.dirname(fileURLToPath(import.meta.url)), 'faults-r3/index.ts'),
  choice: process.env.VMP_R3_FAULTS,
  runs: process.env.VMP_R3_RUNS,
  sampleEvery: 36,
});
