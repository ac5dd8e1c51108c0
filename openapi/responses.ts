import {
  MEDIA_FORMS,
  MEDIA_TYPES,
  PROBLEM_MEDIA_TYPE,
  hasRefForm,
  representationOf,
  unlistedForms,
  type BodyKind,
  type Endpoint,
  type HeaderSpec,
  type MediaForm,
  type ResponseSpec,
} from '../models/index.ts';
import { gapMarks } from './gap-marks.ts';
import { schemaName, schemaRef, type JsonSchema } from './schemas.ts';

// Every documented status of a row as an OpenAPI Response Object: the success with each media type the row
// lists (full and reference forms, each with its model), the other codes with their problem bodies, and the
// headers the row names.

/**
 * The media forms a success response may have: those its row lists, or where it lists none (a gap), every
 * form of the Conventions the resource can take (no reference form where the spec gives it none). A response
 * the Endpoints tables do not describe (OPTIONS on an agency URI) may have any.
 */
export function offeredForms(e: Endpoint): MediaForm[] {
  if (e.success.mediaTypes) return e.success.mediaTypes;
  if (e.success.source === 'not-shown') return MEDIA_FORMS;
  const representation = e.success.representation;
  const unlisted = unlistedForms(e);
  return MEDIA_FORMS.filter((f) => !unlisted.includes(f) && (f !== 'ref' || (representation !== undefined && hasRefForm(representation))));
}

/** The model of one form; a reference form the spec ties to no model (OPTIONS) takes the full form's. */
function formSchema(e: Endpoint, form: MediaForm): string {
  const representation = e.success.representation!;
  const r = representationOf(form);
  return schemaName(representation, r === 'ref' && !hasRefForm(representation) ? 'full' : r);
}

const HEADER_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  // "URI of the agency": absolute or relative is not shown (the gap location-form).
  Location: { type: 'string', format: 'uri-reference' },
  ETag: { type: 'string' },
};

function headers(e: Endpoint, specs: HeaderSpec[], filled: ReadonlySet<string>): JsonSchema {
  if (specs.length === 0) return {};
  const entries = specs.map((h) => [
    h.name,
    {
      description: h.meaning,
      required: true,
      schema: HEADER_SCHEMAS[h.name] ?? { type: 'string' },
      ...gapMarks({ kind: 'header', endpoint: e, header: h }, filled),
    },
  ]);
  return { headers: Object.fromEntries(entries) };
}

const content = (entries: [string, string][]): JsonSchema => ({
  content: Object.fromEntries(entries.map(([mediaType, schema]) => [mediaType, { schema: schemaRef(schema) }])),
});

/** The content of a response with a body of this kind; none for a body the spec does not define. */
const BODIES: Readonly<Record<BodyKind, (e: Endpoint) => JsonSchema>> = {
  none: () => ({}),
  'undefined-body': () => ({}),
  representation: (e) => content(offeredForms(e).map((f) => [MEDIA_TYPES[f], formSchema(e, f)])),
  'webhook-payload': (e) => content(offeredForms(e).map((f) => [MEDIA_TYPES[f], 'InquiryWebhookPayload'])),
  'validation-problem': () => content([[PROBLEM_MEDIA_TYPE, 'ValidationProblem']]),
  problem: () => content([[PROBLEM_MEDIA_TYPE, 'ForbiddenProblem']]),
};

const SOURCES: Readonly<Record<ResponseSpec['source'], string>> = {
  row: '',
  preamble: ' (Endpoints: "Every endpoint may answer 400 with a validation problem body unless the table lists only other codes")',
  'not-shown': ' (its status is not shown: any 2xx)',
};

/** The responses object of one row: status (or `2XX` where the code is not shown) → Response Object. */
export function responsesObject(e: Endpoint, filled: ReadonlySet<string>): JsonSchema {
  const success = e.success;
  const out: JsonSchema = {
    [success.source === 'not-shown' ? '2XX' : String(success.status)]: {
      description: `${success.meaning}${SOURCES[success.source]}`,
      ...headers(e, success.headers, filled),
      ...BODIES[success.body](e),
      ...gapMarks({ kind: 'response', endpoint: e, response: success }, filled),
    },
  };
  for (const r of e.others) {
    out[String(r.status)] = {
      description: `${r.meaning}${SOURCES[r.source]}`,
      ...BODIES[r.body](e),
      ...gapMarks({ kind: 'response', endpoint: e, response: r }, filled),
    };
  }
  // "Responses beyond 200 for this path: not shown", "Any further … response codes …: not shown": OpenAPI's
  // `default` says other codes may come, their bodies undescribed.
  if (e.othersNotShown) out.default = { description: 'codes beyond those listed: not shown', ...gapMarks({ kind: 'otherCodes', endpoint: e }, filled) };
  return out;
}
