import type { IncomingHttpHeaders } from 'node:http';
import type { AppName } from '../target/profile.ts';
import type { AppCredentials } from './choices.ts';

// Authentication ("how the app proves its identity: not shown"): a request acts as the app whose every
// profile header is present with exactly that value. The reference profile uses Authorization: Bearer.

export function authenticate(headers: IncomingHttpHeaders, apps: readonly AppCredentials[]): AppName | undefined {
  for (const app of apps) {
    if (app.headers.every(([name, value]) => headers[name] === value)) return app.name;
  }
  return undefined;
}

/** The WWW-Authenticate challenge of a 401: Bearer when the apps use it, otherwise the header to send. */
export function challenge(apps: readonly AppCredentials[]): string {
  const [name, value] = apps[0]?.headers[0] ?? ['authorization', 'Bearer'];
  if (name === 'authorization') return `${value.split(' ')[0]} realm="vmp"`;
  return `ApiKey realm="vmp", header="${name}"`;
}
