import { listEntries } from './opaque.ts';

// Endpoints > Marcas: GET /v3/marcas/bestmatch answers "200 (body form of the match)", and "responses beyond 200
// for this path: not shown". What a make that matches nothing gets is the target's: a 404 (as the other catalog
// rows' "does not exist"), a 400 whose validation problem is keyed make (as the other bestmatch rows list), or a
// 200 with the nearest make ("resolves the caller's own values to the service's registered ones"). The profile's
// `marcasNoMatch` names it (init tells it by asking for a make nobody registers).

export const MARCAS_NO_MATCH = {
  'not-found': { status: 404, says: '404' },
  invalid: { status: 400, says: '400 with a validation problem keyed make' },
  nearest: { status: 200, says: '200 with the nearest make' },
} as const;
export type MarcasNoMatch = keyof typeof MARCAS_NO_MATCH;
export const MARCAS_NO_MATCH_READINGS = Object.keys(MARCAS_NO_MATCH) as [MarcasNoMatch, ...MarcasNoMatch[]];

/** Which reading an answer to a make that matches nothing is, or undefined when it is none of them. */
export function marcasNoMatchReading(status: number | undefined, json: unknown): MarcasNoMatch | undefined {
  if (status === 404) return 'not-found';
  if (status === 200) return json !== null && typeof json === 'object' && listEntries(json) === undefined ? 'nearest' : undefined;
  const errors = (json as { Errors?: unknown } | null | undefined)?.Errors;
  const keyed = errors !== null && typeof errors === 'object' && Object.keys(errors).some((k) => k.toLowerCase() === 'make');
  return status === 400 && keyed ? 'invalid' : undefined;
}
