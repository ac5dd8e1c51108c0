// Integer → decimal text for the generators' hot paths. String(n) and `${n}` go through V8's number-string
// cache: every new number's string is kept there until a later number evicts it, so it survives young-generation
// collections, is promoted, and a million-inquiry stream grows the old generation (and the young one, which V8
// sizes by survivors) by tens of MB of dead strings. toFixed(0) builds the same digits outside that cache.

/** The decimal digits of an integer (as String(n) gives them), zero-padded to `width`. */
export function decimal(n: number, width = 0): string {
  const text = n.toFixed(0);
  return text.length >= width ? text : text.padStart(width, '0');
}
