import type { Route } from './context.ts';

// Matches a raw request path against the route table. Literal segments compare as sent; a {param} segment
// takes any non-empty segment, percent-decoded (null when the encoding is malformed, which the parameter
// check then refuses). Where templates overlap (/v3/carrocerias/bestmatch and /v3/carrocerias/{id}) the one
// with more literal segments wins.

interface Template {
  path: string;
  segments: readonly ({ literal: string } | { param: string })[];
  literals: number;
  byMethod: Map<string, Route>;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; path: Record<string, string | null> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'unknown' };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export class Router {
  private readonly bySegmentCount = new Map<number, Template[]>();

  constructor(routes: readonly Route[]) {
    const templates = new Map<string, Template>();
    for (const route of routes) {
      let t = templates.get(route.path);
      if (!t) {
        const segments = route.path
          .split('/')
          .slice(1)
          .map((s) => (/^\{\w+\}$/.test(s) ? { param: s.slice(1, -1) } : { literal: s }));
        t = { path: route.path, segments, literals: segments.filter((s) => 'literal' in s).length, byMethod: new Map() };
        templates.set(route.path, t);
      }
      if (t.byMethod.has(route.method)) throw new Error(`two routes for ${route.method} ${route.path}`);
      t.byMethod.set(route.method, route);
    }
    for (const t of templates.values()) {
      const list = this.bySegmentCount.get(t.segments.length) ?? [];
      list.push(t);
      list.sort((a, b) => b.literals - a.literals);
      this.bySegmentCount.set(t.segments.length, list);
    }
  }

  match(method: string, rawPath: string): RouteMatch {
    if (!rawPath.startsWith('/')) return { kind: 'unknown' };
    const parts = rawPath.slice(1).split('/');
    for (const t of this.bySegmentCount.get(parts.length) ?? []) {
      const matches = t.segments.every((s, i) => ('literal' in s ? parts[i] === s.literal : parts[i] !== ''));
      if (!matches) continue;
      const route = t.byMethod.get(method);
      if (!route) return { kind: 'wrong-method', allow: [...t.byMethod.keys()] };
      const path: Record<string, string | null> = {};
      t.segments.forEach((s, i) => {
        if ('param' in s) path[s.param] = decode(parts[i]!);
      });
      return { kind: 'found', route, path };
    }
    return { kind: 'unknown' };
  }

  /** Methods defined on the template a route belongs to (the Allow header of OPTIONS and 405). */
  allowed(route: Route): string[] {
    const t = this.bySegmentCount.get(route.path.split('/').length - 1)?.find((x) => x.path === route.path);
    return t ? [...t.byMethod.keys()] : [route.method];
  }
}
