// Runs the busy suite (busy.suite.ts) as `run` runs the real ones — the CLI's signal handling (cli/interrupt.ts),
// its deadline, its reports — against BASE_URL with the profile in PROFILE_FILE, and prints one JSON line when
// it is done: the outcome, and how long it took. The process then ends as the CLI's does.
// Usage: node --import tsx busy-run.ts BASE_URL PROFILE_FILE REPORT_DIR MAX_DURATION_S
import { loadProfile } from '../../../api/profile.ts';
import { runDeadline } from '../../../api/run-deadline.ts';
import { runAgainst } from '../../../api/run-suites.ts';
import { Interrupt } from '../../../cli/interrupt.ts';

const [baseUrl, profileFile, reportDir, seconds] = process.argv.slice(2);
const started = performance.now();
const profile = await loadProfile(profileFile!);
const interrupt = new Interrupt('run', (line) => console.log(line));
const outcome = await runAgainst({
  baseUrl: baseUrl!,
  profile,
  embedded: false,
  seed: 1,
  numRuns: 1,
  timeoutMs: 2_000,
  readOnly: false,
  reportDir: reportDir!,
  files: ['test/hostile/support/busy.suite.ts'],
  deadline: runDeadline(Math.floor(performance.timeOrigin), Number(seconds)),
  interrupt,
  out: (line) => console.log(line),
});
interrupt.dispose();
const exitCode = interrupt.which ? interrupt.exitCode : outcome.exitCode;
console.log(JSON.stringify({ done: true, exitCode, ms: performance.now() - started, workerStopped: outcome.workerStopped }));
process.exitCode = exitCode;
if (interrupt.which || outcome.workerStopped) setTimeout(() => process.exit(exitCode), 1_000).unref();
