import { z } from 'zod';
import { BODY_TYPE_REFUSAL_READINGS, isCalendarDate, MARCAS_NO_MATCH_READINGS, PAST_LAST_PAGE_READINGS } from '../models/index.ts';
import { simulationHooks } from './hooks-profile.ts';
import { headerName, jsonPointer } from './profile-parts.ts';

export { hooksBase } from './hooks-profile.ts';
export { headerName, jsonPointer } from './profile-parts.ts';

// The target profile: everything about a target that the spec leaves open. Its key names are a public
// contract (docs/profile.md, profile.schema.json). Header values may be `${ENV_VAR}` references, resolved at load time.

const headerMap = z.record(headerName, z.string()).describe('request headers that authenticate the app');
// Authentication: "header or parameter names … not shown": an app's credentials are headers, query parameters, or both.
const queryMap = z.record(z.string().min(1), z.string()).describe('query parameters that authenticate the app (name → value)');
export const app = z
  .strictObject({ headers: headerMap.default({}), query: queryMap.default({}) })
  .refine((a) => Object.keys(a.headers).length + Object.keys(a.query).length > 0, 'expected headers or query: the credentials of the app');

/** Fields of a catalog record that bestmatch matches against, as JSON pointers into the full form. */
export const catalogKeys = z.record(z.string(), jsonPointer);

export const signature = z.discriminatedUnion('scheme', [
  z.strictObject({ scheme: z.literal('standard-webhooks'), secret: z.string() }),
  z.strictObject({ scheme: z.literal('hmac-sha256'), header: headerName, secret: z.string() }),
]);

/** What `vmp-conformance init` wrote about each key: how it was inferred, or a hint on how to find it. */
export const comments = z.record(z.string(), z.string()).describe('by key: how init inferred its value, or how to find a value it could not');

/** Which values `init` inferred (sut/infer/provenance.ts): a failure that read one names it. */
const inferredMarks = z
  .record(z.string(), z.string().regex(/^(verified|unverified) [0-9a-f]{12}$/, 'expected "verified <fingerprint>" or "unverified <fingerprint>"'))
  .describe(
    'by dotted key: a value init inferred, "verified" or "unverified" by its probes, and a fingerprint of the value it wrote (a value changed since is no longer marked)',
  );

const mediaTypeSelection = z
  .union([z.strictObject({ header: headerName }), z.strictObject({ query: z.string().min(1) })])
  .describe('how a request names the media type it wants');
const topics = z.strictObject({
  inquiry: z.string().min(1),
  registration: z.string().min(1),
  unavailable: z.string().min(1),
});
// Events: "only topics available to the app can be configured (otherwise 403)": availability is per app. The
// inquiry and registration topics are the primary app's; another app may lack either.
const unavailableTopics = z
  .strictObject({ other: z.array(z.string().min(1)).optional(), empty: z.array(z.string().min(1)).optional() })
  .describe('per app other than primary: which of the topics inquiry and registration are not available to it (its POST answers 403)');
const templates = z.strictObject({
  webhookUpsert: z.record(z.string(), z.unknown()).describe('{{url}}: the callback URL to configure'),
  agenciaCreate: z.record(z.string(), z.unknown()).describe('{{adminMail}}: the invited e-mail'),
  // AgenciaEdit's members are "not shown", and init tells them only on an agency of its own (simulation hooks):
  // null when unknown, and the checks that need a valid AgenciaEdit skip, saying so.
  agenciaEdit: z.record(z.string(), z.unknown()).nullable().describe('null: not known (the checks that send a valid AgenciaEdit skip)'),
});
const fixtures = z.strictObject({
  agency: z.email().optional(),
  inquirySid: z.string().optional(),
  operador: z.email().optional(),
});
const invitationDomain = z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'expected a domain such as example.test');
const inquiryPageSize = z.number().int().positive();
const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'expected an IANA time zone such as UTC or America/Argentina/Buenos_Aires');
const catalogAreas = z.strictObject({
  carrocerias: catalogKeys.optional(),
  ciudades: catalogKeys.optional(),
  states: catalogKeys.optional(),
  marcas: catalogKeys.optional(),
  colores: catalogKeys.optional(),
});
const webhooks = z.strictObject({
  // Not shown: null where not known (never a silent ""), and the Consulta is then looked for in each payload.
  consultaPointer: jsonPointer.nullable().describe('where the Consulta sits in an inquiry webhook payload (null: not known)'),
  signature: signature.nullable(),
  // Events give no delivery time; a queued sender may need longer than a local one. Below the checks' 60 s.
  deliveryDeadlineMs: z.number().int().min(100).max(50_000).describe('how long a webhook delivery may take'),
  // A 202 carries "Location (URI of the webhook callback)": without a callback a target may refuse (400).
  resendWithoutCallback: z.enum(['accept', 'refuse']).describe('resendwebhook while the app has no inquiry callback configured: 202 with the payload, or 400'),
  // That 202's "Location (URI of the webhook callback)" names no callback: a target may leave it out, or name
  // something else (the configuration to create).
  resendLocationWithoutCallback: z
    .enum(['absent', 'present'])
    .nullable()
    .describe('an accepted resendwebhook while the app has no inquiry callback configured: without a Location, or with one (null: not known)'),
  // AppWebhook and AppWebhookUpsert show no fields: where the GET representation keeps each template member's
  // value, so a saved configuration can be put back. Default: a member of the same name, and for the {{url}}
  // member the representation's only absolute URL (sut/webhook-restore.ts).
  restoreFrom: z
    .record(z.string(), jsonPointer)
    .optional()
    .describe('per templates.webhookUpsert member: a JSON pointer to its value in the AppWebhook read with GET'),
});
/** A signing secret whose scheme (and header) `run` and `init` infer from the deliveries it verifies. */
const secretOnly = z.strictObject({ secret: z.string() });

