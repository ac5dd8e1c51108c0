import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { PathTemplates } from '../../models/path-template.ts';
import { openApiDocument } from '../../openapi/document.ts';
import type { JsonSchema } from '../../openapi/schemas.ts';
import { listenLocal, readBody } from './local-http.ts';

// Issue 21, "never pass what was not tested": a stateless mock generated from our own OpenAPI document, as
// Prism's `mock` in static mode would be (Prism is not installed here). Every request to a row gets that row's
// lowest success status, its headers and a body generated once from the response schema — the same answer
// whatever was asked, valid against the document and meaning nothing. Strings take a sample of their format or
// pattern ("string" otherwise, also for ETag), integers their lower bound, arrays one item, objects the
// properties they list. Media types follow Accept as Prism negotiates; an unknown path is 404, an undefined
// method 405, both with a problem body.

type Schema = JsonSchema;

/** Samples by format, and the candidates tried against a pattern (the document's patterns are few). */
const FORMAT_SAMPLES: Record<string, string> = {
  email: 'user@example.com',
  uri: 'http://example.com',
  'uri-reference': '../dictionary',
  'date-time': '2019-08-24T14:15:22Z',
  date: '2019-08-24',
};
const PATTERN_CANDIDATES = ['string', ...Object.values(FORMAT_SAMPLES)];

export class MockSampleError extends Error {
  readonly code = 'VMP_ERR_MOCK_SAMPLE';
}

function sampleString(s: Schema): string {
  const byFormat = typeof s.format === 'string' ? FORMAT_SAMPLES[s.format] : undefined;
  const candidates = byFormat ? [byFormat] : PATTERN_CANDIDATES;
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
  const found = candidates.find((c) => !pattern || pattern.test(c));
  if (found === undefined) throw new MockSampleError(`no sample matches the pattern ${String(s.pattern)}`);
  return found;
}

function sampleOfType(type: string, s: Schema, sample: (s: Schema) => unknown): unknown {
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number': {
      if (typeof s.exclusiveMinimum === 'number') return Math.max(s.exclusiveMinimum + 1, 0);
      return typeof s.minimum === 'number' ? Math.max(s.minimum, 0) : 0;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return s.items ? [sample(s.items as Schema)] : [];
    default: {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sample(v)]));
    }
  }
}

/** A schema-valid value for a schema of the document (openapi-sampler's static choices: the first alternative). */
export function sampleOf(schema: Schema, components: Record<string, Schema>): unknown {
  const sample = (s: Schema): unknown => {
    if (typeof s.$ref === 'string') return sample(components[s.$ref.replace('#/components/schemas/', '')] ?? {});
    if ('const' in s) return s.const;
    if (Array.isArray(s.enum)) return s.enum[0];
    const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    if (alternatives?.[0]) return sample(alternatives[0]);
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    if (typeof type === 'string') return sampleOfType(type, s, sample);
    return s.properties ? sampleOfType('object', s, sample) : {};
  };
  return sample(schema);
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** Media type → body. */
  bodies: [string, string][];
}

/** The constant answer of one operation: its lowest success status, headers and bodies. */
function answerOf(op: Schema, components: Record<string, Schema>): Answer {
  const responses = op.responses as Record<string, Schema>;
  const code = Object.keys(responses)
    .filter((k) => k.startsWith('2'))
    .sort()[0]!;
  const response = responses[code]!;
  const headers = Object.fromEntries(
    Object.entries((response.headers ?? {}) as Record<string, Schema>).map(([name, h]) => [name, String(sampleOf((h.schema ?? {}) as Schema, components))]),
  );
  const content = (response.content ?? {}) as Record<string, Schema>;
  const bodies = Object.entries(content).map(([type, m]) => [type, JSON.stringify(sampleOf((m.schema ?? {}) as Schema, components))] as [string, string]);
  return { status: code === '2XX' ? 200 : Number(code), headers, bodies };
}

/** Prism's negotiation: the first offered type the Accept header takes (q aside), the first offered without one. */
function negotiate(accept: string | undefined, bodies: readonly [string, string][]): [string, string] | undefined {
  if (!accept) return bodies[0];
  const wanted = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  for (const w of wanted) {
    if (w === '*/*') return bodies[0];
    const hit = bodies.find(([type]) => type === w || (w.endsWith('/*') && type.startsWith(w.slice(0, -1))));
    if (hit) return hit;
  }
  return undefined;
}

function problem(res: ServerResponse, status: number, title: string): void {
  res.writeHead(status, { 'content-type': 'application/problem+json' });
  res.end(JSON.stringify({ type: 'about:blank', title, status }));
}

export interface StatelessMock {
  url: string;
  /** Requests it answered, for the test to see the run reached it. */
  readonly answered: number;
  close(): Promise<void>;
}

export interface MockOptions {
  /** A row answered 500 instead (`GET /v3/colores`): a target whose server errors the run must report. */
  failing?: { method: string; path: string };
}

export async function startStatelessMock(options: MockOptions = {}): Promise<StatelessMock> {
  const doc = openApiDocument() as Schema;
  const components = (doc.components as { schemas: Record<string, Schema> }).schemas;
  const routes = new PathTemplates(
    Object.entries(doc.paths as Record<string, Record<string, Schema>>).map(([template, ops]) => {
      const answers = new Map(Object.entries(ops).map(([method, op]) => [method.toUpperCase(), answerOf(op, components)] as const));
      return [template, answers] as const;
    }),
  );
  let answered = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    await readBody(req);
    answered += 1;
    const path = new URL(req.url ?? '/', 'http://mock').pathname;
    const route = routes.find(path);
    if (!route) return problem(res, 404, 'no path matched');
    const answer = route.value.get(req.method ?? 'GET');
    if (!answer) return problem(res, 405, 'method not allowed');
    const failing = options.failing;
    if (failing && failing.method === req.method && failing.path === route.template) return problem(res, 500, 'internal server error');
    if (answer.bodies.length === 0) {
      res.writeHead(answer.status, answer.headers);
      return void res.end();
    }
    const chosen = negotiate(req.headers.accept, answer.bodies);
    if (!chosen) return problem(res, 406, 'not acceptable');
    res.writeHead(answer.status, { ...answer.headers, 'content-type': chosen[0] });
    res.end(chosen[1]);
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => problem(res, 500, 'mock failure'));
  });
  const url = await listenLocal(server);
  return {
    url,
    get answered() {
      return answered;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
