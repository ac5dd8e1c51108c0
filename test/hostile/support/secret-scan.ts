import { SECRET_VALUES } from '../../cli/run-support.ts';

// The forms a secret is looked for in (issue 13, Acceptance; no-secrets.ts does the looking): itself and the
// encodings a writer would give it — computed here independently of sut/redact.ts, so the scan does not
// trust the code it checks.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Shorter base64 or hex runs turn up in ordinary text by chance: not looked for. */
const SHORTEST_BINARY = 8;

/**
 * The base64 characters of `bytes` placed `shift` bytes into a longer text that do not depend on what surrounds
 * them, found by trying: encoded between all-zero and all-one neighbours, the characters every variant agrees on.
 */
function stableBase64(bytes: Buffer, shift: number): string {
  const variants = [0x00, 0xff].flatMap((before) =>
    [0x00, 0xff].map((after) => Buffer.concat([Buffer.alloc(shift, before), bytes, Buffer.alloc(3, after)]).toString('base64')),
  );
  const agree = (i: number) => variants.every((v) => v[i] === variants[0]![i]);
  let start = 0;
  while (start < variants[0]!.length && !agree(start)) start++;
  let end = start;
  while (end < variants[0]!.length && agree(end)) end++;
  return variants[0]!.slice(start, end);
}

/** The binary-to-text forms a target may give a secret's bytes: base64 and base64url, whole or inside a longer text, and hex. */
function binaryForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const base64 = [bytes.toString('base64'), ...[0, 1, 2].map((shift) => stableBase64(bytes, shift))];
  const url = base64.map((b) => b.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  const hex = bytes.toString('hex');
  return [...base64, ...url, ...base64.map(encodeURIComponent), hex, hex.toUpperCase()].filter((f) => f.length >= SHORTEST_BINARY);
}

export function encodedForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [
    ...new Set([
      ...binaryForms(secret),
      secret,
      json,
      // JSON with every character beyond ASCII escaped, as some writers do.
      json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
      // A form field or query value (space as +).
      new URLSearchParams({ s: secret }).toString().slice(2),
      secret.replace(/[&<>"']/g, (c) => ENTITIES[c]!),
      secret.replace(/'/g, `'\\''`),
    ]),
  ];
}

/** Credentials as a test writes them down, each with its token after an auth scheme (what a target echoes). */
export function withTokens(values: readonly string[]): string[] {
  return [...new Set([...values, ...values.map((v) => v.replace(/^\S+\s+/, '')).filter((v) => v.length >= 4)])];
}

/** The credentials of a parsed profile: each header value, and its token after a scheme. */
export function credentialsOf(profile: { apps: Record<string, { headers: Record<string, string> } | undefined> }): string[] {
  return withTokens(Object.values(profile.apps).flatMap((app) => Object.values(app?.headers ?? {})));
}

/** test/cli/run-support.ts's secrets (the profile of writeSecretProfile) with their tokens. */
export const CLI_SECRETS: readonly string[] = withTokens(SECRET_VALUES);
