// Runs the stuck suite (stuck.suite.ts) against the reference server, with the test secrets as its credentials,
// with a deadline `seconds` from now, and prints the outcome as one JSON line.
// Usage: node --import tsx stuck-run.ts REPORT_DIR SECONDS
import { runDeadline } from '../../../api/run-deadline.ts';
import { runAgainst } from '../../../api/run-suites.ts';
import { secretProfileJson, startSecretReference } from './secret-target.ts';

const [reportDir, seconds] = process.argv.slice(2);
const embedded = await startSecretReference(await secretProfileJson());
const started = performance.now();
const outcome = await runAgainst({
  baseUrl: embedded.baseUrl,
  profile: embedded.profile,
  embedded: true,
  seed: 1,
  numRuns: 1,
  timeoutMs: 1_000,
  readOnly: true,
  only: 'home/etag-present',
  reportDir: reportDir!,
  files: ['test/hostile/support/stuck.suite.ts'],
  deadline: runDeadline(Date.now(), Number(seconds)),
  out: () => undefined,
});
await embedded.close();
// A pipe's writes are asynchronous: exit only once the whole line is out (past 64 KiB it would be cut).
process.stdout.write(`${JSON.stringify({ exitCode: outcome.exitCode, ms: performance.now() - started, result: outcome.result })}\n`, () => process.exit(0));
