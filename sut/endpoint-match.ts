import { endpoint, ENDPOINTS, PathTemplates, type Endpoint } from '../models/index.ts';

// Which catalog row a request addresses, by its id when the caller knows it, else by matching the method and
// the path (without its query) against the rows' templates (models/path-template.ts: literal segments beat
// parameters, so /v3/carrocerias/bestmatch is bestmatch, not carrocerias-get). Unlike the reference router, a
// template whose row has another method does not stop the search: the row is the one of this method.

const TEMPLATES = new PathTemplates(ENDPOINTS.map((e) => [e.path, e] as const));

/** The path without its query or fragment. */
export const barePath = (path: string): string => path.split(/[?#]/)[0]!;

export function matchEndpoint(method: string, path: string, endpointId?: string): Endpoint | undefined {
  if (endpointId) return endpoint(endpointId);
  const bare = barePath(path);
  // One trailing slash is the same row (/v3/agencias/ is agencias-list).
  const trimmed = bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
  const upper = method.toUpperCase();
  return TEMPLATES.find(trimmed, (e) => e.method === upper)?.value;
}
