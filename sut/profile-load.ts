import { z } from 'zod';
import { headerValueProblem } from './http-syntax.ts';
import { profileFileSchema, profileSchema, type DraftProfile, type Profile } from './profile.ts';
import { envSecretsOf, withEnvSecrets } from './secrets.ts';
import { MiB, readBoundedFile, UnreadableFileError } from '../support/bounded-read.ts';
import { UsageError } from '../support/errors.ts';

// secretsOf lives with the other secret logic; imported from here too.
export { secretsOf } from './secrets.ts';

/** An unusable profile; `field` names where, as a dotted path. */
export class ProfileError extends UsageError {
  constructor(
    readonly field: string,
    /** What is wrong with the field. */
    readonly detail: string,
    /** Where the profile came from, as its caller names it (`--profile FILE`, the API's `profile FILE`). */
    readonly source?: string,
  ) {
    super(`${source === undefined ? '' : `${source}: `}profile field ${field}: ${detail}`, 'VMP_ERR_PROFILE');
  }

  /** The same problem, told as found in `source`, with what else helps appended. */
  in(source: string, more = ''): ProfileError {
    return new ProfileError(this.field, `${this.detail}${more}`, source);
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

type Resolvable = Pick<DraftProfile, 'apps' | 'templates' | 'webhooks' | 'simulationHooks'>;

/**
 * Resolves `${VAR}` where credentials live: app headers and query parameters, templates (write-only members such
 * as a webhook secret), the signing secret, and the target's own hooks (an admin token in a header or an argument).
 * Every substituted value is remembered as a secret (secrets.ts).
 */
function resolveEnv<T extends Resolvable>(profile: T, env: NodeJS.ProcessEnv): T {
  const substituted: string[] = [];
  const signature = profile.webhooks?.signature;
  const apps = resolveDeep(profile.apps, 'apps', env, substituted);
  for (const [name, app] of Object.entries(apps)) {
    for (const [header, value] of Object.entries(app?.headers ?? {})) {
      sendable(`apps.${name}.headers.${header}`, value, profile.apps[name as keyof Profile['apps']]?.headers[header] ?? value);
    }
  }
  const resolved: T = {
    ...profile,
    apps,
    ...(profile.templates ? { templates: resolveDeep(profile.templates, 'templates', env, substituted) } : {}),
    ...(profile.simulationHooks && typeof profile.simulationHooks === 'object'
      ? { simulationHooks: resolveDeep(profile.simulationHooks, 'simulationHooks', env, substituted) }
      : {}),
    ...(profile.webhooks
      ? {
          webhooks: {
            ...profile.webhooks,
            ...(signature ? { signature: { ...signature, secret: resolveString(signature.secret, 'webhooks.signature.secret', env, substituted) } } : {}),
          },
        }
      : {}),
  };
  return withEnvSecrets(resolved, substituted);
}

/** The first issue of a failed parse, as the ProfileError that names its field. */
function profileError(error: z.ZodError): ProfileError {
  const issue = error.issues[0]!;
  const keys = issue.code === 'unrecognized_keys' ? `.${issue.keys[0]}` : '';
  const field = issue.path.map(String).join('.') + keys || '(root)';
  // A bad key of a record (a header name) carries its reason one level down.
  const message =
    issue.code === 'unrecognized_keys' ? 'unknown key' : issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
  return new ProfileError(field.replace(/^\./, ''), message);
}

/**
 * The profile as written, checked against the schema with its defaults filled in, its `${ENV}` references left
 * unresolved: for what describes a target without acting on it (`vmp-conformance openapi`), which must never
 * hold a credential.
 */
export function checkProfile(value: unknown): Profile {
  const result = profileSchema.safeParse(value);
  if (!result.success) throw profileError(result.error);
  return result.data;
}

/** A complete profile (every key the suites need given or defaulted), its `${ENV}` references resolved. */
export function parseProfile(value: unknown, env: NodeJS.ProcessEnv = process.env): Profile {
  return resolveEnv(checkProfile(value), env);
}

/** A profile as a file may hold it: keys `run` infers may be missing (sut/infer/). */
export function parseDraftProfile(value: unknown, env: NodeJS.ProcessEnv = process.env): DraftProfile {
  const result = profileFileSchema.safeParse(value);
  if (!result.success) throw profileError(result.error);
  return resolveEnv(result.data, env);
}

/**
 * The profile a run works with: the draft's values, then `inferred` where the draft has none, then the
 * defaults. A key the suites need that is in neither is a ProfileError naming it, with `hints` saying why.
 */
export function completeProfile(draft: DraftProfile, inferred: DraftProfile | Record<string, never> = {}, hints: Record<string, string> = {}): Profile {
  const merged = mergeExplicit(inferred, draft);
  const result = profileSchema.safeParse(merged);
  if (!result.success) {
    const error = profileError(result.error);
    const hint = hints[error.field] ?? Object.entries(hints).find(([key]) => key.startsWith(`${error.field}.`))?.[1];
    throw hint ? new ProfileError(error.field, `${error.message}; not given and not inferred: ${hint}`) : error;
  }
  return withEnvSecrets(result.data, envSecretsOf(draft));
}

/** `over` laid on `under`, object members merged key by key (an explicit value always wins; arrays and null whole). */
function mergeExplicit(under: unknown, over: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(under) || !isObject(over)) return over === undefined ? under : over;
  const out: Record<string, unknown> = { ...under };
  for (const [k, v] of Object.entries(over)) out[k] = mergeExplicit(under[k], v);
  return out;
}

/** Reads a complete profile file (parseProfile), its `${ENV}` references resolved from `env`; a bad one is a ProfileError naming the field. */
export async function loadProfile(file: string, env: NodeJS.ProcessEnv = process.env): Promise<Profile> {
  return parseProfile(await readProfileJson(file), env);
}

/** The largest profile file read (docs/profile.md): a real one is a few KiB; a larger one is a mistake. */
export const PROFILE_MAX_BYTES = 16 * MiB;

/** A profile file's JSON; unreadable (a FIFO, a device, over PROFILE_MAX_BYTES) or not JSON is a ProfileError on (file). */
export async function readProfileJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readBoundedFile(file, PROFILE_MAX_BYTES);
  } catch (error) {
    if (error instanceof UnreadableFileError) throw new ProfileError('(file)', error.message);
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ProfileError('(file)', `${file} is not JSON: ${(error as Error).message}`);
  }
}

/** The JSON Schema published as profile.schema.json. */
export const profileJsonSchema = (): z.core.JSONSchema.BaseSchema => z.toJSONSchema(profileFileSchema, { io: 'input' });
