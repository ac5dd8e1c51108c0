import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runMain } from '../support/main-in-process.ts';
import { ENDPOINTS, GAPS, MEDIA_TYPES, PROBLEM_MEDIA_TYPE, documentedStatuses, representationModel, statementById, type Endpoint } from '../../models/index.ts';
import { openApiDocument } from '../../openapi/document.ts';
import { checkProfile, readProfileJson } from '../../sut/profile-load.ts';
import { ALT_PROFILE_FILE, PROFILE_FILE } from '../mutants/run-cli.ts';
import { ResponseChecker, type RecordedExchange } from './response-check.ts';

// Issue 16, the spec as an OpenAPI 3.1 document: it validates with a maintained parser, it has every row of the
// catalog with its parameters' limits, every documented status and media type with its model, every gap with
// the spec's words; a profile's choices are filled in and its secrets are not.

// biome-ignore lint/suspicious/noExplicitAny: a JSON document walked by key
type Json = Record<string, any>;

const written = async (file: string) => checkProfile(await readProfileJson(file));
const operationOf = (doc: Json, e: Endpoint): Json => doc.paths[e.path]?.[e.method.toLowerCase()];

/** Components nothing else in the document refers to. */
function unusedComponents(doc: Json): string[] {
  const refs = (value: unknown) => [...JSON.stringify(value).matchAll(/#\/components\/schemas\/(\w+)/g)].map((m) => m[1]!);
  const used = new Set([
    ...refs({ ...doc, components: { ...doc.components, schemas: {} } }),
    ...Object.entries(doc.components.schemas).flatMap(([name, schema]) => refs(schema).filter((r) => r !== name)),
  ]);
  return Object.keys(doc.components.schemas).filter((name) => !used.has(name));
}

/** Every `x-vmp-gap` mark of the document, wherever it sits. */
function gapMarks(value: unknown): Json[] {
  if (Array.isArray(value)) return value.flatMap(gapMarks);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === 'x-vmp-gap' ? (v as Json[]) : gapMarks(v)));
}

let plain: Json;
let reference: Json;
let alt: Json;
beforeAll(async () => {
  plain = openApiDocument();
  reference = openApiDocument({ profile: await written(PROFILE_FILE) });
  alt = openApiDocument({ profile: await written(ALT_PROFILE_FILE) });
});

