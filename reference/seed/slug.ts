import { fold } from '../text.ts';

// The seed's URL-safe tokens (api-url paths, codenames, e-mail local parts): seed data, which stryker.config.mjs
// leaves out (other tokens are another legal server).

/** A URL-safe token: "Río Cuarto" → "rio-cuarto". */
export function slug(value: string): string {
  return fold(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
