import { z } from 'zod';
import { isCalendarDate } from '../models/index.ts';
import { HEADER_NAME, HEADER_NAME_MESSAGE } from './http-syntax.ts';

// The target profile: everything about a target that the spec leaves open. Its key names are a public
// contract (README, profile.schema.json). Header values may be `${ENV_VAR}` references, resolved at load time.

/** The hooks base: an absolute http(s) URL, or a path; neither with a query, a fragment or white space. */
function hooksBase(value: string): boolean {
  if (/[\s?#]/.test(value)) return false;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return true;
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

const headerName = z.string().regex(HEADER_NAME, HEADER_NAME_MESSAGE);
const headerMap = z.record(headerName, z.string()).describe('request headers that authenticate the app');
const app = z.strictObject({ headers: headerMap });
const jsonPointer = z.string().regex(/^(\/[^/]*)*$/, 'expected a JSON pointer such as /Consulta or ""');

/** Fields of a catalog record that bestmatch matches against, as JSON pointers into the full form. */
const catalogKeys = z.record(z.string(), jsonPointer);

const signature = z.discriminatedUnion('scheme', [
  z.strictObject({ scheme: z.literal('standard-webhooks'), secret: z.string() }),
  z.strictObject({ scheme: z.literal('hmac-sha256'), header: headerName, secret: z.string() }),
]);

export const profileSchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  apps: z.strictObject({
    primary: app.describe('an app with agencies and inquiries'),
    other: app.describe('a second app, for scoping checks'),
    empty: app.optional().describe('an app with no agencies'),
  }),
  conditionalRequestHeader: headerName.default('If-None-Match').describe('what triggers 304 on GET /v3'),
  mediaTypeSelection: z
    .union([z.strictObject({ header: headerName }), z.strictObject({ query: z.string().min(1) })])
    .default({ header: 'Accept' })
    .describe('how a request names the media type it wants'),
  topics: z.strictObject({
    inquiry: z.string().min(1),
    registration: z.string().min(1),
    unavailable: z.string().min(1),
  }),
  templates: z.strictObject({
    webhookUpsert: z.record(z.string(), z.unknown()).describe('{{url}}: the callback URL to configure'),
    agenciaCreate: z.record(z.string(), z.unknown()).describe('{{adminMail}}: the invited e-mail'),
    agenciaEdit: z.record(z.string(), z.unknown()),
  }),
  simulationHooks: z
    .string()
    .refine(hooksBase, 'expected a path relative to the base URL (/_sim) or an absolute http(s) URL, without query or fragment')
    .nullable()
    .default(null)
    .describe('relative to the base URL, absolute, or null'),
  fixtures: z
    .strictObject({
      agency: z.email().optional(),
      inquirySid: z.string().optional(),
      operador: z.email().optional(),
    })
    .default({}),
  invitationDomain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'expected a domain such as example.test'),
  resendMaxAgeDays: z.number().int().positive().optional(),
  inquiryPageSize: z.number().int().positive().default(100),
  timeZone: z
    .string()
    .default('UTC')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'expected an IANA time zone such as UTC or America/Argentina/Buenos_Aires'),
  today: z.string().refine(isCalendarDate, 'expected yyyy-mm-dd').optional().describe("the target's today, when fixed"),
  catalogKeys: z
    .strictObject({
      carrocerias: catalogKeys.optional(),
      ciudades: catalogKeys.optional(),
      states: catalogKeys.optional(),
      marcas: catalogKeys.optional(),
      colores: catalogKeys.optional(),
    })
    .default({}),
  invitationState: z.strictObject({ pointer: jsonPointer }).optional(),
  webhooks: z
    .strictObject({
      consultaPointer: jsonPointer.default('').describe('where the Consulta sits in an inquiry webhook payload'),
      signature: signature.nullable().default(null),
      // Events give no delivery time; a queued sender may need longer than a local one. Below the checks' 60 s.
      deliveryDeadlineMs: z.number().int().min(100).max(50_000).default(5_000).describe('how long a webhook delivery may take'),
      // A 202 carries "Location (URI of the webhook callback)": without a callback a target may refuse (400).
      resendWithoutCallback: z
        .enum(['accept', 'refuse'])
        .default('accept')
        .describe('resendwebhook while the app has no inquiry callback configured: 202 with the payload, or 400'),
      // AppWebhook and AppWebhookUpsert show no fields: where the GET representation keeps each template member's
      // value, so a saved configuration can be put back. Default: a member of the same name, and for the {{url}}
      // member the representation's only absolute URL (target/webhook-restore.ts).
      restoreFrom: z
        .record(z.string(), jsonPointer)
        .optional()
        .describe('per templates.webhookUpsert member: a JSON pointer to its value in the AppWebhook read with GET'),
    })
    .default({ consultaPointer: '', signature: null, deliveryDeadlineMs: 5_000, resendWithoutCallback: 'accept' }),
});

export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;
export type AppName = keyof Profile['apps'];
