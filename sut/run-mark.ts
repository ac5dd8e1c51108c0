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
