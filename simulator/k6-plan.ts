import { z } from 'zod';
import { endpoint, type RepresentationName } from '../models/index.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../sut/client.ts';
import type { Profile } from '../sut/profile.ts';
import { KEYWORDS } from './k6/schema-check.js';
import { weightedSequence, type Operation } from './load-mix.ts';
import { responseModel } from './load-recorder.ts';

// The data file of a k6 export (vmp-load-data.json): `load`'s own mix and sequence, each operation's documented
// success and the JSON Schema of its model (zod's toJSONSchema of models/, never a hand-written copy), and the
// profile's credential headers as templates over k6 environment variables — never their values.

export interface K6Operation {
  id: string;
  endpointId: string;
  path: string;
  /** Headers that are no credential (the media type asked for): sent as written. */
  headers: Record<string, string>;
  weight: number;
  /** The row's documented success status, which a sampled response must have. */
  success: number;
  representation?: RepresentationName;
  /** Key of the JSON Schema in validation.schemas; absent when the row names no model. */
  schema?: string;
  /** The k6 check's name. */
  check: string;
}

export interface K6Plan {
  generatedBy: string;
  /** The target the export was made against; BASE_URL overrides it. */
  baseUrl: string;
  timeoutMs: number;
  /** Header name → value with `${NAME}` for each k6 environment variable it is made of. */
  credentialHeaders: Record<string, string>;
  operations: K6Operation[];
  /** Indexes into operations, in `load`'s order (weightedSequence). */
  sequence: number[];
  validation: { every: number; bodyCap: number; schemas: Record<string, unknown> };
}

export class UncheckableSchemaError extends Error {
  readonly code = 'VMP_ERR_K6_SCHEMA';
}

const ENV_REF = /\$\{[A-Za-z_][A-Za-z0-9_]*\}/;

/** VMP_PRIMARY_AUTHORIZATION for the Authorization header of the primary app. */
export const envNameFor = (header: string): string => `VMP_PRIMARY_${header.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/**
 * What the script puts in a credential header: the profile's own `${NAME}` references where it has them (so the
 * same variables serve `run` and k6), otherwise one variable named for the header.
 */
export function credentialTemplates(profile: Profile, profileJson: unknown): Record<string, string> {
  const raw = (profileJson as { apps?: { primary?: { headers?: Record<string, unknown> } } } | undefined)?.apps?.primary?.headers ?? {};
  const templates: Record<string, string> = {};
  for (const name of Object.keys(profile.apps.primary.headers)) {
    const written = raw[name];
    templates[name] = typeof written === 'string' && ENV_REF.test(written) ? written : `\${${envNameFor(name)}}`;
  }
  return templates;
}

/** Every keyword a schema uses, so one schema-check.js does not know is refused at export, not skipped in k6. */
function checkKeywords(schema: unknown, where: string): void {
  if (Array.isArray(schema)) {
    for (const s of schema) checkKeywords(s, where);
    return;
  }
  if (schema === null || typeof schema !== 'object') return;
  for (const [key, value] of Object.entries(schema)) {
    if (!KEYWORDS.includes(key))
      throw new UncheckableSchemaError(`the JSON Schema of ${where} uses '${key}', which the k6 script's check does not know (simulator/k6/schema-check.js)`);
    // Under properties and $defs the keys are names, not keywords.
    if (key === 'properties' || key === '$defs') {
      for (const s of Object.values(value as object)) checkKeywords(s, where);
    } else if (key !== 'const' && key !== 'enum' && key !== 'default' && key !== 'examples') checkKeywords(value, where);
  }
}

export function buildK6Plan(o: {
  operations: readonly Operation[];
  profile: Profile;
  profileJson: unknown;
  baseUrl: string;
  timeoutMs: number;
  validateEvery: number;
  generatedBy: string;
}): K6Plan {
  const credentials = new Map(Object.entries(o.profile.apps.primary.headers));
  const schemas: Record<string, unknown> = {};
  const operations = o.operations.map((op): K6Operation => {
    const success = endpoint(op.endpointId).success.status;
    const model = responseModel(op);
    if (model && !(model.key in schemas)) {
      const { $schema: _dialect, ...schema } = z.toJSONSchema(model.model, { io: 'output', unrepresentable: 'any' });
      checkKeywords(schema, model.key);
      schemas[model.key] = schema;
    }
    return {
      id: op.id,
      endpointId: op.endpointId,
      path: op.path,
      headers: Object.fromEntries(Object.entries(op.headers).filter(([name, value]) => credentials.get(name) !== value)),
      weight: op.weight,
      success,
      ...(model ? { representation: model.representation, schema: model.key } : {}),
      check: `${op.endpointId} answers ${success}${model ? ` with a valid ${model.representation}` : ''}`,
    };
  });
  const index = new Map(o.operations.map((op, i) => [op, i]));
  return {
    generatedBy: o.generatedBy,
    baseUrl: o.baseUrl,
    timeoutMs: o.timeoutMs,
    credentialHeaders: credentialTemplates(o.profile, o.profileJson),
    operations,
    sequence: weightedSequence(o.operations).map((op) => index.get(op)!),
    validation: { every: o.validateEvery, bodyCap: DEFAULT_MAX_BODY_BYTES, schemas },
  };
}
