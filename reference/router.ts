import { PathTemplates } from '../models/index.ts';
import type { Route } from './context.ts';

// Matches a raw request path against the route table through the catalog's path templates (models/path-template.ts:
// literal segments as sent, a {param} any non-empty segment, percent-decoded; more literal segments win). The
// first template the path fits decides: a method it does not define is 405, not a look at other templates.

export type RouteMatch = { kind: 'found'; route: Route; path: Record<string, string | null> } | { kind: 'wrong-method'; allow: string[] } | { kind: 'unknown' };

export class Router {
  /** Per template, its routes by method. */
  private readonly byTemplate = new Map<string, Map<string, Route>>();
  private readonly templates: PathTemplates<Map<string, Route>>;

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      let byMethod = this.byTemplate.get(route.path);
      if (!byMethod) this.byTemplate.set(route.path, (byMethod = new Map()));
      // Stryker disable next-line all: not governed by the spec: the route table's own consistency check (never true for the catalog's rows)
      if (byMethod.has(route.method)) throw new Error(`two routes for ${route.method} ${route.path}`);
      byMethod.set(route.method, route);
    }
    this.templates = new PathTemplates(this.byTemplate);
  }

  match(method: string, rawPath: string): RouteMatch {
    const found = this.templates.find(rawPath);
    if (!found) return { kind: 'unknown' };
    const route = found.value.get(method);
    // Stryker disable next-line ArrayDeclaration: Endpoints > Catalog: "Any further paths, methods or response codes after this point in the interface: not shown." (the answer to a method a row does not list, its Allow included)
    if (!route) return { kind: 'wrong-method', allow: [...found.value.keys()] };
    return { kind: 'found', route, path: found.params };
  }

  /** Methods defined on the template a route belongs to (the Allow header of OPTIONS and 405). */
  allowed(route: Route): string[] {
    const byMethod = this.byTemplate.get(route.path);
    // Stryker disable next-line ArrayDeclaration: States and transitions: "a Location header gives the agency URI, on which GET or OPTIONS returns the state of the invitation" (an OPTIONS answer's headers are not shown; every route's template is in the table)
    return byMethod ? [...byMethod.keys()] : [route.method];
  }
}
