// Issue 13, Acceptance: a grep for each test secret over every file a run writes (and what it prints) finds
// nothing. Each secret is looked for as itself and as the encodings a writer would give it — computed here
// independently of target/redact.ts, so the scan does not trust the code it checks.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function encodedForms(secret: string): string[] {
  return [
    ...new Set([
      secret,
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(secret),
      secret.replace(/[&<>"']/g, (c) => ENTITIES[c]!),
      secret.replace(/'/g, `'\\''`),
    ]),
  ];
}

/** "file: secret #i as <form>" for every secret form found in any text; [] when clean. */
export function leaks(texts: ReadonlyMap<string, string>, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const [name, text] of texts) {
    secrets.forEach((secret, i) => {
      for (const form of encodedForms(secret)) if (text.includes(form)) found.push(`${name}: secret #${i} as ${JSON.stringify(form)}`);
    });
  }
  return found;
}

/** The credentials of a parsed profile as a test writes them down: each header value, and its token after a scheme. */
export function credentialsOf(profile: { apps: Record<string, { headers: Record<string, string> } | undefined> }): string[] {
  const values = Object.values(profile.apps).flatMap((app) => Object.values(app?.headers ?? {}));
  return [...values, ...values.map((v) => v.replace(/^\S+\s+/, '')).filter((v) => v.length >= 4)];
}
