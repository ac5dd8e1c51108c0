import { readFile } from 'node:fs/promises';
import { z } from 'zod';
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
  const resolved: Profile = {
    ...profile,
    apps: resolveDeep(profile.apps, 'apps', env, substituted),
    templates: resolveDeep(profile.templates, 'templates', env, substituted),
    webhooks: {
      ...profile.webhooks,
      signature: signature && { ...signature, secret: resolveString(signature.secret, 'webhooks.signature.secret', env, substituted) },
    },
  };
  return withEnvSecrets(resolved, substituted);
}

export function parseProfile(value: unknown, env: NodeJS.ProcessEnv = process.env): Profile {
  const result = profileSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const keys = issue.code === 'unrecognized_keys' ? `.${issue.keys[0]}` : '';
    const field = issue.path.map(String).join('.') + keys || '(root)';
    throw new ProfileError(field.replace(/^\./, ''), issue.code === 'unrecognized_keys' ? 'unknown key' : issue.message);
  }
  return resolveEnv(result.data, env);
}

export async function loadProfile(file: string, env: NodeJS.ProcessEnv = process.env): Promise<Profile> {
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
  return parseProfile(json, env);
}

/** The JSON Schema published as profile.schema.json. */
export const profileJsonSchema = () => z.toJSONSchema(profileSchema, { io: 'input' });

