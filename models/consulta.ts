import { z } from 'zod';
import { dateTime } from './datetime.ts';
import { links } from './link.ts';
import { anyJson, objectOf, type Strictness } from './strictness.ts';

// Resources and their fields > Consulta, Auto, Interesado, InfoOperacion. Field names, types and
// nullability exactly as the tables write them: "string or null" → nullable string, "nullable" → any JSON.
// Observed enumerations (OrigenLead, TipoAnuncio, Estado, Interes) stay open strings: the spec says the
// complete lists are not shown.

export const OBSERVED = {
  OrigenLead: ['form'],
  TipoAnuncio: ['publicacion', 'catalogo'],
  Estado: ['usado', 'nuevo'],
  Interes: ['compra'],
} as const;

const int = () => z.number().int();

export const money = (mode: Strictness = 'loose') => objectOf(mode, { Moneda: z.string(), Importe: z.number() });

export const auto = (mode: Strictness = 'loose') =>
  objectOf(mode, {
    ExternalId: z.string(),
    RefStock: anyJson,
    Marca: z.string(),
    Modelo: z.string(),
    Version: z.string().nullable(),
    VersionYear: int().nullable(),
    Kilometraje: int().nullable(),
    Color: z.string().nullable(),
    BodyType: z.string().nullable(),
    Estado: z.string(),
    Precio: money(mode).nullable(),
    Anticipo: anyJson,
    Cuota: anyJson,
  });

export const entregaVehiculo = (mode: Strictness = 'loose') => objectOf(mode, { Marca: z.string(), Modelo: z.string(), VersionYear: int().nullable() });

export const financiacionDeseada = (mode: Strictness = 'loose') => objectOf(mode, { Adelanto: anyJson, Cuota: money(mode).nullable() });

export const infoOperacion = (mode: Strictness = 'loose') =>
  objectOf(mode, {
    EntregaVehiculo: entregaVehiculo(mode).nullable(),
    FinanciacionDeseada: financiacionDeseada(mode).nullable(),
    QuiereCotizacionSeguro: anyJson,
  });

export const interesado = (mode: Strictness = 'loose') =>
  objectOf(mode, {
    Interes: z.string(),
    Nombre: z.string(),
    Apellido: z.string(),
    Email: z.string(),
    Telefono: anyJson,
    DocIdentidad: anyJson,
    Provincia: z.string(),
    Ciudad: z.string().nullable(),
    Comentario: z.string(),
    InfoOperacion: infoOperacion(mode).nullable(),
  });

const consultaFields = (mode: Strictness) => ({
  Momento: dateTime,
  OrigenLead: z.string(),
  TipoAnuncio: z.string(),
  Auto: auto(mode),
  Interesado: interesado(mode),
  // "string, email": judged liberally in a response — one @ between non-empty parts. Zod's z.email() refuses
  // valid addresses (josé@…, IDN top-level domains, quoted local parts) a conforming server may hold.
  OperadorResponsable: z.string().regex(/^[^\s@]+@[^\s@]+$/, 'expected an e-mail address'),
});

/** Auto.ExternalId: "empty string for catalog-type inquiries". */
const catalogoHasEmptyExternalId = (c: { TipoAnuncio: string; Auto: { ExternalId: string } }) => c.TipoAnuncio !== 'catalogo' || c.Auto.ExternalId === '';
const CATALOGO_MESSAGE = { message: 'a catalogo inquiry has Auto.ExternalId ""', path: ['Auto', 'ExternalId'] };

export const consulta = (mode: Strictness = 'loose') =>
  objectOf(mode, { ...consultaFields(mode), _links: links(mode) }).refine(catalogoHasEmptyExternalId, CATALOGO_MESSAGE);

/** The inquiry as a simulation hook receives it: a Consulta without _links. */
export const consultaInput = (mode: Strictness = 'loose') => objectOf(mode, consultaFields(mode)).refine(catalogoHasEmptyExternalId, CATALOGO_MESSAGE);

export type Money = z.infer<ReturnType<typeof money>>;
export type Consulta = z.infer<ReturnType<typeof consulta>>;
export type ConsultaInput = z.infer<ReturnType<typeof consultaInput>>;

/** Reference form of a Consulta: its title "combines the buyer e-mail, vehicle make and model, and the external identifier". */
export function refTitleParts(c: Pick<Consulta, 'Auto' | 'Interesado'>): string[] {
  return [c.Interesado.Email, c.Auto.Marca, c.Auto.Modelo, c.Auto.ExternalId].filter((p) => p !== '');
}
