import { SECRET_VALUES } from '../../cli/run-support.ts';

// The forms a secret is looked for in (issue 13, Acceptance; no-secrets.ts does the looking): itself and the
// encodings a writer would give it — computed here independently of sut/redact.ts, so the scan does not
// trust the code it checks.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function encodedForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [
    ...new Set([
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
