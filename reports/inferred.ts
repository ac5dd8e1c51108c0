// One line per profile value the run (or `init`) inferred from the target: `topics.inquiry = "consultas" (inferred:
// a resent inquiry webhook …)`, the same on the console, in summary.md and in report.html.

export interface InferredValue {
  key: string;
  value: unknown;
  how: string;
}

/** Values longer than this are cut on the console and in the summaries (results.json keeps them whole). */
const MAX_VALUE_CHARS = 160;

/** "inferred: how", or the how itself when the value was chosen rather than inferred (the invitation domain). */
export const noteOf = (f: InferredValue): string => (f.how.startsWith('chosen') ? f.how : `inferred: ${f.how}`);

export function inferredText(f: InferredValue): string {
  const value = JSON.stringify(f.value) ?? 'undefined';
  return `${f.key} = ${value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value} (${noteOf(f)})`;
}
