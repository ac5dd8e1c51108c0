import type { Endpoint } from '../endpoint.ts';
import { agencias, agencyOptions } from './agencias.ts';
import { appnotificaciones } from './appnotificaciones.ts';
import { catalogo } from './catalogo.ts';
import { consultas } from './consultas.ts';
import { home } from './home.ts';

/** The preamble's 400 ("Every endpoint may answer 400 with a validation problem body"), for telling it from a row's own codes. */
export { badRequest, forbidden, notFound } from './parts.ts';

/** The 25 rows of the Endpoints tables, in the spec's order. */
export const ENDPOINT_ROWS: readonly Endpoint[] = [...home, ...agencias, ...appnotificaciones, ...catalogo, ...consultas];

/** The rows plus OPTIONS on the agency URI (States and transitions). */
export const ENDPOINTS: readonly Endpoint[] = [...ENDPOINT_ROWS, agencyOptions];

const BY_ID = new Map(ENDPOINTS.map((e) => [e.id, e]));

export function endpoint(id: string): Endpoint {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`no endpoint ${id} in the catalog`);
  return found;
}
