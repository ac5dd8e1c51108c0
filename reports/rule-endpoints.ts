import { ENDPOINTS, RULES, type Endpoint } from '../models/index.ts';

// --endpoint and --method (issue 29 §8, as Schemathesis' -E/-M): rules chosen by the catalog endpoint each is
// about (models/rule.ts, Rule.endpoint). An --endpoint pattern is a glob (`*` any characters, `?` one) matched
// against a whole endpoint id (`consultas-*`) or path (`/v3/consultas/*`); a method is matched whole, in any case.
// Several of either, comma-separated, are alternatives; the two together, and with the rule-id globs, intersect.
// A rule about no single endpoint (the Conventions, Limits…) is chosen by neither.

export interface EndpointSelection {
  /** Endpoint globs, comma-separated. */
  endpoint?: string;
  /** HTTP methods, comma-separated. */
  method?: string;
}

export const listOf = (list: string): string[] =>
  list
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g !== '');

const globRegExp = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\/]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );

const matchesEndpoint = (glob: string, e: Endpoint): boolean => {
  const re = globRegExp(glob);
  return re.test(e.id) || re.test(e.path);
};

const BY_ID = new Map(ENDPOINTS.map((e) => [e.id, e]));
/** Every rule about one endpoint, with that endpoint. */
const ABOUT = RULES.flatMap((r) => {
  const e = r.endpoint ? BY_ID.get(r.endpoint) : undefined;
  return e ? [{ id: r.id, endpoint: e }] : [];
});

/** Whether a rule's endpoint is chosen by the selection (every rule when it names neither endpoint nor method). */
function chosen(s: EndpointSelection, e: Endpoint | undefined): boolean {
  if (s.endpoint === undefined && s.method === undefined) return true;
  if (!e) return false;
  if (s.endpoint !== undefined && !listOf(s.endpoint).some((g) => matchesEndpoint(g, e))) return false;
  return s.method === undefined || listOf(s.method).some((m) => m.toUpperCase() === e.method);
}

/** The ids of the rules --endpoint/--method choose; undefined when neither is given (no restriction). */
export function rulesAbout(s: EndpointSelection): string[] | undefined {
  if (s.endpoint === undefined && s.method === undefined) return undefined;
  return ABOUT.filter((r) => chosen(s, r.endpoint)).map((r) => r.id);
}

/** The patterns and methods that choose no rule at all, each as given: what a usage error names. */
export function unmatched(s: EndpointSelection): { endpoint: string[]; method: string[] } {
  return {
    endpoint: s.endpoint === undefined ? [] : listOf(s.endpoint).filter((g) => !ABOUT.some((r) => matchesEndpoint(g, r.endpoint))),
    method: s.method === undefined ? [] : listOf(s.method).filter((m) => !ABOUT.some((r) => r.endpoint.method === m.toUpperCase())),
  };
}

/** The methods some rule's endpoint uses: what a usage error offers instead. */
export const ruleMethods = (): string[] => [...new Set(ABOUT.map((r) => r.endpoint.method))];
