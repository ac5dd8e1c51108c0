import path from 'node:path';
import { htmlReport } from '../reports/html.ts';
import { REPORT_FILES } from '../reports/write.ts';
import { renderSimulationSection } from '../simulator/simulation-html.ts';
import type { SimulationResult } from '../simulator/simulation-result.ts';
import { redact, redactDeep } from '../sut/redact.ts';
import { writeFileAtomic } from '../support/atomic-write.ts';
import type { RunOutcome } from './run-outcome.ts';

// `start`'s report.html (issue 23 §3): the conformance run's report with the traffic simulation as a section of
// its own, so the one page `npm start` points at shows both. Written over the run's report.html, as a whole: it
// describes the same run, with more.

export async function writeStartReport(run: RunOutcome, simulation: SimulationResult, secrets: readonly string[]): Promise<string> {
  const file = path.join(run.reportDir, REPORT_FILES.html);
  const section = { id: 'simulation', label: 'Traffic simulation', html: renderSimulationSection(redactDeep(simulation, secrets)) };
  await writeFileAtomic(file, redact(htmlReport(redactDeep(run.result, secrets), [section]), secrets));
  return file;
}
