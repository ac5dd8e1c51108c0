// The callback URLs a run gives a target carry its run id in one path segment, `vmp-run-<id>` (issue 27, item 2):
// a topic that points at such a URL holds a run's temporary value, never the user's, and which run's it is can
// be told. The segment sits before the callback's own name, so a delivery's path still ends with that name.

const SEGMENT = 'vmp-run-';
const MARKED = /\/vmp-run-([A-Za-z0-9_-]+)(?=[/?#]|$)/;

/** The path segment that marks a run's callback URLs. */
export const runSegment = (runId: string): string => `${SEGMENT}${runId}`;

/** The run whose callback URL this is, or undefined when it is not one of this tool's. */
export function runOf(url: string | undefined): string | undefined {
  return url === undefined ? undefined : MARKED.exec(url)?.[1];
}

/**
 * The longest run id a command makes (api/run-id.ts and its peers: a letter, the epoch milliseconds in base 36,
 * eight digits until 2059, and up to four random ones): what init fills `{{runId}}` with to verify a template,
 * so that a template it verified is valid for every run (issue 28 §4).
 */
export const RUN_ID_MAX_LENGTH = 13;

/** `runId` made as long as the longest run id, keeping its own characters first (still told apart as this one's). */
export const longestRunId = (runId: string): string => runId.padEnd(RUN_ID_MAX_LENGTH, 'z').slice(0, Math.max(RUN_ID_MAX_LENGTH, runId.length));
