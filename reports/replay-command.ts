import path from 'node:path';
import { shellWord } from '../sut/curl.ts';
import type { RunResult } from './results.ts';

// The replay command every report prints for a failure (issue 23 §2): it must run as printed, from where the run
// was started. `replay` reads ./vmp-report/results.json unless told otherwise, so a run that wrote elsewhere
// prints --from; the target and profile come from results.json itself (target.baseUrl, target.profileFile).

/** Where `run` writes its reports, and where `replay` looks for results.json, by default. */
export const DEFAULT_REPORT_DIR = 'vmp-report';

/** A path as the user would type it from the working directory: relative below it, absolute elsewhere. */
function typed(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

export function replayCommand(result: Pick<RunResult, 'reportDir'>, failureId: string): string {
  const dir = result.reportDir;
  const from = dir && path.resolve(dir) !== path.resolve(DEFAULT_REPORT_DIR) ? ` --from ${shellWord(typed(path.join(dir, 'results.json')))}` : '';
  return `npx vmp-conformance replay ${failureId}${from}`;
}
