import type { AppName, Profile } from '../sut/profile.ts';

// The gap choices the server makes, read from the target profile so that the profile always describes the
// server (reference/README.md): apps and credentials, topics, request-body fields, hooks path, page size,
// resend bound and what resend does without a callback, time zone, where the Consulta sits in a webhook payload.

// Stryker disable all: not governed by the spec: the server's own option checks (a bad profile is the tool's usage error, never an answer of the API)
/** A bad option of startReferenceServer, or a profile the server cannot serve (`code` VMP_ERR_REFERENCE_OPTION). */
export class ServerOptionError extends Error {
  readonly code = 'VMP_ERR_REFERENCE_OPTION';
  constructor(message: string) {
    super(message);
    this.name = 'ServerOptionError';
  }
}
// Stryker restore all

/** The JSON type a request-body field must have, taken from the profile template's value. */
export type FieldType = 'string' | 'number' | 'boolean' | 'any';

export interface AppCredentials {
  name: AppName;
  /** Header names lower-cased (Node lower-cases incoming names), values exact. */
  headers: readonly (readonly [string, string])[];
  /** Query parameters, names and values exact. */
  query: readonly (readonly [string, string])[];
}

export interface Choices {
  profile: Profile;
  apps: readonly AppCredentials[];
  inquiryTopic: string;
  registrationTopic: string;
  availableTopics: ReadonlySet<string>;
  /** The AppWebhookUpsert member holding the callback URL: the template key whose value is "{{url}}". */
  webhookUrlField: string;
  webhookFields: Readonly<Record<string, FieldType>>;
  /** AgenciaCreate members besides AdminMail, and AgenciaEdit members. */
  agenciaCreateFields: Readonly<Record<string, FieldType>>;
  agenciaEditFields: Readonly<Record<string, FieldType>>;
  /** Data members every Agencia shows (null when it has no value). */
  agenciaFieldNames: readonly string[];
  /** Path prefix of the simulation hooks, without a trailing slash; null when the profile has none. */
  hooksPath: string | null;
  pageSize: number;
  resendMaxAgeDays: number | undefined;
  timeZone: string;
  consultaPointer: string;
  /** resendwebhook with no inquiry callback configured: 202 with the payload, or 400 keyed `_`. */
  resendWithoutCallback: 'accept' | 'refuse';
}

export const ADMIN_MAIL_FIELD = 'AdminMail';
/** Agencia members the seed agencies carry whatever the profile's templates name. */
export const SEED_AGENCIA_FIELDS = ['RazonSocial', 'Telefono', 'Localidad'] as const;

function fieldTypes(template: Record<string, unknown>, skip: (key: string, value: unknown) => boolean): Record<string, FieldType> {
  const types: Record<string, FieldType> = {};
  for (const [key, value] of Object.entries(template)) {
    if (skip(key, value)) continue;
    const t = typeof value;
    types[key] = t === 'string' || t === 'number' || t === 'boolean' ? t : 'any';
  }
  return types;
}

function hooksPathOf(value: Profile['simulationHooks']): string | null {
  // The target's own hooks (an HTTP template, a command) stand for a server without this tool's: none served.
  if (value === null || typeof value !== 'string') return null;
  // "relative to the base URL, absolute, or null": an absolute URL names this server, so only its path counts.
  const path = URL.canParse(value) ? new URL(value).pathname : value;
  const trimmed = `/${path.replace(/^\/+|\/+$/g, '')}`;
  // Stryker disable next-line all: not governed by the spec: the server's own option checks
  if (trimmed === '/') throw new ServerOptionError('simulationHooks must name a path below the base URL');
  return trimmed;
}

export function choicesOf(profile: Profile): Choices {
  const apps = (Object.entries(profile.apps) as [AppName, Profile['apps'][AppName]][]).flatMap(([name, app]) =>
    app ? [{ name, headers: Object.entries(app.headers).map(([h, v]) => [h.toLowerCase(), v] as const), query: Object.entries(app.query) }] : [],
  );
  // Stryker disable all: not governed by the spec: the server's own option checks
  for (const app of apps) {
    if (app.headers.length + app.query.length === 0) throw new ServerOptionError(`app ${app.name} has no credential headers or query parameters`);
  }
  // Stryker restore all
  const urlEntry = Object.entries(profile.templates.webhookUpsert).find(([, v]) => v === '{{url}}');
  // Stryker disable next-line all: not governed by the spec: the server's own option checks
  if (!urlEntry) throw new ServerOptionError('templates.webhookUpsert has no member whose value is "{{url}}"');
  const { inquiry, registration } = profile.topics;
  const agenciaCreateFields = fieldTypes(profile.templates.agenciaCreate, (k) => k === ADMIN_MAIL_FIELD);
  const agenciaEditFields = fieldTypes(profile.templates.agenciaEdit ?? {}, (k) => k === ADMIN_MAIL_FIELD);
  return {
    profile,
    apps,
    inquiryTopic: inquiry,
    registrationTopic: registration,
    availableTopics: new Set([inquiry, registration]),
    webhookUrlField: urlEntry[0],
    webhookFields: fieldTypes(profile.templates.webhookUpsert, (k) => k === urlEntry[0]),
    agenciaCreateFields,
    agenciaEditFields,
    agenciaFieldNames: [...new Set([...SEED_AGENCIA_FIELDS, ...Object.keys(agenciaCreateFields), ...Object.keys(agenciaEditFields)])],
    hooksPath: hooksPathOf(profile.simulationHooks),
    pageSize: profile.inquiryPageSize,
    resendMaxAgeDays: profile.resendMaxAgeDays,
    timeZone: profile.timeZone,
    consultaPointer: profile.webhooks.consultaPointer,
    resendWithoutCallback: profile.webhooks.resendWithoutCallback,
  };
}
