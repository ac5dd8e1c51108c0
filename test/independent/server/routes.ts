// The route table: method, path pattern (literal segments matched case-insensitively), handler.
import * as agencias from './agencias.ts';
import * as notificaciones from './appnotificaciones.ts';
import * as catalog from './catalog.ts';
import * as ciudades from './ciudades.ts';
import * as consultas from './consultas.ts';
import type { Context } from './context.ts';
import { home } from './home.ts';
import * as hooks from './hooks.ts';
import type { Reply } from './reply.ts';

const CONSULTAS_QUERY = ['operador', 'externalid', 'desde', 'hasta', 'pagina'];

export interface Route {
  method: string;
  pattern: string;
  handle: (ctx: Context) => Reply | Promise<Reply>;
  /**
   * The query parameters the row documents, on rows that may answer 400: a strict variant refuses any other
   * (and repeated ones) with 400. Absent where the row defines no 400.
   */
  query?: readonly string[];
}

/** The route table, the simulation hooks under `hooksBase`. */
export const routesFor = (hooksBase: string): readonly Route[] => [
  { method: 'GET', pattern: '/v3', handle: home },
  { method: 'GET', pattern: '/v3/agencias', handle: agencias.agenciasList, query: ['operador'] },
  { method: 'POST', pattern: '/v3/agencias', handle: agencias.invite, query: [] },
  { method: 'GET', pattern: '/v3/agencias/:adminMail', handle: agencias.agencia },
  { method: 'OPTIONS', pattern: '/v3/agencias/:adminMail', handle: agencias.agencia },
  { method: 'PUT', pattern: '/v3/agencias/:adminMail', handle: agencias.editAgencia, query: [] },
  { method: 'PATCH', pattern: '/v3/agencias/:adminMail/desasociar', handle: agencias.desasociar },
  { method: 'GET', pattern: '/v3/agencias/:adminMail/productos', handle: agencias.productos, query: [] },
  { method: 'GET', pattern: '/v3/appnotificaciones', handle: notificaciones.listTopics },
  { method: 'GET', pattern: '/v3/appnotificaciones/:topic', handle: notificaciones.getTopic },
  { method: 'POST', pattern: '/v3/appnotificaciones/:topic', handle: notificaciones.createTopic, query: [] },
  { method: 'PUT', pattern: '/v3/appnotificaciones/:topic', handle: notificaciones.replaceTopic, query: [] },
  { method: 'DELETE', pattern: '/v3/appnotificaciones/:topic', handle: notificaciones.deleteTopic },
  { method: 'GET', pattern: '/v3/carrocerias', handle: catalog.carrocerias },
  { method: 'GET', pattern: '/v3/carrocerias/bestmatch', handle: catalog.carroceriaBestmatch, query: ['bodystyle'] },
  { method: 'GET', pattern: '/v3/carrocerias/:id', handle: catalog.carroceria },
  { method: 'GET', pattern: '/v3/ciudades', handle: ciudades.ciudadesList, query: ['region', 'q'] },
  { method: 'GET', pattern: '/v3/ciudades/bestmatch', handle: ciudades.ciudadBestmatch, query: ['state', 'city'] },
  { method: 'GET', pattern: '/v3/ciudades/:id', handle: ciudades.ciudad },
  { method: 'GET', pattern: '/v3/provincias/:id', handle: ciudades.provincia },
  { method: 'GET', pattern: '/v3/colores', handle: catalog.coloresList, query: ['q', 'nombre'] },
  { method: 'GET', pattern: '/v3/colores/:id', handle: catalog.color },
  { method: 'GET', pattern: '/v3/marcas', handle: catalog.marcasList, query: ['q', 'soloMercadoNuevos'] },
  { method: 'GET', pattern: '/v3/marcas/bestmatch', handle: catalog.marcaBestmatch, query: ['make'] },
  { method: 'GET', pattern: '/v3/marcas/:id', handle: catalog.marca },
  { method: 'GET', pattern: '/v3/consultas', handle: consultas.consultasList, query: CONSULTAS_QUERY },
  { method: 'GET', pattern: '/v3/consultas/:adminMail', handle: consultas.consultasList, query: CONSULTAS_QUERY },
  { method: 'GET', pattern: '/v3/consultas/:adminMail/:sid', handle: consultas.consulta, query: [] },
  { method: 'POST', pattern: '/v3/consultas/:adminMail/:sid/resendwebhook', handle: consultas.resend, query: [] },
  { method: 'POST', pattern: `${hooksBase}/consultas`, handle: hooks.hookInquiry },
  { method: 'POST', pattern: `${hooksBase}/agencias/:adminMail/registro`, handle: hooks.hookRegistration },
];

/** Path parameters of a pattern that matches the path, or undefined (also for undecodable segments). */
export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const expected = want[i] ?? '';
    const actual = got[i] ?? '';
    if (expected.startsWith(':')) {
      if (actual === '') return undefined;
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (expected.toLowerCase() !== actual.toLowerCase()) {
      return undefined;
    }
  }
  return params;
}
