import { statementById } from '../models/index.ts';
import { STANDARD_WEBHOOKS_HEADERS } from '../webhooks/signature.ts';
import { gapMarks } from './gap-marks.ts';
import type { DocumentChoices } from './profile-choices.ts';
import { schemaRef, type JsonSchema } from './schemas.ts';

// Events: the two webhooks the service sends the app, as OpenAPI 3.1's top-level `webhooks`. Their payloads,
// headers and signing are not shown: the inquiry payload is the resendwebhook body (the profile's
// consultaPointer says where its Consulta sits), the registration payload any JSON, and the signature headers
// are the profile's scheme's.

const quote = (id: string): string => statementById(id)?.quote ?? '';

interface EventSpec {
  /** The Events table's row. */
  name: string;
  statement: string;
  topic: keyof NonNullable<DocumentChoices['topics']>;
  /** The payload's component; none: any JSON value (the registration event's payload is not shown). */
  payload?: string;
}

const EVENTS: Readonly<Record<string, EventSpec>> = {
  'inquiry-webhook': { name: 'Inquiry webhook', statement: 'events/inquiry', topic: 'inquiry', payload: 'InquiryWebhookPayload' },
  'agency-registration-completed': { name: 'Agency registration completed', statement: 'events/registration', topic: 'registration' },
};

function signatureHeaders(signature: DocumentChoices['signature']): JsonSchema[] {
  if (signature === undefined) return [];
  const names = typeof signature === 'object' ? [signature.header] : [...STANDARD_WEBHOOKS_HEADERS];
  const scheme = typeof signature === 'object' ? 'hmac-sha256' : signature;
  return names.map((name) => ({
    name,
    in: 'header',
    required: true,
    description: `signature (${scheme}, the profile's webhooks.signature)`,
    schema: { type: 'string' },
  }));
}

export function webhooksObject(choices: DocumentChoices): JsonSchema {
  const entries = Object.entries(EVENTS).map(([key, ev]) => {
    const topic = choices.topics?.[ev.topic];
    const parameters = signatureHeaders(choices.signature);
    const post = {
      operationId: key,
      summary: `${ev.name}: ${quote(ev.statement)}`,
      description: `Sent to the callback URL configured for the app's ${ev.topic} topic${topic ? ` ('${topic}')` : ''} through /v3/appnotificaciones/{topic}.`,
      ...(parameters.length > 0 ? { parameters } : {}),
      requestBody: { required: true, content: { 'application/json': { schema: ev.payload ? schemaRef(ev.payload) : {} } } },
      responses: { '2XX': { description: 'the app acknowledges the delivery' } },
      ...(topic ? { 'x-vmp-topic': topic } : {}),
      ...gapMarks({ kind: 'webhook' }, choices.filled),
    };
    return [key, { post }];
  });
  return Object.fromEntries(entries);
}
