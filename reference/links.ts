import { endpoint, expandPath } from '../models/index.ts';

// Relative hrefs of the reference server's resources (Link object: "relative URI"), built from the
// endpoint catalog's path templates so no path is written twice.

const path = (id: string) => endpoint(id).path;
const expand = (id: string, values: Record<string, string | number>) => expandPath(path(id), values);

export const href = {
  agencia: (adminMail: string) => expand('agencias-get', { adminMail }),
  productos: (adminMail: string) => expand('agencias-productos', { adminMail }),
  consultas: (adminMail: string) => expand('consultas-list', { adminMail }),
  consulta: (adminMail: string, sid: string) => expand('consultas-get', { adminMail, sid }),
  resend: (adminMail: string, sid: string) => expand('consultas-resend', { adminMail, sid }),
  appWebhooks: () => path('appnotificaciones-list'),
  appWebhook: (topic: string) => expand('appnotificaciones-get', { topic }),
  carroceria: (id: number) => expand('carrocerias-get', { id }),
  ciudad: (id: number) => expand('ciudades-get', { id }),
  ciudadesOfRegion: (region: number) => `${path('ciudades-list')}?region=${region}`,
  color: (id: number) => expand('colores-get', { id }),
  /** Marcas have no GET by id; bestmatch matches the id, so it serves as the self link. */
  marca: (id: number) => `${path('marcas-bestmatch')}?make=${id}`,
};

export interface LinkObject {
  href: string;
  title?: string;
  templated?: true;
}

// Stryker disable next-line ConditionalExpression,EqualityOperator: Link object: title "present in reference-form entries" (these links are not; a title elsewhere is the server's choice)
export const link = (h: string, title?: string): LinkObject => (title === undefined ? { href: h } : { href: h, title });
