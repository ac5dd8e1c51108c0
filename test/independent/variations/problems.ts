import { randomUUID } from 'node:crypto';
import { checkParam, endpoint, PROBLEM_MEDIA_TYPE, todayIn } from '../../../models/index.ts';
import { empty, type MutantResponse, problem, type MutantRequest } from '../../mutants/exchange.ts';
import type { Fault, FaultContext } from '../../mutants/fault.ts';
import { isApi, type Variation } from './variation.ts';

// Error answers: what a problem body's members say beyond the listed ones, the 404 and 403 bodies whose fields
// the spec does not give, and which of a row's documented refusals answers first where it orders none.

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A fault on every problem answer of the API's rows with the given status. */
const problems = (statuses: number[], edit: (json: Record<string, unknown>, req: MutantRequest, res: MutantResponse) => unknown): Fault => ({
  response(req, res) {
    if (!isApi(req) || !statuses.includes(res.status)) return;
    const json = res.json();
    if (isRecord(json)) res.setJson(edit(json, req, res));
  },
});

/** Rows naming an agency in their path, with the refusal they give an agency that does not exist for the app. */
const NOT_FOR_THE_APP: Record<string, 403 | 404> = {
  'agencias-put': 403,
  'agencias-desasociar': 403,
  'agencias-productos': 404,
  'consultas-list': 404,
  'consultas-get': 404,
  'consultas-resend': 403,
};

/**
 * The existence of the agency decided before anything else of the request (the spec orders no refusals): a
 * well-formed adminMail the calling app has no agency for is answered with the row's 404 or 403 whatever else is
 * wrong. (A malformed one stays a 400 where the row lists 400: see README, dropped variations.)
 */
function agencyFirst(): Fault {
  return {
    async request(req: MutantRequest, ctx: FaultContext) {
      const refusal = req.endpoint ? NOT_FOR_THE_APP[req.endpoint] : undefined;
      const adminMail = req.param('adminMail');
      if (refusal === undefined || adminMail === undefined || req.app === undefined) return undefined;
      const spec = endpoint(req.endpoint!).params.find((p) => p.name === 'adminMail')!;
      if (!checkParam(spec, adminMail, todayIn(ctx.profile.timeZone)).valid) return undefined;
      const found = await ctx.upstream('GET', `/v3/agencias/${encodeURIComponent(adminMail)}`, { app: req.app });
      if (found.status === 200) return undefined;
      return refusal === 404 ? empty(404) : problem(req, 403, {});
    },
  };
}

/** A value models/param-check.ts leaves undecided (clear: false), as a lenient server reads it. */
function lenient(req: MutantRequest, ctx: FaultContext): MutantResponse | undefined {
  if (!req.endpoint) return undefined;
  const today = todayIn(ctx.profile.timeZone);
  for (const spec of endpoint(req.endpoint).params) {
    const value = spec.in === 'path' ? req.param(spec.name) : (req.query.get(spec.name) ?? undefined);
    const verdict = checkParam(spec, value, today);
    if (value === undefined || verdict.valid || verdict.clear) continue;
    const set = (v: string) => (spec.in === 'path' ? req.setParam(spec.name, v) : req.query.set(spec.name, v));
    if (spec.type === 'integer') set(String(Number(value)));
    else if (spec.type === 'boolean') set(/^(1|yes|on)$/i.test(value) ? 'true' : 'false');
    else if (spec.format === 'email' && spec.in === 'query') set('nadie.variacion@invalid.example');
    // An odd but well-formed address in the path names no agency of the app.
    else if (spec.format === 'email') return (NOT_FOR_THE_APP[req.endpoint] ?? 404) === 404 ? empty(404) : problem(req, 403, {});
  }
  return undefined;
}

