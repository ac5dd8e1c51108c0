// A response as `replay` shows it (issue 29 §8): the status, every header, and the body, pretty-printed when it is
// JSON and cut to what a console can take. One line per element, so that each goes through the console's own
// guards (redaction, terminalSafe) and no body can forge a line.

/** The body shown: at most this many lines and characters, then how much was left out. */
export const BODY_LINES = 40;
export const BODY_CHARS = 4_000;

export interface ShownResponse {
  status?: number;
  headers: Record<string, string>;
  text: string;
  json?: unknown;
  error?: { code: string; message: string };
}

/** The body as a reader wants it: JSON indented, anything else as it came. */
function bodyText(r: ShownResponse): string {
  if (r.json !== undefined) return JSON.stringify(r.json, null, 2);
  return r.text;
}

/** The body's lines, cut at BODY_LINES lines or BODY_CHARS characters, whichever comes first. */
export function bodyLines(text: string): string[] {
  if (text === '') return ['(empty body)'];
  const kept = text.length > BODY_CHARS ? text.slice(0, BODY_CHARS) : text;
  const lines = kept.split(/\r?\n/);
  const shown = lines.slice(0, BODY_LINES);
  const shownChars = shown.join('\n').length;
  if (shown.length === lines.length && kept.length === text.length) return shown;
  return [...shown, `… (${text.length - shownChars} more characters of ${text.length} not shown)`];
}

/** Status, headers and body, each line indented by `indent`. */
export function responseLines(r: ShownResponse, indent = '    '): string[] {
  const lines: string[] = [];
  if (r.status === undefined) lines.push(`no response${r.error ? ` (${r.error.code}: ${r.error.message})` : ''}`);
  else {
    lines.push(`HTTP ${r.status}`);
    for (const [name, value] of Object.entries(r.headers)) lines.push(`${name}: ${value}`);
    lines.push('');
    lines.push(...bodyLines(bodyText(r)));
    if (r.error) lines.push(`(then ${r.error.code}: ${r.error.message})`);
  }
  return lines.map((l) => (l === '' ? '' : `${indent}${l}`));
}
