import type { Profile } from '../../sut/profile.ts';

// The `vmp-conformance init` flags that give a profile's credentials (and signing secret), nothing else: what a
// user who knows only the base URL and the credentials types.

const APP_FLAGS = { primary: '', other: 'other-', empty: 'empty-' } as const;

/** `ref(app, value)` may turn a value into a `${ENV}` reference (the caller sets the variable). */
export function initFlags(profile: Profile, ref: (app: keyof typeof APP_FLAGS, value: string) => string = (_, v) => v): string[] {
  const args: string[] = [];
  for (const [app, prefix] of Object.entries(APP_FLAGS) as [keyof typeof APP_FLAGS, string][]) {
    const creds = profile.apps[app];
    if (!creds) continue;
    for (const [name, value] of Object.entries(creds.headers)) args.push(`--${prefix}header`, `${name}: ${ref(app, value)}`);
    for (const [name, value] of Object.entries(creds.query)) args.push(`--${prefix}query`, `${name}=${ref(app, value)}`);
  }
  const secret = profile.webhooks.signature?.secret;
  if (secret) args.push('--webhook-secret', secret);
  return args;
}
