// Text folding for the catalog's lookups: bestmatch and the q/nombre filters are case- and
// accent-insensitive (Endpoints > Ciudades: bestmatch resolves "the caller's own state and city values").

/** Lower case, accents stripped, whitespace collapsed, trailing slashes dropped (for api-url values). */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(?<=.)\/+$/, '');
}

/** A URL-safe token: "Río Cuarto" → "rio-cuarto". */
export function slug(value: string): string {
  return fold(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
