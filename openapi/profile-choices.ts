import { z } from 'zod';
import { MEDIA_TYPES, type MediaForm } from '../models/index.ts';
import type { Profile } from '../sut/profile.ts';
import type { JsonSchema, RequestModel, SchemaChoices } from './schemas.ts';

// What a target profile fills in where the spec is silent: how the app authenticates (the scheme, never a
// credential), how a request names a media type, the header that triggers 304, the topic names, the members
// of the request bodies whose fields are not shown, and where the Consulta sits in a webhook payload. The
// profile is read as written (sut/profile-load.ts checkProfile): a `${ENV}` reference is never resolved,
// and no header value, template value or signing secret reaches the document.

export interface DocumentChoices {
  /** The gaps whose choice the document shows (their x-vmp-gap says filledFromProfile). */
  filled: ReadonlySet<string>;
  schemas: SchemaChoices;
  securitySchemes?: Record<string, JsonSchema>;
  security?: Record<string, string[]>[];
  /** The parameter by which a request names a media type, for a response offering these forms. */
  mediaSelection?: (forms: MediaForm[]) => JsonSchema | undefined;
  conditionalHeader?: string;
  topics?: Profile['topics'];
  signature?: NonNullable<Profile['webhooks']['signature']>['scheme'] | { header: string };
  /** The profile's choices that hold no secret, for the document's root. */
  summary?: JsonSchema;
}

/** `Authorization: <scheme> <credentials>` (RFC 9110 section 11.4). */
const AUTH_SCHEME = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*) +\S/;

/** The Security Scheme Object of one credential header, and its name in components.securitySchemes. */
function securityScheme(header: string, value: string): [string, JsonSchema] {
  const scheme = header.toLowerCase() === 'authorization' ? AUTH_SCHEME.exec(value)?.[1]?.toLowerCase() : undefined;
  const description = `the profile's apps.*.headers.${header}; the credential itself is not written here`;
  if (scheme) return [`${scheme}Auth`, { type: 'http', scheme, description }];
  return [header, { type: 'apiKey', in: 'header', name: header, description }];
}

function security(profile: Profile): Pick<DocumentChoices, 'securitySchemes' | 'security'> {
  const securitySchemes: Record<string, JsonSchema> = {};
  const requirements = new Map<string, Record<string, string[]>>();
  for (const app of Object.values(profile.apps)) {
    if (!app) continue;
    const names = Object.entries(app.headers).map(([header, value]) => {
      const [name, scheme] = securityScheme(header, value);
      securitySchemes[name] = scheme;
      return name;
    });
    // Every header of one app together proves its identity: one requirement naming them all.
    const requirement = Object.fromEntries(names.sort().map((n) => [n, [] as string[]]));
    requirements.set(JSON.stringify(requirement), requirement);
  }
  return { securitySchemes, security: [...requirements.values()] };
}

function mediaSelection(selection: Profile['mediaTypeSelection']): DocumentChoices['mediaSelection'] {
  const description = "the media type of the response, named as the profile's mediaTypeSelection says";
  const schema = (forms: MediaForm[]) => ({ type: 'string', enum: forms.map((f) => MEDIA_TYPES[f]) });
  if ('query' in selection) return (forms) => ({ name: selection.query, in: 'query', required: false, description, schema: schema(forms) });
  // Accept is OpenAPI's own content negotiation: the responses' media types say it, no parameter does.
  if (selection.header.toLowerCase() === 'accept') return () => undefined;
  return (forms) => ({ name: selection.header, in: 'header', required: false, description, schema: schema(forms) });
}

/** The model of a template member: its placeholder's, else the JSON type of the value the template gives. */
const PLACEHOLDER_MODELS: Readonly<Record<string, () => z.ZodType>> = {
  '{{url}}': () => z.url(),
  '{{adminMail}}': () => z.email(),
};

/**
 * A member the run fills in (the callback URL, the AdminMail) carries its value; any other may be sent without one,
 * and Conventions say "a field that has no value is sent as null": its JSON type or null.
 */
function memberModel(value: unknown): z.ZodType {
  if (typeof value === 'string' && PLACEHOLDER_MODELS[value]) return PLACEHOLDER_MODELS[value]();
  if (value === null) return z.null();
  return valueType(value).nullable();
}

function valueType(value: unknown): z.ZodType {
  if (typeof value === 'string') return z.string();
  if (typeof value === 'number') return z.number();
  if (typeof value === 'boolean') return z.boolean();
  return Array.isArray(value) ? z.array(z.unknown()) : z.record(z.string(), z.unknown());
}

/** Members the template sends; none required, since the spec shows no field (only their names and types). */
const templateShape = (template: Record<string, unknown>): z.ZodRawShape =>
  Object.fromEntries(Object.entries(template).map(([member, value]) => [member, memberModel(value).optional()]));

const TEMPLATES: Readonly<Record<RequestModel, keyof Profile['templates']>> = {
  AgenciaCreate: 'agenciaCreate',
  AgenciaEdit: 'agenciaEdit',
  AppWebhookUpsert: 'webhookUpsert',
};

function summary(p: Profile): JsonSchema {
  return {
    ...(p.description ? { description: p.description } : {}),
    conditionalRequestHeader: p.conditionalRequestHeader,
    mediaTypeSelection: p.mediaTypeSelection,
    topics: p.topics,
    inquiryPageSize: p.inquiryPageSize,
    timeZone: p.timeZone,
    ...(p.today ? { today: p.today } : {}),
    ...(p.resendMaxAgeDays !== undefined ? { resendMaxAgeDays: p.resendMaxAgeDays } : {}),
    ...(p.invitationState ? { invitationState: p.invitationState } : {}),
    webhooks: {
      consultaPointer: p.webhooks.consultaPointer,
      signature: p.webhooks.signature?.scheme ?? null,
      resendWithoutCallback: p.webhooks.resendWithoutCallback,
    },
  };
}

const FILLED = ['auth-scheme', 'media-type-selection', 'conditional-request-header', 'topic-names', 'webhook-config-fields', 'webhook-delivery'];

export function profileChoices(profile: Profile | undefined): DocumentChoices {
  if (!profile) return { filled: new Set(), schemas: {} };
  const signature = profile.webhooks.signature;
  return {
    filled: new Set(FILLED),
    schemas: {
      requestMembers: Object.fromEntries(Object.entries(TEMPLATES).map(([model, key]) => [model, templateShape(profile.templates[key] ?? {})])),
      ...(profile.webhooks.consultaPointer !== null ? { consultaPointer: profile.webhooks.consultaPointer } : {}),
    },
    ...security(profile),
    mediaSelection: mediaSelection(profile.mediaTypeSelection),
    ...(profile.conditionalRequestHeader !== null ? { conditionalHeader: profile.conditionalRequestHeader } : {}),
    topics: profile.topics,
    ...(signature ? { signature: signature.scheme === 'hmac-sha256' ? { header: signature.header } : signature.scheme } : {}),
    summary: summary(profile),
  };
}
