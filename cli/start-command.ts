import { LOCAL_CAPTURE } from '../api/profile.ts';
import { embeddedSecrets } from '../api/embedded.ts';
import { executeSimulation, type SimulationResult } from '../api/simulate.ts';
import { writeStartReport } from '../api/start-report.ts';
import type { RunOutcome } from '../api/run-outcome.ts';
import { integerFlag, parseFlags, reportDirFlag } from './flags.ts';
import { DEFAULT_REPORT_DIR, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, executeRun, randomSeed } from '../api/run.ts';
import { RANGES } from '../api/option-checks.ts';

// `vmp-conformance start` (= `npm start`): the main job against the embedded reference server with the
// defaults, as a list of steps run in order; it ends with one report.html holding every step (the run's report
// with the simulation's section) and says where it is. The exit code is the worst step's, so a later step (the
// simulation) cannot hide a conformance failure, nor the reverse.

interface StartSettings {
  reportDir: string;
  seed?: number;
}

/** What the steps produced, for the report that joins them. */
interface Produced {
  run?: RunOutcome;
  simulation?: SimulationResult;
}

interface Step {
  name: string;
  run(settings: StartSettings, out: (line: string) => void, produced: Produced): Promise<number>;
}

const conformance: Step = {
  name: 'conformance suites',
  async run(s, out, produced) {
    produced.run = await executeRun(
      {
        reportDir: s.reportDir,
        seed: s.seed ?? randomSeed(),
        numRuns: DEFAULT_RUNS,
        timeoutMs: DEFAULT_TIMEOUT_MS,
        readOnly: false,
        capture: LOCAL_CAPTURE,
        discardUnrestorableWebhooks: false,
      },
      out,
    );
    return produced.run.exitCode;
  },
};

/** Issue 6, Acceptance: `npm start` includes a short simulation against the embedded server, all delivered. */
const simulation: Step = {
  name: 'traffic simulation (200 inquiries)',
  async run(s, out, produced) {
    const { exitCode, result } = await executeSimulation(
      {
        inquiries: 200,
        arrival: { kind: 'constant', ratePerSec: 200 },
        seed: s.seed ?? randomSeed(),
        deadlineMs: 10_000,
        reportDir: s.reportDir,
        reportHtml: false,
      },
      {},
      out,
    );
    produced.simulation = result;
    return exitCode;
  },
};

/** The steps of `npm start`, in order. */
export const START_STEPS: Step[] = [conformance, simulation];

const OPTIONS = {
  'report-dir': { type: 'string', default: DEFAULT_REPORT_DIR },
  seed: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const START_USAGE = [
  'Usage: vmp-conformance start [--report-dir DIR] [--seed N]',
  'What `npm start` runs against the embedded reference server: the conformance suites, then a 200-inquiry simulation;',
  `writes the reports into --report-dir (default ${DEFAULT_REPORT_DIR}), report.html with both, and says where it is. Exit code: the worst step's.`,
];

export async function startCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseFlags({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  if (values.help) {
    for (const line of START_USAGE) out(line);
    return 0;
  }
  const settings: StartSettings = {
    reportDir: await reportDirFlag('report-dir', values['report-dir']),
    ...(values.seed !== undefined ? { seed: integerFlag('seed', values.seed, ...RANGES.seed) } : {}),
  };
  let exitCode = 0;
  const produced: Produced = {};
  for (const step of START_STEPS) {
    out(`== ${step.name}`);
    exitCode = Math.max(exitCode, await step.run(settings, out, produced));
  }
  out('');
  if (produced.run) {
    const report = produced.simulation ? await writeStartReport(produced.run, produced.simulation, await embeddedSecrets()) : produced.run.reportFiles.html;
    out(`HTML report: ${report}`);
  }
  return exitCode;
}
