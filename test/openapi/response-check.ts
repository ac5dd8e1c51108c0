import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';

// Judges an HTTP response by an OpenAPI 3.1 document alone, with Ajv (a JSON Schema validator we did not write):
// the operation is found among the document's path templates, the response by status (or its `2XX` range), the
// schema by the Content-Type. Nothing here reads models/ or the catalog: it is the cross-check of both.

// ajv-formats is CommonJS: its default export is the plugin itself at run time.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;
const DOC_ID = 'https://vmp-conformance.invalid/openapi.json';

export interface RecordedExchange {
  method: string;
  /** The request target as sent: path and query. */
  url: string;
  /** The request was made with the credentials of one of the profile's apps. */
  authenticated: boolean;
  /** The media type the request named (Accept, or the profile's query parameter), if any. */
  asked?: string;
  /** The media type the request's body was labelled with (its Content-Type), if it had one. */
  contentType?: string;
  status: number;
  /** Response headers, names lower case. */
  headers: Record<string, string>;
  body: string;
}

export type Verdict =
  | { kind: 'valid'; operation: string; status: string; mediaType?: string }
  | { kind: 'outside'; reason: string }
  | { kind: 'invalid'; reason: string };

const escapePointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

interface Template {
  path: string;
  parts: string[];
  literals: number;
}

function templates(doc: Json): Template[] {
  return Object.keys(doc.paths as Json)
    .map((path) => {
      const parts = path.split('/').slice(1);
      return { path, parts, literals: parts.filter((p) => !p.startsWith('{')).length };
    })
    .sort((a, b) => b.literals - a.literals);
}

function matchPath(all: Template[], url: string): string | undefined {
  const segments = url.split('?')[0]!.split('/').slice(1);
  return all.find((t) => t.parts.length === segments.length && t.parts.every((p, i) => (p.startsWith('{') ? segments[i] !== '' : p === segments[i])))?.path;
}

/** The response key that covers a status: the status itself, else its range (`2XX`), else `default`. */
function responseKey(responses: Json, status: number): string | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return [exact, range, 'default'].find((key) => key in responses);
}

/** RFC 9110 section 4.1: servers should support request targets of 8000 octets; past them 414 or 431. */
const URI_OCTETS = 8000;

/** The media types an operation's successes offer. */
function offered(responses: Json): string[] {
  return Object.entries(responses)
    .filter(([key]) => key.startsWith('2'))
    .flatMap(([, r]) => Object.keys(((r as Json).content ?? {}) as Json));
}

/** The media types an operation's request body may be labelled with. */
const taken = (operation: Json): string[] => Object.keys(((operation.requestBody as Json | undefined)?.content ?? {}) as Json);

/** A Content-Type without its parameters, lower case (RFC 9110 section 8.3.1: the type and subtype are case-insensitive). */
const essence = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

/** Why a status the operation does not document is still no departure from the document, if it is not. */
function undocumented(x: RecordedExchange, operation: Json): string | undefined {
  const responses = operation.responses as Json;
  if (x.status === 406 && x.asked !== undefined && !offered(responses).includes(x.asked)) return 'a media type the operation does not offer (406)';
  const types = taken(operation);
  if (x.status === 415 && x.contentType !== undefined && types.length > 0 && !types.includes(essence(x.contentType)))
    return 'a request body of a media type the operation does not take (415)';
  if ((x.status === 414 || x.status === 431) && Buffer.byteLength(x.url) > URI_OCTETS) return `a request target past ${URI_OCTETS} octets (${x.status})`;
  return undefined;
}

export class ResponseChecker {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly paths: Template[];

  constructor(private readonly doc: Json) {
    this.ajv.addSchema(doc, DOC_ID);
    this.paths = templates(doc);
  }

  private validator(pointer: string): ValidateFunction {
    let v = this.compiled.get(pointer);
    if (!v) {
      v = this.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      this.compiled.set(pointer, v);
    }
    return v;
  }

  private errors(v: ValidateFunction): string {
    return this.ajv.errorsText(v.errors, { separator: '; ' }).slice(0, 500);
  }

  check(x: RecordedExchange): Verdict {
    const path = matchPath(this.paths, x.url);
    if (!path) return { kind: 'outside', reason: 'a path the document does not have' };
    const method = x.method.toLowerCase();
    const operation = (this.doc.paths as Record<string, Record<string, Json>>)[path]![method];
    if (!operation) return { kind: 'outside', reason: `${x.method} is not an operation of ${path}` };
    if (!x.authenticated) return { kind: 'outside', reason: 'no credentials of an app' };
    const id = `${x.method} ${path}`;
    const responses = operation.responses as Json;
    const key = responseKey(responses, x.status);
    if (!key) return { kind: 'outside', reason: undocumented(x, operation) ?? `status ${x.status} of ${id}` };
    const response = responses[key] as Json;
    const base = `/paths/${escapePointer(path)}/${method}/responses/${key}`;

    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const value = x.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) return { kind: 'invalid', reason: `${id} ${x.status}: header ${name} missing` };
        continue;
      }
      const v = this.validator(`${base}/headers/${escapePointer(name)}/schema`);
      if (!v(value)) return { kind: 'invalid', reason: `${id} ${x.status}: header ${name}: ${this.errors(v)}` };
    }

    const content = response.content as Record<string, Json> | undefined;
    if (x.body === '') {
      return content
        ? { kind: 'invalid', reason: `${id} ${x.status}: no body, the document gives it ${Object.keys(content).join(', ')}` }
        : { kind: 'valid', operation: id, status: key };
    }
    // `default` (codes not shown) describes no body: any body is its own.
    if (!content)
      return key === 'default'
        ? { kind: 'valid', operation: id, status: key }
        : { kind: 'invalid', reason: `${id} ${x.status}: a body, the document defines none` };
    const mediaType = (x.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(mediaType in content))
      return { kind: 'invalid', reason: `${id} ${x.status}: Content-Type ${mediaType}, the document gives ${Object.keys(content).join(', ')}` };
    let body: unknown;
    try {
      body = JSON.parse(x.body);
    } catch {
      return { kind: 'invalid', reason: `${id} ${x.status}: the ${mediaType} body is not JSON` };
    }
    const v = this.validator(`${base}/content/${escapePointer(mediaType)}/schema`);
    if (!v(body)) return { kind: 'invalid', reason: `${id} ${x.status} ${mediaType}: ${this.errors(v)} in ${x.body.slice(0, 300)}` };
    return { kind: 'valid', operation: id, status: key, mediaType };
  }
}
