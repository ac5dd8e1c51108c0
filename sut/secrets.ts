import type { DraftProfile } from './profile.ts';

// What a run must never show (Principle 4; issue 13, items 1–2): every credential in the profile, whole and in
// the parts a target may echo on their own — the token after an auth scheme (`Bearer <token>`), the password of
// `Basic base64(user:pass)`, the key of a `whsec_` signing secret — and every value substituted for a
// `${ENV}` reference (a write-only webhook secret in a template, say). redact.ts matches each in every encoding.

/**
 * The values profile-load substituted for `${ENV}` references, carried on the profile under a symbol: object
 * spreads keep it, JSON (every report) never shows it.
 */
const ENV_SECRETS = Symbol('vmp.envSecrets');
type WithEnvSecrets = { [ENV_SECRETS]?: readonly string[] };

export function withEnvSecrets<T extends object>(profile: T, values: readonly string[]): T {
  return { ...profile, [ENV_SECRETS]: [...values] };
}

/** The values substituted for `${ENV}` references in a profile (or a draft of one). */
export function envSecretsOf(profile: object): readonly string[] {
  return (profile as WithEnvSecrets)[ENV_SECRETS] ?? [];
}

/** `Scheme credentials` → credentials; for Basic also `user:pass` and the password. */
export function secretParts(value: string): string[] {
  const match = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s+(\S.*)$/s.exec(value.trim());
  if (!match) return [];
  const [, scheme, credentials] = match as unknown as [string, string, string];
  const parts = [credentials];
  if (scheme.toLowerCase() === 'basic' && /^[A-Za-z0-9+/]+=*$/.test(credentials)) {
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0 && !decoded.includes('\uFFFD')) parts.push(decoded, decoded.slice(colon + 1));
  }
  return parts;
}

/** A signing secret and, for Standard Webhooks, its key after `whsec_`. */
function signingParts(secret: string): string[] {
  return secret.startsWith('whsec_') ? [secret, secret.slice('whsec_'.length)] : [secret];
}

/**
 * Parts and substituted values shorter than this are not matched on their own: "p" or "1" cannot be told from
 * ordinary text, and redacting every occurrence would garble every report. Whole values always are.
 */
export const MIN_PART_LENGTH = 4;

/** Every secret of a profile, whole values first, without duplicates or empty strings. */
export function secretsOf(profile: Pick<DraftProfile, 'apps' | 'webhooks'>): string[] {
  const apps = Object.values(profile.apps).flatMap((app) => (app ? [app] : []));
  const headers = apps.flatMap((app) => Object.values(app.headers ?? {}));
  // Query credentials travel in URLs: redact.ts matches them percent-encoded as well.
  const query = apps.flatMap((app) => Object.values(app.query ?? {}));
  const signing = profile.webhooks?.signature?.secret;
  const parts = [...headers.flatMap(secretParts), ...(signing ? signingParts(signing).slice(1) : []), ...envSecretsOf(profile)];
  const all = [...headers, ...query, ...(signing ? [signing] : []), ...parts.filter((p) => p.length >= MIN_PART_LENGTH)];
  return [...new Set(all.filter((s) => s.length > 0))];
}
