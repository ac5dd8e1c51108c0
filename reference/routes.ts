import { ENDPOINTS, type Endpoint } from '../models/index.ts';
import type { Choices } from './choices.ts';
import type { Handler, Route } from './context.ts';
import { AGENCIAS_HANDLERS } from './handlers/agencias.ts';
import { APPNOTIFICACIONES_HANDLERS } from './handlers/appnotificaciones.ts';
import { CATALOGO_HANDLERS } from './handlers/catalogo.ts';
import { CONSULTAS_HANDLERS } from './handlers/consultas.ts';
import { homeHandler } from './handlers/home.ts';
import { hookRoutes } from './handlers/sim.ts';
import { offeredForms } from './media.ts';

// The route table: every row of the endpoint catalog (plus OPTIONS on the agency URI) with its handler,
// and the simulation hooks when the profile has them.

/**
 * Where an invalid parameter is refused: 400 where the row documents it; otherwise the row's own refusal
 * (404 on reads, 403 on modifications) — "every endpoint may answer 400 ... unless the table lists only
 * other codes". A row listing neither refuses a bad path segment with 404 (it names no resource) and a bad
 * query parameter with 400.
 */
export function refusalOf(documented: readonly number[]): Route['refusal'] {
  for (const status of [400, 404, 403]) if (documented.includes(status)) return { path: status, query: status };
  return { path: 404, query: 400 };
}

export function buildRoutes(choices: Choices): Route[] {
  // Stryker disable next-line ObjectLiteral: not governed by the spec: the routes are built at start-up (a server that does not start gives a run nothing to judge)
  const handlers: Record<string, Handler> = {
    // Stryker disable next-line StringLiteral: Home: "The request header that triggers 304: not shown." (every profile names one)
    home: homeHandler(choices.profile.conditionalRequestHeader ?? 'If-None-Match'),
    ...AGENCIAS_HANDLERS,
    ...APPNOTIFICACIONES_HANDLERS,
    ...CATALOGO_HANDLERS,
    ...CONSULTAS_HANDLERS,
  };
  const fromCatalog = ENDPOINTS.map((e: Endpoint): Route => {
    const handler = handlers[e.id];
    // Stryker disable next-line StringLiteral: not governed by the spec: a start-up error's message
    if (!handler) throw new Error(`no handler for catalog endpoint ${e.id}`);
    return {
      id: e.id,
      method: e.method,
      path: e.path,
      params: e.params,
      takesBody: e.body !== undefined,
      forms: offeredForms(e),
      refusal: refusalOf(e.others.map((o) => o.status)),
      handler,
    };
  });
  const hooks = choices.hooksPath
    ? hookRoutes(choices.hooksPath).map(
        (h): Route => ({
          id: h.id,
          // Stryker disable next-line StringLiteral: not governed by the spec: the simulation hooks are this server's own (the spec defines none), and a run whose hooks fail skips what needs them
          method: 'POST',
          path: h.path,
          params: h.params,
          takesBody: h.takesBody,
          forms: undefined,
          refusal: refusalOf(h.others),
          handler: h.handler,
        }),
      )
    : [];
  return [...fromCatalog, ...hooks];
}
