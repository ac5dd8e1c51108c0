// How deep a reader here follows JSON (issue 22, defect 3). JSON.parse itself takes any depth, but what comes
// after does not: JSON.stringify, structuredClone (a worker's messages) and every recursive walk end in a
// RangeError a few thousand levels down, and a 5 MiB body can nest 2.5 million. RFC 8259 §9 lets a reader limit
// nesting; no representation of the API nests beyond ten, so a body deeper than this is refused before it is
// parsed, as one that is not JSON is: the rule that reads it fails with the exchange as evidence.

export const MAX_JSON_DEPTH = 256;

/**
 * Whether JSON text opens more than `limit` arrays or objects inside one another, read in one pass (strings
 * skipped, escapes included); text that is not JSON at all is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  // A text shorter than the limit cannot open more brackets than it has characters.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The reason a body too deep is not read, as a parser's error reads. */
export const tooDeepReason = (limit = MAX_JSON_DEPTH): string =>
  `JSON nested more than ${limit} levels deep, which this reader does not follow (RFC 8259 §9 lets a reader limit nesting)`;

/** JSON.parse, refusing text nested deeper than MAX_JSON_DEPTH with tooDeepReason(). */
export function parseJsonBounded(text: string): unknown {
  if (nestsDeeperThan(text)) throw new SyntaxError(tooDeepReason());
  return JSON.parse(text);
}
