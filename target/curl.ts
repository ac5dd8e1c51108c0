import { redact } from './redact.ts';

export interface CurlInput {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

// POSIX single quoting: the only character that needs care inside '…' is ' itself.
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The request as a copy-pasteable curl command, with secret values redacted. */
export function toCurl(req: CurlInput, secrets: readonly string[]): string {
  const parts = ['curl', '-sS', '-i'];
  if (req.method !== 'GET' || req.body !== undefined) parts.push('-X', req.method);
  for (const [name, value] of Object.entries(req.headers)) parts.push('-H', quote(`${name}: ${value}`));
  if (req.body !== undefined) parts.push('--data-binary', quote(req.body));
  parts.push(quote(req.url));
  return redact(parts.join(' '), secrets);
}
