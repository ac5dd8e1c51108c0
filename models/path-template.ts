// Path templates of the catalog (/v3/consultas/{adminMail}/{sid}): a concrete path matched to its template, and a
// template expanded with values. One implementation for the reference server's router, the client's "which
// row does this request address" (sut/endpoint-match.ts) and every request the project builds.

type Segment = { literal: string } | { param: string };

interface Entry<T> {
  template: string;
  segments: readonly Segment[];
  literals: number;
  value: T;
}

export interface TemplateMatch<T> {
  template: string;
  value: T;
  /** Each {param} percent-decoded; null where the encoding is malformed (the parameter check then refuses it). */
  params: Record<string, string | null>;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const segmentsOf = (template: string): Segment[] =>
  template
    .split('/')
    .slice(1)
    .map((s) => (/^\{\w+\}$/.test(s) ? { param: s.slice(1, -1) } : { literal: s }));

/**
 * Templates, each with a value (a catalog row, a route), matched against concrete paths. Literal segments compare
 * as sent; a {param} segment takes any non-empty segment. Where templates overlap (/v3/carrocerias/bestmatch and
 * /v3/carrocerias/{id}) the one with more literal segments wins; among equals, the first given.
 */
export class PathTemplates<T> {
  private readonly bySegmentCount = new Map<number, Entry<T>[]>();

  constructor(entries: Iterable<readonly [template: string, value: T]>) {
    for (const [template, value] of entries) {
      const segments = segmentsOf(template);
      const list = this.bySegmentCount.get(segments.length) ?? [];
      list.push({ template, segments, literals: segments.filter((s) => 'literal' in s).length, value });
      // Stable: among templates with as many literal segments, the first given stays first.
      list.sort((a, b) => b.literals - a.literals);
      this.bySegmentCount.set(segments.length, list);
    }
  }

  /** The first template `path` (no query) fits whose value `accept`s, or undefined. */
  find(path: string, accept: (value: T) => boolean = () => true): TemplateMatch<T> | undefined {
    if (!path.startsWith('/')) return undefined;
    const parts = path.slice(1).split('/');
    for (const t of this.bySegmentCount.get(parts.length) ?? []) {
      if (!t.segments.every((s, i) => ('literal' in s ? parts[i] === s.literal : parts[i] !== ''))) continue;
      if (!accept(t.value)) continue;
      const params: Record<string, string | null> = {};
      t.segments.forEach((s, i) => {
        if ('param' in s) params[s.param] = decode(parts[i]!);
      });
      return { template: t.template, value: t.value, params };
    }
    return undefined;
  }
}

/** The template with each {param} replaced by its value, percent-encoded; a missing value is a programming error. */
export function expandPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${template}`);
    return encodeURIComponent(String(value));
  });
}