// Paged list envelope: "Pagina … current page number"; what a page past the last answers is not shown.
const pastLastPage = z
  .enum(PAST_LAST_PAGE_READINGS)
  .nullable()
  .describe('what GET /v3/consultas/{adminMail} answers for a page past the last: 200 with no entries, 404, or 400 keyed pagina (null: not known)');

// Endpoints > Marcas: "responses beyond 200 for this path: not shown"; what a make nobody registers gets.
const marcasNoMatch = z
  .enum(MARCAS_NO_MATCH_READINGS)
  .nullable()
  .describe('what GET /v3/marcas/bestmatch answers for a make that matches none: 404, 400 keyed make, or 200 with the nearest make (null: not known)');

// Endpoints: bodies are "(application/json or text/json)"; how one labelled otherwise is refused is not shown.
const bodyTypeRefusal = z
  .enum(BODY_TYPE_REFUSAL_READINGS)
  .nullable()
  .describe('what a valid request body labelled with a media type other than json or text/json gets: 415, or 400 with a validation problem (null: not known)');

/**
 * The profile as a file holds it: credentials, plus whatever the user (or `vmp-conformance init`) gave. Every
 * key `run` can infer from the target may be left out (sut/infer/); explicit values always win. This is the
 * schema published as profile.schema.json.
 */
export const profileFileSchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  $comment: comments.optional(),
  $inferred: inferredMarks.optional(),
  apps: z.strictObject({
    primary: app.describe('an app with agencies and inquiries'),
    other: app.describe('a second app, for scoping checks'),
    empty: app.optional().describe('an app with no agencies'),
  }),
  conditionalRequestHeader: headerName
    .nullable()
    .optional()
    .describe('what triggers 304 on GET /v3 (default If-None-Match; null: not known, the checks of 304 skip)'),
  mediaTypeSelection: mediaTypeSelection.optional(),
  topics: topics.partial().optional(),
  templates: templates.partial().optional(),
  simulationHooks: simulationHooks.optional(),
  fixtures: fixtures.optional(),
  invitationDomain: invitationDomain.optional().describe('e-mails the run invents use this domain (default example.test)'),
  resendMaxAgeDays: z.number().int().positive().optional(),
  inquiryPageSize: inquiryPageSize.optional(),
  timeZone: timeZone.optional(),
  today: z.string().refine(isCalendarDate, 'expected yyyy-mm-dd').optional().describe("the target's today, when fixed"),
  catalogKeys: catalogAreas.optional(),
  invitationState: z.strictObject({ pointer: jsonPointer }).optional(),
  webhooks: webhooks
    .extend({ signature: z.union([signature, secretOnly]).nullable() })
    .partial()
    .optional(),
  pastLastPage: pastLastPage.optional(),
  marcasNoMatch: marcasNoMatch.optional(),
  bodyTypeRefusal: bodyTypeRefusal.optional(),
  unavailableTopics: unavailableTopics.optional(),
});

/** The complete profile a run works with: the file's values, then what was inferred, then the defaults. */
export const profileSchema = profileFileSchema.extend({
  conditionalRequestHeader: headerName.nullable().default('If-None-Match').describe('what triggers 304 on GET /v3 (null: not known)'),
  mediaTypeSelection: mediaTypeSelection.default({ header: 'Accept' }),
  topics,
  templates,
  simulationHooks: simulationHooks.default(null),
  fixtures: fixtures.default({}),
  invitationDomain,
  inquiryPageSize: inquiryPageSize.default(100),
  timeZone: timeZone.default('UTC'),
  catalogKeys: catalogAreas.default({}),
  webhooks: webhooks
    .extend({
      consultaPointer: webhooks.shape.consultaPointer.default(null),
      signature: webhooks.shape.signature.default(null),
      deliveryDeadlineMs: webhooks.shape.deliveryDeadlineMs.default(5_000),
      resendWithoutCallback: webhooks.shape.resendWithoutCallback.default('accept'),
      resendLocationWithoutCallback: webhooks.shape.resendLocationWithoutCallback.default(null),
    })
    .default({ consultaPointer: null, signature: null, deliveryDeadlineMs: 5_000, resendWithoutCallback: 'accept', resendLocationWithoutCallback: null }),
  pastLastPage: pastLastPage.default(null),
  marcasNoMatch: marcasNoMatch.default(null),
  bodyTypeRefusal: bodyTypeRefusal.default(null),
  unavailableTopics: unavailableTopics.default({}),
});

export type DraftProfile = z.output<typeof profileFileSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;
export type AppName = keyof Profile['apps'];
