// Text a target controls may be as long as the body cap allows (5 MiB): where it is shown to a person — a console
// line, a cell of the job summary — it is cut to a readable length, saying how much was left out. results.json
// and report.html keep it whole.

/** `text`, or its first `max` characters and how many more there were. */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
