// Text a target controls may be as long as the body cap allows (5 MiB): where it is shown to a person — a console
// line, a cell of the job summary — it is cut to a readable length, saying how much was left out. results.json
// and report.html keep it whole.

/** `text`, or its first `max` characters and how many more there were. */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/**
 * The first `max` characters of `text` as a string of their own. V8 makes a slice of a long string a view that
 * keeps the whole string alive, so an excerpt kept as evidence (an exchange's, a delivery's) would hold every
 * megabyte of the body it was cut from for as long as the run keeps the evidence. structuredClone copies the
 * characters as they are (a lone surrogate at the cut included).
 */
export function excerptOf(text: string, max: number): string {
  return text.length <= max ? text : structuredClone(text.slice(0, max));
}
