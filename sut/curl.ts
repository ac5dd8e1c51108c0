import { ACCEPT_ENCODING } from './content-coding.ts';
import { redact } from './redact.ts';

export interface CurlInput {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

// POSIX single quoting: the only character that needs care inside '…' is ' itself.
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A shell word: as it is when it is only safe characters, else single-quoted. */
export const shellWord = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : quote(s));

/**
 * The request as a copy-pasteable curl command, with secret values redacted. Each value is redacted before it is
 * quoted (issue 13, item 1: quoting changes a secret's `'` into `'\''`, which a later pass would not match), and
 * the line once more after, for a secret that only quoting put together.
 */
export function toCurl(req: CurlInput, secrets: readonly string[]): string {
  const q = (s: string) => quote(redact(s, secrets));
  const parts = ['curl', '-sS', '-i'];
  if (req.method !== 'GET' || req.body !== undefined) parts.push('-X', req.method);
  for (const [name, value] of Object.entries(req.headers)) {
    // curl's --compressed asks for a coded answer and decodes it, as this client does: -H alone would print gzip.
    if (name.toLowerCase() === 'accept-encoding' && value === ACCEPT_ENCODING) parts.push('--compressed');
    else parts.push('-H', q(`${name}: ${value}`));
  }
  if (req.body !== undefined) parts.push('--data-binary', q(req.body));
  parts.push(q(req.url));
  return redact(parts.join(' '), secrets);
}
