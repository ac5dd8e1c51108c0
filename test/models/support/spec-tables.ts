// The spec's field tables transcribed by hand (Resources and their fields, Errors), independently of
// models/: this is the oracle the model tests derive their malformed samples from. A model that drifts
// from the spec fails here instead of agreeing with itself.

/**
 * The Type column, reduced to what a parser can check. `|null` is the spec's "or null"; `nullable` is the
 * spec's bare "nullable" (any JSON value or null, but present: "A field that has no value is sent as null").
 */
export type FieldType =
  | 'string'
  | 'string|null'
  | 'integer'
  | 'integer|null'
  | 'number'
  | 'boolean'
  | 'boolean|null'
  | 'date-time'
  | 'email'
  | 'uri'
  | 'object'
  | 'object|null'
  | 'links'
  | 'messages-map'
  | 'map'
  | 'array'
  | 'nullable';

export interface Field {
  type: FieldType;
  /** Only the link object has members that may be absent ("present and true when ..."). */
  optional?: boolean;
}

export interface Table {
  fields: Record<string, Field>;
  /** Unknown members are rejected even in loose mode: a reference-form entry is "only a link object". */
  closed?: boolean;
  /** Unknown members are always tolerated: the other fields of the resource are "not shown". */
  open?: boolean;
}

const f = (type: FieldType, optional = false): Field => (optional ? { type, optional } : { type });

export const TABLES = {
  // Link object: href string; templated boolean "present and true when ..."; title "present in reference-form
  // entries"; Conventions: "a field that has no value is sent as null" (so templated and title may be null).
  Link: { fields: { href: f('string'), templated: f('boolean|null', true), title: f('string|null', true) } },
  // Conventions: "reference form: each list entry is only a link object with href and title".
  RefLink: { closed: true, fields: { href: f('string'), title: f('string'), templated: f('boolean|null', true) } },
  PagedList: {
    fields: {
      Desde: f('date-time'),
      Hasta: f('date-time'),
      Pagina: f('integer'),
      Total: f('integer'),
      PerPagina: f('integer'),
      _links: f('links'),
      _entries: f('array'),
    },
  },
  Consulta: {
    fields: {
      Momento: f('date-time'),
      OrigenLead: f('string'),
      TipoAnuncio: f('string'),
      Auto: f('object'),
      Interesado: f('object'),
      OperadorResponsable: f('email'),
      _links: f('links'),
    },
  },
  // The inquiry as the simulation hooks take it (models/consulta.ts consultaInput): a Consulta without _links.
  ConsultaInput: {
    fields: {
      Momento: f('date-time'),
      OrigenLead: f('string'),
      TipoAnuncio: f('string'),
      Auto: f('object'),
      Interesado: f('object'),
      OperadorResponsable: f('email'),
    },
  },
  Auto: {
    fields: {
      ExternalId: f('string'),
      RefStock: f('nullable'),
      Marca: f('string'),
      Modelo: f('string'),
      Version: f('string|null'),
      VersionYear: f('integer|null'),
      Kilometraje: f('integer|null'),
      Color: f('string|null'),
      BodyType: f('string|null'),
      Estado: f('string'),
      Precio: f('object|null'),
      Anticipo: f('nullable'),
      Cuota: f('nullable'),
    },
  },
  // "money object: Moneda (string, currency code), Importe (number)".
  Money: { fields: { Moneda: f('string'), Importe: f('number') } },
  Interesado: {
    fields: {
      Interes: f('string'),
      Nombre: f('string'),
      Apellido: f('string'),
      // The Type column says string; "e-mail address" is only the note, so no e-mail format is asserted.
      Email: f('string'),
      Telefono: f('nullable'),
      DocIdentidad: f('nullable'),
      Provincia: f('string'),
      Ciudad: f('string|null'),
      Comentario: f('string'),
      InfoOperacion: f('object|null'),
    },
  },
  InfoOperacion: {
    fields: {
      EntregaVehiculo: f('object|null'),
      FinanciacionDeseada: f('object|null'),
      QuiereCotizacionSeguro: f('nullable'),
    },
  },
  EntregaVehiculo: { fields: { Marca: f('string'), Modelo: f('string'), VersionYear: f('integer|null') } },
  FinanciacionDeseada: { fields: { Adelanto: f('nullable'), Cuota: f('object|null') } },
  ValidationProblem: {
    fields: {
      Errors: f('messages-map'),
      Type: f('uri'),
      Title: f('string|null'),
      Status: f('integer'),
      Detail: f('string|null'),
      Instance: f('string|null'),
      Extensions: f('map'),
    },
  },
  // "carries a property named AdminMail, the e-mail address that receives the invitation"; other fields not shown.
  AgenciaCreate: { open: true, fields: { AdminMail: f('email') } },
} satisfies Record<string, Table>;

export type TableName = keyof typeof TABLES;

/** Where each table sits inside a Consulta, relative to the Consulta itself. */
export const consultaLayout = (prefix: string, withLinks = true): Array<[string, TableName]> => {
  const at = (p: string) => [prefix, p].filter(Boolean).join('.');
  return [
    [prefix, withLinks ? 'Consulta' : 'ConsultaInput'],
    [at('Auto'), 'Auto'],
    [at('Auto.Precio'), 'Money'],
    [at('Interesado'), 'Interesado'],
    [at('Interesado.InfoOperacion'), 'InfoOperacion'],
    [at('Interesado.InfoOperacion.EntregaVehiculo'), 'EntregaVehiculo'],
    [at('Interesado.InfoOperacion.FinanciacionDeseada'), 'FinanciacionDeseada'],
    [at('Interesado.InfoOperacion.FinanciacionDeseada.Cuota'), 'Money'],
    ...(withLinks ? ([[at('_links.self'), 'Link']] as Array<[string, TableName]>) : []),
  ];
};
