// The console of a person at a terminal (issue 23 §4): colour, and a live line for `run` (rules done of the
// total, failures so far) redrawn in place below the lines already printed. Plain text — no escape sequence at
// all — when stdout is not a TTY, when NO_COLOR is set (no-color.org) or when CI is (CI logs read the same as
// a terminal without them). Lines reach here already shown inert (terminal-text.ts): only this module writes
// escape sequences, and only its own.

export interface TerminalStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** Whether to style: a TTY, and neither NO_COLOR nor CI set to something (CI=false and CI=0 mean no CI). */
export function styles(stream: Pick<TerminalStream, 'isTTY'>, env: NodeJS.ProcessEnv): boolean {
  const set = (name: string) => env[name] !== undefined && env[name] !== '';
  const ci = set('CI') && !/^(false|0)$/i.test(env.CI!);
  return stream.isTTY === true && !set('NO_COLOR') && !ci;
}

const ESC = '\u001b[';
const paint = (code: string) => (text: string) => `${ESC}${code}m${text}${ESC}0m`;
const red = paint('31');
const green = paint('32');
const yellow = paint('33');
const bold = paint('1');

/** How a line is coloured: the first rule whose pattern matches it. A table, not a branch per report. */
const COLOURS: readonly [RegExp, (line: string) => string][] = [
  [/^ {2}FAIL /, red],
  [/^ {2}ok {3}/, green],
  [/^PASS:/, (l) => bold(green(l))],
  [/^(FAIL|ERROR):/, (l) => bold(red(l))],
  [/^INTERRUPTED:/, (l) => bold(yellow(l))],
  [/^(Failures by cause|Failed rules|New failures)/, bold],
  [/^vmp-conformance: /, red],
];

export const colour = (line: string): string => COLOURS.find(([pattern]) => pattern.test(line))?.[1](line) ?? line;

const CLEAR_LINE = `\r${ESC}2K`;

/** The live line of `run`: rules done of the total, failures so far; gone once every rule has its result. */
export function liveProgress(status: (text: string) => void): (rule: { id: string }, p: { done: number; total: number; failed: number }) => void {
  return (rule, p) => status(p.done >= p.total ? '' : `  ${p.done}/${p.total} rules, ${p.failed} failed — ${rule.id}`);
}

/** Lines, coloured, with a live status line kept below them. */
export class LiveConsole {
  private shown = '';

  constructor(private readonly stream: TerminalStream) {}

  line(text: string): void {
    this.stream.write(`${this.shown ? CLEAR_LINE : ''}${colour(text)}\n${this.shown ? bold(this.shown) : ''}`);
  }

  /** Replaces the live line ('' removes it). */
  status(text: string): void {
    this.stream.write(`${CLEAR_LINE}${text ? bold(text) : ''}`);
    this.shown = text;
  }
}
