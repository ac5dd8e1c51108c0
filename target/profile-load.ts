import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { headerValueProblem } from './http-syntax.ts';
import { profileSchema, type Profile } from './profile.ts';
import { withEnvSecrets } from './secrets.ts';

// secretsOf lives with the other secret logic; imported from here too.
export { secretsOf } from './secrets.ts';

/** An unusable profile; `field` names where, as a dotted path. */
export class ProfileError extends Error {
  readonly code = 'VMP_ERR_PROFILE';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`profile field ${field}: ${message}`);
    this.name = 'ProfileError';
  }
}

const ENV_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** A resolved header value the client can send; the message names the variables it came from, never the value. */
function sendable(field: string, value: string, written: string): string {
  const problem = headerValueProblem(value);
  if (problem === undefined) return value;
  const variables = [...written.matchAll(ENV_REF)].map((m) => m[1]);
  const from = variables.length > 0 ? `the value of ${variables.join(', ')}` : 'the value';
  throw new ProfileError(field, `${from} contains ${problem}`);
}

/** Replaces `${VAR}` in one string; a missing variable is a profile error naming the field. */
function resolveString(value: string, field: string, env: NodeJS.ProcessEnv, substituted: string[]): string {
  return value.replace(ENV_REF, (_, variable: string) => {
    const resolved = env[variable];
    if (resolved === undefined) throw new ProfileError(field, `environment variable ${variable} is not set`);
    substituted.push(resolved);
    return resolved;
  });
}

/** Every string under value, resolved; `field` is the dotted path of value. */
function resolveDeep<T>(value: T, field: string, env: NodeJS.ProcessEnv, substituted: string[]): T {
  if (typeof value === 'string') return resolveString(value, field, env, substituted) as T;
  if (Array.isArray(value)) return value.map((v, i) => resolveDeep(v, `${field}.${i}`, env, substituted)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveDeep(v, `${field}.${k}`, env, substituted)])) as T;
  }
  return value;
}

/**
 * Resolves `${VAR}` where credentials live: app headers, templates (write-only members such as a webhook
 * secret) and the signing secret. Every substituted value is remembered as a secret (secrets.ts).
 */
function resolveEnv(profile: Profile, env: NodeJS.ProcessEnv): Profile {
  const substituted: string[] = [];
  const signature = profile.webhooks.signature;
  const apps = resolveDeep(profile.apps, 'apps', env, substituted);
  for (const [name, app] of Object.entries(apps)) {
    for (const [header, value] of Object.entries(app?.headers ?? {})) {
      sendable(`apps.${name}.headers.${header}`, value, profile.apps[name as keyof Profile['apps']]?.headers[header] ?? value);
    }
  }
  const resolved: Profile = {
    ...profile,
    apps,
    templates: resolveDeep(profile.templates, 'templates', env, substituted),
    webhooks: {
      ...profile.webhooks,
      signature: signature && { ...signature, secret: resolveString(signature.secret, 'webhooks.signature.secret', env, substituted) },
    },
  };
  return withEnvSecrets(resolved, substituted);
}

/**
 * The profile as written, checked against the schema with its defaults filled in, its `${ENV}` references left
 * unresolved: for what describes a target without acting on it (`vmp-conformance openapi`), which must never
 * hold a credential.
 */
export function checkProfile(value: unknown): Profile {
  const result = profileSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const keys = issue.code === 'unrecognized_keys' ? `.${issue.keys[0]}` : '';
    const field = issue.path.map(String).join('.') + keys || '(root)';
    // A bad key of a record (a header name) carries its reason one level down.
    const message = issue.code === 'unrecognized_keys' ? 'unknown key' : issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
    throw new ProfileError(field.replace(/^\./, ''), message);
  }
  return result.data;
}

export function parseProfile(value: unknown, env: NodeJS.ProcessEnv = process.env): Profile {
  return resolveEnv(checkProfile(value), env);
}

/** The JSON of a profile file, unchecked. */
export async function readProfileFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ProfileError('(file)', `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ProfileError('(file)', `${file} is not JSON: ${(error as Error).message}`);
  }
  return json;
}

export async function loadProfile(file: string, env: NodeJS.ProcessEnv = process.env): Promise<Profile> {
  return parseProfile(await readProfileFile(file), env);
}

/** The JSON Schema published as profile.schema.json. */
export const profileJsonSchema = () => z.toJSONSchema(profileSchema, { io: 'input' });

