import { z } from 'zod';
import {
  ENDPOINTS,
  agenciaCreate,
  anyJson,
  consultaInput,
  forbiddenProblem,
  hasRefForm,
  opaqueResource,
  representationModel,
  validationProblem,
  type Representation,
  type RepresentationName,
  type RequestBodySpec,
} from '../models/index.ts';

// The document's components.schemas: every model the catalog names, converted by zod's own z.toJSONSchema
// from the models (never written out by hand). One registry holds them all, so a model used inside another (the
// webhook Consulta in a payload) is a $ref to its component; the spec's "nullable" members (any JSON value) are {}.

export type JsonSchema = Record<string, unknown>;
export type RequestModel = RequestBodySpec['model'];

/** A component's name: the representation, `Ref` appended for its reference form. */
export const schemaName = (name: RepresentationName, form: Representation): string => (form === 'ref' ? `${name}Ref` : name);

export const schemaRef = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

/** Request bodies the spec names. AgenciaEdit's and AppWebhookUpsert's fields are not shown: any JSON object. */
const REQUEST_MODELS: Record<RequestModel, () => z.ZodObject | z.ZodRecord> = {
  AgenciaCreate: agenciaCreate,
  AgenciaEdit: opaqueResource,
  AppWebhookUpsert: opaqueResource,
};

/** What the target profile adds to the models: the members its templates send, the webhook payload's shape. */
export interface SchemaChoices {
  /** Zod shapes of the members each request body's template sends. */
  requestMembers?: Partial<Record<RequestModel, z.ZodRawShape>>;
  /** Where the Consulta sits in an inquiry webhook payload (the profile's webhooks.consultaPointer). */
  consultaPointer?: string;
}

/**
 * The webhook payload: the Consulta (without _links, as a delivery carries it) nested at the pointer; without
 * a profile, any value (a fresh schema: a registry gives each schema one id, and anyJson's is its own).
 */
function payloadModel(consulta: z.ZodType, pointer: string | undefined): z.ZodType {
  if (pointer === undefined) return z.unknown();
  const tokens =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  // At "" the payload is the Consulta itself: a schema of its own that refers to it (a $ref, not a second id).
  return tokens.reduceRight<z.ZodType>(
    (inner, token) => z.looseObject({ [token]: inner }),
    z.lazy(() => consulta),
  );
}

function requestModel(model: RequestModel, members: z.ZodRawShape | undefined): z.ZodType {
  const base = REQUEST_MODELS[model]();
  if (!members) return base;
  // The template's members are what this target takes; the model's own (AdminMail) keep the model's type.
  const own = base instanceof z.ZodObject ? base.shape : {};
  return z.looseObject({ ...members, ...own });
}

/** The representations the catalog's success responses name, each with its forms. */
function representationForms(): [RepresentationName, Representation][] {
  const names = [...new Set(ENDPOINTS.flatMap((e) => (e.success.representation ? [e.success.representation] : [])))];
  return names.flatMap((name) => [[name, 'full'], ...(hasRefForm(name) ? [[name, 'ref']] : [])] as [RepresentationName, Representation][]);
}

/** Component name → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
export function componentSchemas(choices: SchemaChoices = {}): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  const descriptions = new Map<string, string>();
  // A registry gives each schema instance one id: the same instance under two ids would make every $ref to
  // the first point to the second.
  const add = (schema: z.ZodType, meta: { id: string; description?: string }) => {
    if (registry.has(schema)) throw new Error(`one model registered twice, the second time as ${meta.id}`);
    registry.add(schema, { id: meta.id });
    if (meta.description) descriptions.set(meta.id, meta.description);
  };
  // Registered first, so every "nullable" member (any JSON value) is one component zod refers to; the document
  // then says `{}` there (withoutAnyJson).
  add(anyJson, { id: ANY_JSON });
  for (const [name, form] of representationForms()) add(representationModel(name, form)!, { id: schemaName(name, form) });
  add(validationProblem(), { id: 'ValidationProblem', description: 'Errors > Validation problem body (400, 409; application/problem+json)' });
  add(forbiddenProblem(), { id: 'ForbiddenProblem', description: 'The 403 body is a problem body (application/problem+json); its fields: not shown.' });
  for (const model of Object.keys(REQUEST_MODELS) as RequestModel[]) add(requestModel(model, choices.requestMembers?.[model]), { id: model });
  // Without a profile the payload is any value: the webhook Consulta would be a component nothing refers to.
  const webhookConsulta = consultaInput();
  if (choices.consultaPointer !== undefined)
    add(webhookConsulta, { id: 'WebhookConsulta', description: 'the Consulta a webhook payload carries (its _links are not required)' });
  add(payloadModel(webhookConsulta, choices.consultaPointer), { id: 'InquiryWebhookPayload' });

  const { schemas } = z.toJSONSchema(registry, { uri: (id) => schemaRef(id).$ref });
  // Each schema is a component of one document: no dialect or id of its own (its refs are the document's).
  // Descriptions are added here: zod reads a schema's metadata from the global registry, not this one.
  const out = Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [
      id,
      { ...(descriptions.has(id) ? { description: descriptions.get(id) } : {}), ...schema } as JsonSchema,
    ]),
  );
  if ('__shared' in out) throw new Error(`a model is shared without a component of its own: ${JSON.stringify(out.__shared).slice(0, 200)}`);
  delete out[ANY_JSON];
  return withoutAnyJson(out) as Record<string, JsonSchema>;
}

const ANY_JSON = 'AnyJson';

/**
 * Every reference to the any-JSON-value schema as `{}`, which means the same (any value, null included) without
 * the recursive definition zod writes for z.json(): openapi-typescript's output of that fails tsc (TS2502) and
 * Prism's mock (json-schema-faker) answers a 500 for a schema that holds it.
 */
function withoutAnyJson(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnyJson);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).filter(([key, value]) => !(key === '$ref' && value === schemaRef(ANY_JSON).$ref));
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutAnyJson(value)]));
}
