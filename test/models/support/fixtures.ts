// One valid sample per representation. Every malformed sample in the model tests is one of these with a
// single small mutation, so a rejection can only be caused by that mutation.

/** A publicacion inquiry with every "object or null" member holding an object, so nested tables get exercised. */
export const CONSULTA = {
  Momento: '2026-03-14T09:26:53.589-03:00',
  OrigenLead: 'form',
  TipoAnuncio: 'publicacion',
  Auto: {
    ExternalId: 'PUB-000123',
    RefStock: 'STK-77',
    Marca: 'Toyota',
    Modelo: 'Corolla',
    Version: '2.0 XEI CVT',
    VersionYear: 2022,
    Kilometraje: 35000,
    Color: 'Gris plata',
    BodyType: 'Sedán',
    Estado: 'usado',
    Precio: { Moneda: 'ARS', Importe: 28500000.5 },
    Anticipo: null,
    Cuota: null,
  },
  Interesado: {
    Interes: 'compra',
    Nombre: 'Lucía',
    Apellido: 'Fernández',
    Email: 'lucia.fernandez@example.test',
    Telefono: '+54 11 5555-0101',
    DocIdentidad: null,
    Provincia: 'Buenos Aires',
    Ciudad: 'La Plata',
    Comentario: '¿Acepta permuta?',
    InfoOperacion: {
      EntregaVehiculo: { Marca: 'Fiat', Modelo: 'Palio', VersionYear: 2012 },
      FinanciacionDeseada: { Adelanto: 5000000, Cuota: { Moneda: 'ARS', Importe: 450000 } },
      QuiereCotizacionSeguro: true,
    },
  },
  OperadorResponsable: 'ventas@agencia-norte.example.test',
  _links: { self: { href: '/v3/consultas/admin@agencia-norte.example.test/0123456789abcdefghij' } },
};

/** The same inquiry as a catalog-type one: Auto.ExternalId is the empty string. */
export const CATALOGO_CONSULTA = { ...CONSULTA, TipoAnuncio: 'catalogo', Auto: { ...CONSULTA.Auto, ExternalId: '' } };

const { _links: _omitted, ...consultaWithoutLinks } = CONSULTA;
export const CONSULTA_INPUT = consultaWithoutLinks;

export const LINK = { href: '/v3/agencias/admin@agencia-norte.example.test', title: 'Agencia Norte' };
export const TEMPLATED_LINK = { href: '/v3/agencias/{adminMail}', templated: true };

export const REF_LINK = {
  href: '/v3/consultas/admin@agencia-norte.example.test/0123456789abcdefghij',
  title: 'lucia.fernandez@example.test Toyota Corolla PUB-000123',
};

const pageEnvelope = {
  Desde: '2026-03-01T00:00:00-03:00',
  Hasta: '2026-03-14T23:59:59.999-03:00',
  Pagina: 1,
  Total: 1,
  PerPagina: 100,
  _links: { self: { href: '/v3/consultas/admin@agencia-norte.example.test?pagina=1' } },
};
export const CONSULTA_PAGE = { ...pageEnvelope, _entries: [CONSULTA] };
export const CONSULTA_REF_PAGE = { ...pageEnvelope, _entries: [REF_LINK] };

export const VALIDATION_PROBLEM = {
  Errors: { AdminMail: ['AdminMail is not a valid e-mail address'], _: ['the request body is empty'] },
  Type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  Title: 'One or more validation errors occurred.',
  Status: 400,
  Detail: 'See Errors',
  Instance: '/v3/agencias',
  Extensions: {},
};

export const AGENCIA_CREATE = { AdminMail: 'admin@agencia-sur.example.test' };

// ---------------------------------------------------------------------------------------------------------

type Json = unknown;
const segments = (path: string): string[] => (path === '' ? [] : path.split('.'));

/** A deep copy of `value` with `edit` applied to the object at `path` (dotted; array indexes as digits). */
export function mutate(value: Json, path: string, edit: (target: Record<string, Json>) => void): Json {
  const copy = structuredClone(value);
  let target = copy as Record<string, Json>;
  for (const key of segments(path)) target = target[key] as Record<string, Json>;
  edit(target);
  return copy;
}

export const setAt = (value: Json, path: string, member: string, to: Json) =>
  mutate(value, path, (t) => {
    t[member] = to;
  });

export const removeAt = (value: Json, path: string, member: string) =>
  mutate(value, path, (t) => {
    delete t[member];
  });

/** Renames a member keeping its value: the "wrong case of a member name" mutation. */
export const renameAt = (value: Json, path: string, member: string, to: string) =>
  mutate(value, path, (t) => {
    t[to] = t[member];
    delete t[member];
  });

export const getAt = (value: Json, path: string): Json => segments(path).reduce<Json>((v, key) => (v as Record<string, Json>)[key], value);

/** Flips the case of the first letter past any leading underscore: Momento → momento, href → Href, _links → _Links. */
export function wrongCase(name: string): string {
  const i = name.search(/[A-Za-z]/);
  const c = name[i]!;
  const flipped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
  return name.slice(0, i) + flipped + name.slice(i + 1);
}