export const PROBLEMS: Variation[] = [
  {
    name: 'problem-members-varied',
    kind: 'problems',
    allows:
      'Validation problem body: Type "identifies the kind of problem" (any URI: a URN, about:blank), Title/Detail human-readable, Errors "an array of message strings", Extensions "additional members; may be empty"',
    targets: ['reference'],
    fault: problems([400, 409], (json, _req, res) => ({
      ...json,
      Type: res.status === 409 ? 'about:blank' : 'urn:vmp:problema:validacion',
      Title: 'La solicitud no es válida',
      Detail: null,
      Errors: Object.fromEntries(Object.entries(isRecord(json.Errors) ? json.Errors : {}).map(([k, v]) => [k, [...(v as string[]), 'ver la documentación']])),
      Extensions: { traza: randomUUID(), intento: 1 },
    })),
  },
  {
    // RFC 9457 §3.2 lets a problem carry extension members at the top level; the spec lists its members but
    // does not close the object.
    name: 'problem-extension-members',
    kind: 'problems',
    allows: 'RFC 9457 §3.2: "Problem type definitions MAY extend the problem details object with additional members"',
    targets: ['reference'],
    fault: problems([400, 403, 409], (json) => ({ ...json, TraceId: randomUUID(), Codigo: 'VAL-001' })),
  },
  {
    name: 'not-found-with-problem-body',
    kind: 'problems',
    allows: 'Status codes: "404 … (no body defined)"; Conventions: "Error bodies use application/problem+json"',
    targets: ['reference', 'sur'],
    fault: {
      response(req, res) {
        if (!isApi(req) || res.status !== 404 || res.body !== '') return;
        res.headers['content-type'] = PROBLEM_MEDIA_TYPE;
        res.setJson({ type: 'about:blank', title: 'Not Found', status: 404, instance: req.path });
      },
    },
  },
  {
    // Issue 28 §3: an error answer is not state. A per-response member on every problem body (a 404 given one
    // too) differs between two reads of the same refusal: the model compares refusals by status, never whole.
    name: 'problem-trace-id-per-response',
    kind: 'problems',
    allows:
      'Validation problem body: "Extensions … additional members; may be empty"; Status codes: "404 … (no body defined)"; Errors: "The 403 body is a problem body …; its fields: not shown"',
    targets: ['reference', 'indep'],
    fault: {
      response(req, res) {
        if (!isApi(req) || res.status < 400 || res.status >= 500) return;
        const json = res.body === '' ? { title: 'Not Found', status: res.status } : res.json();
        if (!isRecord(json)) return;
        res.headers['content-type'] = PROBLEM_MEDIA_TYPE;
        res.setJson({ ...json, traceId: randomUUID() });
      },
    },
  },
  {
    name: 'forbidden-title-only',
    kind: 'problems',
    allows: 'Errors: "The 403 body is a problem body (application/problem+json); its fields: not shown"',
    targets: ['reference'],
    fault: problems([403], () => ({ title: 'Prohibido' })),
  },
  {
    name: 'conflict-entry-level',
    kind: 'problems',
    allows: 'Validation problem body: "the key _ holds entry-level problems that belong to no single property" (a conflict is one)',
    targets: ['reference'],
    fault: problems([409], (json) => ({ ...json, Errors: { _: Object.values(isRecord(json.Errors) ? json.Errors : {}).flat() } })),
  },
  {
    name: 'instance-decoded',
    kind: 'problems',
    allows: 'Validation problem body: "Instance | string | URI path of the request" (%40 and @ name the same path: RFC 3986 §3.3)',
    targets: ['reference'],
    fault: problems([400, 409], (json) => ({ ...json, Instance: typeof json.Instance === 'string' ? json.Instance.replace(/%40/gi, '@') : json.Instance })),
  },
  {
    name: 'agency-existence-first',
    kind: 'statuses',
    allows:
      'Endpoints: "codes listed are the ones defined" (no row orders its refusals); Authentication: "An agency that does not exist for the app is answered as not found (404) or, on modifying operations that name the agency, as forbidden (403)"',
    targets: ['reference'],
    fault: agencyFirst(),
  },
  {
    name: 'undocumented-errors-bodiless',
    kind: 'problems',
    allows: 'Errors: "Responses for authentication failure, throttling and server failure: not shown" (401, 405, 406, 413, 415 are no row\'s)',
    targets: ['reference', 'reference-query'],
    fault: {
      response(_req, res) {
        if (![401, 405, 406, 413, 415].includes(res.status)) return;
        delete res.headers['content-type'];
        res.body = '';
      },
    },
  },
  {
    // Availability is the app's: the second and the empty app have no topic available, so they configure none.
    name: 'topics-for-the-primary-app-only',
    kind: 'statuses',
    allows:
      'Events: "only topics available to the app can be configured (otherwise 403)"; GET /v3/appnotificaciones/{topic}: "404 (webhook unavailable or never configured)"',
    targets: ['reference', 'reference-alt'],
    fault: {
      request(req) {
        if (!req.endpoint?.startsWith('appnotificaciones-') || req.endpoint === 'appnotificaciones-list' || !req.app || req.app === 'primary') return undefined;
        return req.endpoint === 'appnotificaciones-post' ? problem(req, 403, {}) : empty(404);
      },
      response(req, res) {
        if (req.endpoint !== 'appnotificaciones-list' || !req.app || req.app === 'primary' || res.status !== 200) return;
        // The reference's AppWebhooks (reference/README.md): Topicos, each with Disponible and Configurado.
        res.editJson((json) => ({
          ...json,
          Topicos: (Array.isArray(json.Topicos) ? json.Topicos : []).map((t) => (isRecord(t) ? { ...t, Disponible: false, Configurado: false } : t)),
        }));
      },
    },
  },
  {
    // The forms the spec's types neither allow nor forbid (a plus sign or leading zeros, 1/yes for a boolean, a
    // quoted or non-ASCII local part): the reference refuses them, this server reads them as most parsers do.
    name: 'undecided-values-read-leniently',
    kind: 'statuses',
    allows: 'Endpoints: "integer int32", "boolean", "string, email" (their written forms: not given beyond the type names)',
    targets: ['reference'],
    fault: { request: lenient },
  },
];
