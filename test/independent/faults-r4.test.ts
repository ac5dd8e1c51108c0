import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTROL, R4_FAULTS } from './faults-r4/index.ts';
import { describeMeasurement } from './measure-suite.ts';

// The round-4 outsider gallery measured (measure-suite.ts): a whole conformance run per fault.
//   VMP_R4_FAULTS=all npx vitest run test/independent/faults-r4.test.ts   (every fault: the measurement, minutes)
//   VMP_R4_FAULTS=name,name npx vitest run test/independent/faults-r4.test.ts   (those faults, as measured)
// By default every 30th fault at --runs 5 (it shows the runner works); VMP_R4_RUNS=N changes --runs.

describeMeasurement({
  label: 'round-4',
  faults: R4_FAULTS,
  control: CONTROL,
  module: path.join(path.dirname(fileURLToPath(import.meta.url)), 'faults-r4/index.ts'),
  choice: process.env.VMP_R4_FAULTS,
  runs: process.env.VMP_R4_RUNS,
  sampleEvery: 30,
});
