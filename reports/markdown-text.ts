import { clipText } from '../support/clip.ts';

// summary.md is rendered as Markdown (CommonMark with GitHub's extensions, and the HTML it lets through) wherever
// CI shows a job summary, and much of what it quotes comes from the target: failure messages, discovery notes,
// inferred values (issue 22, defect 4). Such text is shown as text, escaped with backslashes (CommonMark lets any
// ASCII punctuation be): every character that can open an inline construct — emphasis, code, links, images, raw
// HTML and autolinks, entities, table cells, strikethrough, and the `:`, `@` and `www.` GitHub's extended
// autolinks need — and, at its start, a block marker (a heading, quote, list item or setext line); control
// characters, a lone CR (a line ending to Markdown) and the Unicode line and direction controls are shown as
// \xNN / \uNNNN escapes, so nothing forges a block, a tag or a line. Other punctuation (`/`, `,`, `.`) stays as
// it is, for the raw file's sake.
//
// GitHub links e-mail addresses a second time, after parsing, in the text the escapes left (issue 29 §7: an
// address a target sent became a mailto: link): an escaped `@` is an `@` again by then. So a word joiner (U+2060,
// invisible, no break) follows every `@`, the `.` of `www.` and the `:` of `://`, which no autolink pattern
// crosses; results.json and report.html keep the text exactly.

/** Characters shown as escapes: C0 controls (tab, CR and LF included), DEL, C1, line and paragraph separators, bidi controls. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** Characters that open an inline construct anywhere in a line. */
const INLINE = /[\\`*_[\]()!<>&|~:@]/g;
/** A block marker at the start of a line (a list's number and its `.` or `)`, `#`, `>`, `+`, `-`, `=`). */
const BLOCK_START = /^(\d*)([#>+\-=.)])/;
/** Invisible, not a space: an autolink of GitHub's does not run across it. */
const NO_AUTOLINK = '\u2060';
/** Where an autolink would start once the escapes are gone: `@` anywhere, the `:` of `://`. */
const autolinkBreak = (ch: string, at: number, text: string): string =>
  ch === '@' || (ch === ':' && text.startsWith('//', at + 1)) ? `\\${ch}${NO_AUTOLINK}` : `\\${ch}`;

/** A cell of the job summary shows this much of a target's text; results.json and report.html keep it whole. */
export const MARKDOWN_TEXT_CHARS = 500;

const visible = (ch: string): string => {
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** `text` as inert Markdown inline text, clipped to MARKDOWN_TEXT_CHARS: safe in a table cell and in a list item. */
export function markdownText(text: string): string {
  return (
    clipText(text, MARKDOWN_TEXT_CHARS)
      .replace(INLINE, autolinkBreak)
      .replace(/www\./gi, (w) => `${w.slice(0, 3)}\\.${NO_AUTOLINK}`)
      // After the escapes: the backslash of \xNN is then literal text (it precedes a letter).
      .replace(CONTROL, visible)
      // Leading spaces would start an indented code block in a list item.
      .replace(/^ +/, (spaces) => '&#32;'.repeat(spaces.length))
      .replace(BLOCK_START, '$1\\$2')
  );
}
