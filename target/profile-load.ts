import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { headerValueProblem } from './http-syntax.ts';
import { profileSchema, type Profile } from './profile.ts';

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

/** Replaces `${VAR}` in header values; a missing variable is a profile error naming the header. */
function resolveHeaders(profile: Profile, env: NodeJS.ProcessEnv): Profile {
  const apps = Object.fromEntries(
    Object.entries(profile.apps).map(([name, app]) => [
      name,
      app && {
        headers: Object.fromEntries(
          Object.entries(app.headers).map(([header, value]) => [
            header,
            sendable(
              `apps.${name}.headers.${header}`,
              value.replace(ENV_REF, (_, variable: string) => {
                const resolved = env[variable];
                if (resolved === undefined) {
                  throw new ProfileError(`apps.${name}.headers.${header}`, `environment variable ${variable} is not set`);
                }
                return resolved;
              }),
              value,
            ),
          ]),
        ),
      },
    ]),
  );
  return { ...profile, apps: apps as Profile['apps'] };
}

export function parseProfile(value: unknown, env: NodeJS.ProcessEnv = process.env): Profile {
  const result = profileSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const keys = issue.code === 'unrecognized_keys' ? `.${issue.keys[0]}` : '';
    const field = issue.path.map(String).join('.') + keys || '(root)';
    // A bad key of a record (a header name) carries its reason one level down.
    const message = issue.code === 'unrecognized_keys' ? 'unknown key' : issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
    throw new ProfileError(field.replace(/^\./, ''), message);
  }
  return resolveHeaders(result.data, env);
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

/** Every secret a report must never show: the resolved header values of every app. */
export function secretsOf(profile: Profile): string[] {
  return Object.values(profile.apps)
    .flatMap((app) => (app ? Object.values(app.headers) : []))
    .filter((v) => v.length > 0);
}
