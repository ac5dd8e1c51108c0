import { endpoint, expandPath } from '../models/index.ts';

// Relative hrefs of the reference server's resources (Link object: "relative URI"), built from the
// endpoint catalog's path templates so no path is written twice.

const path = (id: string) => endpoint(id).path;
const expand = (id: string, values: Record<string, string | number>) => expandPath(path(id), values);

// Stryker disable next-line StringLiteral: not governed by the spec: the catalog's own keys (a wrong one stops the server at start-up)
const CIUDADES_LIST = path('ciudades-list');
// Stryker disable next-line StringLiteral: not governed by the spec: the catalog's own keys (a wrong one stops the server at start-up)
const MARCAS_BESTMATCH = path('marcas-bestmatch');

export const href = {
  agencia: (adminMail: string) => expand('agencias-get', { adminMail }),
  productos: (adminMail: string) => expand('agencias-productos', { adminMail }),
  consultas: (adminMail: string) => expand('consultas-list', { adminMail }),
  consulta: (adminMail: string, sid: string) => expand('consultas-get', { adminMail, sid }),
  resend: (adminMail: string, sid: string) => expand('consultas-resend', { adminMail, sid }),
  appWebhooks: () => path('appnotificaciones-list'),
  appWebhook: (topic: string) => expand('appnotificaciones-get', { topic }),
  // The catalog's records are built when the server starts: a wrong endpoint id or parameter name here stops it
  // before it answers anything, which no run can judge.
  // Stryker disable next-line StringLiteral,ObjectLiteral: not governed by the spec: the catalog's own keys (a wrong one stops the server at start-up)
  carroceria: (id: number) => expand('carrocerias-get', { id }),
  // Stryker disable next-line StringLiteral,ObjectLiteral: not governed by the spec: the catalog's own keys (a wrong one stops the server at start-up)
  ciudad: (id: number) => expand('ciudades-get', { id }),
  // Stryker disable next-line StringLiteral: Entities: "Ciudad (city, belonging to a region) … Fields of these: not shown" (a link to its region's cities is the reference's own)
  ciudadesOfRegion: (region: number) => `${CIUDADES_LIST}?region=${region}`,
  // Stryker disable next-line StringLiteral,ObjectLiteral: not governed by the spec: the catalog's own keys (a wrong one stops the server at start-up)
  color: (id: number) => expand('colores-get', { id }),
  /** Marcas have no GET by id; bestmatch matches the id, so it serves as the self link. */
  marca: (id: number) => `${MARCAS_BESTMATCH}?make=${id}`,
};

export interface LinkObject {
  href: string;
  title?: string;
  templated?: true;
}

// Stryker disable next-line ConditionalExpression,EqualityOperator: Link object: title "present in reference-form entries" (these links are not; a title elsewhere is the server's choice)
export const link = (h: string, title?: string): LinkObject => (title === undefined ? { href: h } : { href: h, title });
