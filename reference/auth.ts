import type { IncomingHttpHeaders } from 'node:http';
import type { AppName } from '../sut/profile.ts';
import type { AppCredentials } from './choices.ts';

// Authentication ("how the app proves its identity: not shown"): a request acts as the app whose every
// profile header is present with exactly that value. The reference profile uses Authorization: Bearer.

// A profile may instead give query parameters (reference-query.json): then every one of them must be present
// with exactly that value (its first occurrence), and the handlers never see them (links do not repeat them).
export function authenticate(headers: IncomingHttpHeaders, query: URLSearchParams, apps: readonly AppCredentials[]): AppName | undefined {
  for (const app of apps) {
    // Stryker disable next-line MethodExpression: Authentication: "How the app proves its identity (scheme, credential, header or parameter names, token lifetime): not shown." (every profile gives an app one credential header at most: some and every agree)
    if (app.headers.every(([name, value]) => headers[name] === value) && app.query.every(([name, value]) => query.get(name) === value)) return app.name;
  }
  return undefined;
}

/** The query parameter names that carry credentials: not parameters of any row. */
export function credentialParams(apps: readonly AppCredentials[]): Set<string> {
  return new Set(apps.flatMap((app) => app.query.map(([name]) => name)));
}

// Stryker disable all: Errors: "Responses for authentication failure, throttling and server failure: not shown."
/** The WWW-Authenticate challenge of a 401: Bearer when the apps use it, otherwise the header to send. */
export function challenge(apps: readonly AppCredentials[]): string {
  const param = apps[0]?.query[0];
  if (apps[0]?.headers.length === 0 && param) return `ApiKey realm="vmp", query="${param[0]}"`;
  const [name, value] = apps[0]?.headers[0] ?? ['authorization', 'Bearer'];
  if (name === 'authorization') return `${value.split(' ')[0]} realm="vmp"`;
  return `ApiKey realm="vmp", header="${name}"`;
}
// Stryker restore all