describe('the OpenAPI document', () => {
  it.each(['plain', 'reference', 'alt'])('validates with @readme/openapi-parser (%s)', async (which) => {
    const doc = { plain, reference, alt }[which]!;
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });

  it('the parser refuses a broken document (its validation can fail)', async () => {
    const broken = structuredClone(plain);
    broken.paths['/v3/agencias/{adminMail}'].get.parameters[0].required = false;
    broken.paths['/v3'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/Nope' };
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('has every row of the catalog, once, with its operationId', () => {
    const operations = Object.values(plain.paths as Json).flatMap((item) => Object.values(item as Json));
    expect(operations.map((o) => o.operationId).sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });

  describe.each(ENDPOINTS.map((e) => [e.id, e] as const))('%s', (_, e) => {
    it('has every parameter with its type, format and limits', () => {
      const params = operationOf(plain, e).parameters ?? [];
      expect(params.map((p: Json) => `${p.in}:${p.name}`)).toEqual(e.params.map((p) => `${p.in}:${p.name}`));
      for (const p of e.params) {
        const got = params.find((q: Json) => q.name === p.name);
        expect(got.required).toBe(p.required);
        if (p.maxLength !== undefined) expect(got.schema.maxLength).toBe(p.maxLength);
        if (p.minLength !== undefined) expect(got.schema.minLength).toBe(p.minLength);
        if (p.maximum !== undefined) expect(got.schema.maximum).toBe(p.maximum);
        if (p.format) expect(got.schema.format).toBe(p.format);
        if (p.minDaysBeforeToday !== undefined) expect(got['x-vmp-min-days-before-today']).toBe(p.minDaysBeforeToday);
      }
    });

    it('has every documented status, the success with each media type the row lists', () => {
      const responses = operationOf(plain, e).responses;
      const success = e.success.source === 'not-shown' ? '2XX' : String(e.success.status);
      expect(
        Object.keys(responses)
          .filter((k) => k !== 'default')
          .sort(),
      ).toEqual([success, ...e.others.map((o) => String(o.status))].sort());
      if (e.success.source !== 'not-shown')
        expect(documentedStatuses(e).map(String).sort()).toEqual(
          Object.keys(responses)
            .filter((k) => k !== 'default')
            .sort(),
        );
      expect('default' in responses).toBe(e.othersNotShown === true);
      for (const form of e.success.mediaTypes ?? []) {
        const schema = responses[success].content[MEDIA_TYPES[form]].schema.$ref;
        expect(schema).toBe(`#/components/schemas/${e.success.representation}${form === 'ref' ? 'Ref' : ''}`);
      }
      for (const h of e.success.headers) expect(responses[success].headers[h.name].required).toBe(true);
    });

    it('gives problem bodies as application/problem+json, and no body where the spec defines none', () => {
      const responses = operationOf(plain, e).responses;
      for (const r of e.others) {
        const content = responses[String(r.status)].content;
        const expected = { 'validation-problem': 'ValidationProblem', problem: 'ForbiddenProblem' }[r.body as string];
        if (expected) expect(content).toEqual({ [PROBLEM_MEDIA_TYPE]: { schema: { $ref: `#/components/schemas/${expected}` } } });
        else expect(content).toBeUndefined();
      }
    });
  });

  it('converts the models with z.toJSONSchema: a component is what zod gives for the model', () => {
    // zod's output, unedited (ConsultaPageRef holds no nullable member, which the document writes as {}).
    const alone = z.toJSONSchema(representationModel('ConsultaPage', 'ref')!) as Json;
    const { $schema: _, ...expected } = alone;
    expect(plain.components.schemas.ConsultaPageRef).toEqual(expected);
    expect(plain.components.schemas.Consulta.properties.Momento).toMatchObject({ type: 'string', format: 'date-time', pattern: expect.any(String) });
    // "nullable" (any JSON value, null included) is {}: no recursive schema, which generators and mocks trip on.
    expect(plain.components.schemas.Consulta.properties.Auto.properties.RefStock).toEqual({});
    expect(JSON.stringify(plain)).not.toContain('AnyJson');
    // Errors > Validation problem body: Type is "string, URI".
    expect(plain.components.schemas.ValidationProblem.properties.Type).toEqual({ type: 'string', format: 'uri' });
    expect(plain.components.schemas.AgenciasRef.anyOf[0].items.additionalProperties).toBe(false);
  });

  it('marks every gap of the spec, with the words of its statements', () => {
    const marks = gapMarks(plain);
    expect(new Set(marks.map((m) => m.gap))).toEqual(new Set(GAPS.map((g) => g.id)));
    for (const m of marks) {
      expect(m.spec.length).toBeGreaterThan(0);
      for (const s of m.spec) expect(s.quote).toBe(statementById(s.statement)!.quote);
      expect(m.filledFromProfile).toBeUndefined();
    }
    expect(plain.paths['/v3/agencias/{adminMail}'].get.responses['404']['x-vmp-gap'].map((m: Json) => m.gap)).toContain('not-found-body');
    expect(plain.paths['/v3/consultas/{adminMail}'].get.parameters.find((p: Json) => p.name === 'pagina')['x-vmp-gap'][0].gap).toBe('pagina-lower-bound');
  });

  it('without a profile, fills in no choice the spec leaves open', () => {
    expect(plain.security).toBeUndefined();
    expect(plain.components.securitySchemes).toBeUndefined();
    expect(plain.info['x-vmp-profile']).toBeUndefined();
    expect(plain.components.schemas.AppWebhookUpsert).toEqual({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} });
    expect(plain.components.schemas.InquiryWebhookPayload).toEqual({});
    // Every component is referred to: the webhook Consulta is one only where a profile says where it sits.
    expect(unusedComponents(plain)).toEqual([]);
    expect(plain.components.schemas.WebhookConsulta).toBeUndefined();
  });
});

describe('with --profile', () => {
  it("fills in the reference profile's choices: bearer auth, topics, template members, the payload's Consulta", async () => {
    const profileJson = JSON.parse(await readFile(PROFILE_FILE, 'utf8')) as Json;
    expect(reference.components.securitySchemes).toEqual({ bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(reference.security).toEqual([{ bearerAuth: [] }]);
    const topic = reference.paths['/v3/appnotificaciones/{topic}'].get.parameters[0];
    expect(topic.schema.examples).toEqual(['consultas', 'agencias.registro']);
    // Conventions: "a field that has no value is sent as null" (the reference server takes null): each template
    // member's type or null; the member the run fills in (the callback URL) carries its value.
    expect(reference.components.schemas.AppWebhookUpsert.properties).toEqual({ Url: { type: 'string', format: 'uri' }, Activo: { type: ['boolean', 'null'] } });
    expect(reference.components.schemas.AgenciaCreate.properties.RazonSocial).toEqual({ type: ['string', 'null'] });
    expect(unusedComponents(reference)).toEqual([]);
    expect(Object.keys(reference.components.schemas.AgenciaCreate.properties)).toEqual(['AdminMail', 'RazonSocial', 'Telefono']);
    expect(reference.components.schemas.AgenciaCreate.required).toEqual(['AdminMail']);
    expect(reference.components.schemas.InquiryWebhookPayload.properties.Consulta).toEqual({ $ref: '#/components/schemas/WebhookConsulta' });
    // The payload may be the Consulta itself (consultaPointer "", the profile's default).
    const atRoot = { ...profileJson, webhooks: { ...profileJson.webhooks, consultaPointer: '' } };
    const payloadAtRoot: Json = openApiDocument({ profile: checkProfile(atRoot) });
    expect(payloadAtRoot.components.schemas.InquiryWebhookPayload).toEqual({ $ref: '#/components/schemas/WebhookConsulta' });
    const home = reference.paths['/v3'].get.parameters;
    expect(home).toEqual([expect.objectContaining({ name: 'If-None-Match', in: 'header' })]);
    const filled = gapMarks(reference)
      .filter((m) => m.filledFromProfile)
      .map((m) => m.gap);
    expect(new Set(filled)).toEqual(
      new Set(['auth-scheme', 'media-type-selection', 'conditional-request-header', 'topic-names', 'webhook-config-fields', 'webhook-delivery']),
    );
  });

  it("fills in the alternative profile's: API key header, media type by query parameter, signature headers, nested payload", () => {
    expect(alt.components.securitySchemes).toEqual({ 'X-Api-Key': expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }) });
    const list = alt.paths['/v3/agencias'].get.parameters;
    expect(list.find((p: Json) => p.name === 'formato')).toMatchObject({ in: 'query', schema: { enum: Object.values(MEDIA_TYPES) } });
    const productos = alt.paths['/v3/agencias/{adminMail}/productos'].get.parameters.find((p: Json) => p.name === 'formato');
    expect(productos.schema.enum).not.toContain(MEDIA_TYPES.ref);
    expect(alt.paths['/v3/agencias'].post.parameters).toBeUndefined();
    const payload = alt.components.schemas.InquiryWebhookPayload;
    expect(payload.properties['Data/v3'].properties['Consulta~']).toEqual({ $ref: '#/components/schemas/WebhookConsulta' });
    const hook = alt.webhooks['inquiry-webhook'].post;
    expect(hook['x-vmp-topic']).toBe('lead.received');
    expect(hook.parameters.map((p: Json) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  });

  it('writes no credential: header values, signing secrets and ${ENV} values stay out', async () => {
    const profileJson = JSON.parse(await readFile(ALT_PROFILE_FILE, 'utf8')) as Json;
    const text = JSON.stringify(alt);
    for (const app of Object.values(profileJson.apps as Json)) for (const value of Object.values(app.headers as Json)) expect(text).not.toContain(value);
    expect(text).not.toContain(profileJson.webhooks.signature.secret);
    expect(text).not.toContain('dm1wLXJlZmVyZW5jZS1hbHQtc2lnbmluZy1rZXk');
    // A profile of ${ENV} references is described without resolving them, set or not.
    const secret = 'Bearer tok-openapi-9c1f2e7a';
    const withEnv = {
      ...profileJson,
      apps: { primary: { headers: { Authorization: 'Bearer ${VMP_OPENAPI_TOKEN}' } }, other: { headers: { Authorization: '${VMP_OPENAPI_OTHER}' } } },
    };
    process.env.VMP_OPENAPI_OTHER = secret;
    try {
      const doc = JSON.stringify(openApiDocument({ profile: checkProfile(withEnv) }));
      expect(doc).not.toContain(secret);
      expect(doc).not.toContain('tok-openapi');
      expect(JSON.parse(doc).components.securitySchemes).toMatchObject({
        bearerAuth: { scheme: 'bearer' },
        Authorization: { type: 'apiKey', name: 'Authorization' },
      });
    } finally {
      delete process.env.VMP_OPENAPI_OTHER;
    }
  });
});

describe('the response checker (a check that cannot fail is a defect)', () => {
  const checker = () => new ResponseChecker(plain);
  const exchange = (o: Partial<RecordedExchange>): RecordedExchange => ({
    method: 'GET',
    url: '/v3/agencias/a%40b.example',
    authenticated: true,
    status: 404,
    headers: {},
    body: '',
    ...o,
  });
  const problem = { Errors: { _: ['x'] }, Type: 'https://example.test/p', Title: 't', Status: 400, Detail: 'd', Instance: '/v3', Extensions: {} };

  it.each([
    ['a documented 404 without a body', exchange({}), 'valid'],
    ['a 404 with a body the spec does not define', exchange({ body: '{}', headers: { 'content-type': 'application/json' } }), 'invalid'],
    ['a 500', exchange({ status: 500 }), 'outside'],
    [
      'a validation problem',
      exchange({ url: '/v3/agencias?operador=x', status: 400, headers: { 'content-type': 'application/problem+json' }, body: JSON.stringify(problem) }),
      'valid',
    ],
    [
      'a problem without Errors',
      exchange({
        url: '/v3/agencias?operador=x',
        status: 400,
        headers: { 'content-type': 'application/problem+json' },
        body: JSON.stringify({ ...problem, Errors: undefined }),
      }),
      'invalid',
    ],
    [
      'a problem as application/json',
      exchange({ url: '/v3/agencias?operador=x', status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify(problem) }),
      'invalid',
    ],
    [
      'a reference list entry with more than href and title',
      exchange({
        url: '/v3/agencias',
        status: 200,
        headers: { 'content-type': MEDIA_TYPES.ref },
        body: JSON.stringify([{ href: '/v3/agencias/a', title: 'a', x: 1 }]),
      }),
      'invalid',
    ],
    ['a 202 invitation without Location', exchange({ method: 'POST', url: '/v3/agencias', status: 202 }), 'invalid'],
    [
      'an inquiry whose Momento has no offset',
      exchange({
        url: '/v3/consultas/a%40b.example/12345678901234567890',
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Momento: '2026-01-01T10:00:00' }),
      }),
      'invalid',
    ],
  ] as const)('%s: %s', (_, x, kind) => {
    expect(checker().check(x).kind).toBe(kind);
  });

  it('a 415 is put down to the body type only where the request labelled its body with a type the operation does not take', () => {
    const post = (contentType?: string) => exchange({ method: 'POST', url: '/v3/appnotificaciones/t', status: 415, ...(contentType ? { contentType } : {}) });
    const reason = (x: RecordedExchange) => {
      const v = checker().check(x);
      return v.kind === 'outside' ? v.reason : v.kind;
    };
    const refusal = 'a request body of a media type the operation does not take (415)';
    expect(reason(post('text/plain; charset=utf-8'))).toBe(refusal);
    expect(reason(post('Application/JSON; charset=utf-8'))).toBe('status 415 of POST /v3/appnotificaciones/{topic}');
    expect(reason(post('text/json'))).toBe('status 415 of POST /v3/appnotificaciones/{topic}');
    expect(reason(post())).toBe('status 415 of POST /v3/appnotificaciones/{topic}');
    expect(reason(exchange({ url: '/v3/agencias', status: 415, contentType: 'text/plain' }))).toBe('status 415 of GET /v3/agencias');
  });
});

describe('vmp-conformance openapi', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vmp-openapi-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const run = runMain;

  it('writes the document to --out, filled in from --profile', async () => {
    const file = path.join(dir, 'openapi.json');
    const { code, out } = await run(['openapi', '--out', file, '--profile', ALT_PROFILE_FILE]);
    expect(code).toBe(0);
    expect(out).toEqual([`wrote ${file}`]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(alt);
  });

  it('prints the document without --out', async () => {
    const { code, out } = await run(['openapi']);
    expect(code).toBe(0);
    expect(JSON.parse(out.join('\n'))).toEqual(plain);
  });

  it.each([
    [['openapi', '--profile', '/nonexistent/profile.json'], /--profile: profile field \(file\): cannot read/],
    [['openapi', '--out', '/nonexistent/dir/openapi.json'], /--out .*: directory .* does not exist/],
    [['openapi', '--format', 'yaml'], /unknown option '--format'/],
  ])('%j exits 2 with one line', async (argv, message) => {
    const { code, err } = await run(argv);
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(message);
  });

  it('names the bad field of a profile', async () => {
    const file = path.join(dir, 'bad-profile.json');
    await writeFile(file, JSON.stringify({ apps: {} }));
    const { code, err } = await run(['openapi', '--profile', file]);
    expect(code).toBe(2);
    expect(err[0]).toMatch(/--profile: profile field apps\.primary/);
  });
});
