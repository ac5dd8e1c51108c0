// One line per profile value the run (or `init`) inferred from the target: `topics.inquiry = "consultas" (inferred:
// a resent inquiry webhook …)`, the same on the console, in summary.md and in report.html.

export interface InferredValue {
  key: string;
  value: unknown;
  how: string;
  /** Parts no probe verified, by dotted key: why (issue 21). */
  unverified?: Record<string, string>;
}

/** Values longer than this are cut on the console and in the summaries (results.json keeps them whole). */
const MAX_VALUE_CHARS = 160;

/** "inferred: how", or the how itself when the value was chosen rather than inferred (the invitation domain). */
export const noteOf = (f: InferredValue): string => (f.how.startsWith('chosen') ? f.how : `inferred: ${f.how}${unverifiedText(f)}`);

/** "; UNVERIFIED: why" for a value no probe verified; "; UNVERIFIED: codename, name" for parts of it (each has its own note). */
export function unverifiedText(f: InferredValue): string {
  const marks = Object.entries(f.unverified ?? {});
  const whole = marks.find(([key]) => key === f.key);
  if (whole) return `; UNVERIFIED: ${whole[1]}`;
  return marks.length > 0 ? `; UNVERIFIED: ${marks.map(([key]) => key.slice(f.key.length + 1)).join(', ')}` : '';
}

/** The notes of a value's unverified parts: `catalogKeys.marcas.codename UNVERIFIED: why`. */
export const unverifiedParts = (f: InferredValue): string[] =>
  Object.entries(f.unverified ?? {}).flatMap(([key, why]) => (key === f.key ? [] : [`${key} UNVERIFIED: ${why}`]));

export function inferredText(f: InferredValue): string {
  const value = JSON.stringify(f.value) ?? 'undefined';
  return `${f.key} = ${value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value} (${noteOf(f)})`;
}
