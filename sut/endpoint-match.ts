import { endpoint, ENDPOINTS, type Endpoint } from '../models/index.ts';

// Which catalog row a request addresses, by its id when the caller knows it, else by matching the method and
// the path (without its query) against the rows' templates.

interface Template {
  e: Endpoint;
  pattern: RegExp;
  params: number;
}

// Literal segments beat parameters: /v3/carrocerias/bestmatch is bestmatch, not carrocerias-get.
const TEMPLATES: readonly Template[] = ENDPOINTS.map((e) => ({
  e,
  pattern: new RegExp(`^${e.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}/?$`),
  params: (e.path.match(/\{/g) ?? []).length,
})).sort((a, b) => a.params - b.params);

/** The path without its query or fragment. */
export const barePath = (path: string): string => path.split(/[?#]/)[0]!;

export function matchEndpoint(method: string, path: string, endpointId?: string): Endpoint | undefined {
  if (endpointId) return endpoint(endpointId);
  const bare = barePath(path);
  return TEMPLATES.find((t) => t.e.method === method.toUpperCase() && t.pattern.test(bare))?.e;
}
