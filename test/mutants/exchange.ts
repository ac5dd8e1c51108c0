import { ENDPOINTS, PROBLEM_MEDIA_TYPE, type Endpoint } from '../../models/index.ts';
import type { AppName, Profile } from '../../sut/profile.ts';

// The request and response a mutant's fault sees and rewrites: a request parsed against the endpoint catalog
// (so a fault names `agencias-get` and `params.adminMail`, not a regex), serialized back byte for byte when
// the fault leaves it alone, and a response whose JSON body can be edited in place.

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Catalog templates, the most literal first, so `/v3/carrocerias/bestmatch` is not read as `{id}`. */
const TEMPLATES = ENDPOINTS.map((e) => ({ e, parts: e.path.split('/').slice(1) })).sort(
  (a, b) => b.parts.filter((p) => !p.startsWith('{')).length - a.parts.filter((p) => !p.startsWith('{')).length,
);

function match(method: string, segments: string[]): { endpoint: Endpoint; names: Map<number, string> } | undefined {
  for (const { e, parts } of TEMPLATES) {
    if (e.method !== method || parts.length !== segments.length) continue;
    const names = new Map<number, string>();
    const fits = parts.every((p, i) => {
      if (!p.startsWith('{')) return p === segments[i];
      names.set(i, p.slice(1, -1));
      return segments[i] !== '';
    });
    if (fits) return { endpoint: e, names };
  }
  return undefined;
}

/** The app whose every profile header the request carries (names case-insensitive), like the reference's auth. */
function appOf(profile: Profile, headers: Record<string, string>): AppName | undefined {
  const apps = Object.entries(profile.apps) as [AppName, { headers: Record<string, string> }][];
  return apps.find(([, a]) => Object.entries(a.headers).every(([k, v]) => headers[k.toLowerCase()] === v))?.[0];
}

export class MutantRequest {
  readonly method: string;
  headers: Record<string, string>;
  query: URLSearchParams;
  /** The catalog endpoint the request addresses as sent (undefined for hooks, unknown paths). */
  readonly endpoint: string | undefined;
  private readonly raw: string[];
  private readonly originalQuery: string;
  private readonly rawQuery: string;
  private readonly names: Map<number, string>;
  private bytes: Buffer;

  constructor(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Buffer,
    private readonly profile: Profile,
  ) {
    this.method = method;
    this.headers = headers;
    this.bytes = body;
    const q = url.indexOf('?');
    this.raw = (q < 0 ? url : url.slice(0, q)).split('/').slice(1);
    this.rawQuery = q < 0 ? '' : url.slice(q + 1);
    this.query = new URLSearchParams(this.rawQuery);
    this.originalQuery = this.query.toString();
    const found = match(method, this.raw.map(decode));
    this.endpoint = found?.endpoint.id;
    this.names = found?.names ?? new Map();
  }

  /** Decoded path segments: `['v3', 'agencias', 'a@b.example']`. */
  get segments(): string[] {
    return this.raw.map(decode);
  }

  /** The path as it will be forwarded (the raw path as sent, unless a fault changed a segment). */
  get path(): string {
    return `/${this.raw.join('/')}`;
  }

  get url(): string {
    const query = this.query.toString() === this.originalQuery ? this.rawQuery : this.query.toString();
    return query === '' ? this.path : `${this.path}?${query}`;
  }

  /** A decoded path parameter of the catalog endpoint. */
  param(name: string): string | undefined {
    for (const [i, n] of this.names) if (n === name) return decode(this.raw[i]!);
    return undefined;
  }

  setParam(name: string, value: string): void {
    for (const [i, n] of this.names) if (n === name) this.raw[i] = encodeURIComponent(value);
  }

  get app(): AppName | undefined {
    return appOf(this.profile, this.headers);
  }

  /** Sends the request with another app's credentials. */
  actAs(app: AppName): void {
    for (const a of Object.values(this.profile.apps)) for (const k of Object.keys(a?.headers ?? {})) delete this.headers[k.toLowerCase()];
    for (const [k, v] of Object.entries(this.profile.apps[app]?.headers ?? {})) this.headers[k.toLowerCase()] = v;
  }

  /** The body as text; the bytes as sent are forwarded unless a fault sets it. */
  get body(): string {
    return this.bytes.toString('utf8');
  }

  set body(text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  get rawBody(): Buffer {
    return this.bytes;
  }

  json(): unknown {
    try {
      return JSON.parse(this.body);
    } catch {
      return undefined;
    }
  }
}

export class MutantResponse {
  /** Write the body even where HTTP says there is none (204, 304): straight onto the connection after the head. */
  bodyAnyway = false;

  constructor(
    public status: number,
    public headers: Record<string, string>,
    public body: string,
  ) {}

  get contentType(): string {
    return (this.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  }

  json(): unknown {
    try {
      return JSON.parse(this.body);
    } catch {
      return undefined;
    }
  }

  setJson(value: unknown): void {
    this.body = JSON.stringify(value);
  }

  /** Edits the JSON body in place; a body that is no JSON is left alone. */
  // biome-ignore lint/suspicious/noConfusingVoidType: an edit may change the body in place and return nothing
  editJson<T = Record<string, unknown>>(edit: (json: T) => T | void): void {
    const json = this.json();
    if (json === undefined) return;
    const out = edit(json as T);
    this.setJson(out === undefined ? json : out);
  }
}

/** A well-formed validation problem (Errors), as the reference writes them: for faults that refuse wrongly. */
export function problem(req: MutantRequest, status: number, errors: Record<string, string[]> = { _: ['refused by the mutant'] }): MutantResponse {
  const body = {
    Errors: errors,
    Type: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5',
    Title: 'Mutant',
    Status: status,
    Detail: 'mutant',
    Instance: req.path,
    Extensions: {},
  };
  return new MutantResponse(status, { 'content-type': PROBLEM_MEDIA_TYPE }, JSON.stringify(body));
}

export const empty = (status: number, headers: Record<string, string> = {}): MutantResponse => new MutantResponse(status, headers, '');
