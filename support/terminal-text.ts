// What reaches the user's terminal: a console line may quote what a target sent (a webhook topic, a status
// text, a body excerpt), and a raw ESC, CR or C1 byte there can rewrite the terminal (ANSI/OSC sequences move
// the cursor, retitle the window, hide text) or forge lines. Every console line of every command goes through
// terminalSafe (cli/main.ts wraps the commands' output), which shows such characters as escapes instead.

/**
 * C0 controls but tab, DEL, C1 controls, and the Unicode line separators and bidirectional overrides that can
 * reorder or split what a terminal shows.
 */
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same, but keeping line feeds: for text that is several lines by design (vitest's own output). */
const UNSAFE_KEEP_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escapeChar = (ch: string): string => {
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** One console line with every control character shown as \xNN or \uNNNN: it can neither drive the terminal nor break into two lines. */
export function terminalSafe(line: string): string {
  return line.replace(UNSAFE, escapeChar);
}

/** Text of several lines (kept) whose other control characters are shown as escapes. */
export function terminalSafeText(text: string): string {
  return text.replace(UNSAFE_KEEP_LF, escapeChar);
}
