import { inSection, type Statement } from './statement.ts';

// Resources and their fields > Consulta (inquiry): one statement per row of the Consulta, Auto, Interesado and
// InfoOperacion tables (the whole row: the member's name, type and nullability are what a client relies on),
// and the reference form's title.

const SECTION = 'Resources and their fields > Consulta (inquiry)';
const SCHEMA = ['consultas/consulta-schema'];

/** A row of one of the field tables, quoted whole; it is found in the row that starts with the member's name. */
function field(id: string, line: string, rules: readonly string[]): Statement {
  return { ...inSection(SECTION)(id, line, rules), row: line.slice(0, line.indexOf(' |', 2) + 2) };
}

export const CONSULTA_STATEMENTS: Statement[] = [
  field('consulta/momento', '| Momento | string, date-time | moment the inquiry was received |', [
    'consultas/consulta-schema',
    'conventions/datetime-offset',
    'consultas/list/momento-in-range',
  ]),
  field('consulta/origen-lead', '| OrigenLead | string | origin of the lead; observed value: form |', SCHEMA),
  field('consulta/tipo-anuncio', '| TipoAnuncio | string | kind of listing; observed values: publicacion, catalogo |', SCHEMA),
  field('consulta/auto', '| Auto | object | vehicle the inquiry refers to (below) |', SCHEMA),
  field('consulta/interesado', '| Interesado | object | prospective buyer (below) |', SCHEMA),
  field('consulta/operador-responsable', '| OperadorResponsable | string, email | agency operator responsible for the inquiry |', SCHEMA),
  field('consulta/links', '| _links | object | map of relation name to link object |', ['consultas/consulta-schema', 'conventions/link-href-relative']),
  field('auto/external-id', "| ExternalId | string | the publication's external identifier; empty string for catalog-type inquiries |", [
    'consultas/consulta-schema',
    'consultas/catalogo-external-id-empty',
    'consultas/list/filter-externalid',
  ]),
  field('auto/ref-stock', '| RefStock | nullable | stock reference |', SCHEMA),
  field('auto/marca', '| Marca | string | make |', SCHEMA),
  field('auto/modelo', '| Modelo | string | model |', SCHEMA),
  field('auto/version', '| Version | string or null | trim/version |', SCHEMA),
  field('auto/version-year', '| VersionYear | integer or null | model year |', SCHEMA),
  field('auto/kilometraje', '| Kilometraje | integer or null | mileage |', [...SCHEMA, 'consultas/values-as-given']),
  field('auto/color', '| Color | string or null | color name |', SCHEMA),
  field('auto/body-type', '| BodyType | string or null | body style name |', SCHEMA),
  field('auto/estado', '| Estado | string | observed values: usado, nuevo |', SCHEMA),
  field('auto/precio', '| Precio | object or null | money object: Moneda (string, currency code), Importe (number) |', [
    ...SCHEMA,
    'consultas/values-as-given',
  ]),
  field('auto/anticipo', '| Anticipo | nullable | down payment |', SCHEMA),
  field('auto/cuota', '| Cuota | nullable | installment |', SCHEMA),
  field('interesado/interes', '| Interes | string | kind of interest; observed value: compra |', SCHEMA),
  field('interesado/nombre', '| Nombre | string | given name |', SCHEMA),
  field('interesado/apellido', '| Apellido | string | family name |', SCHEMA),
  field('interesado/email', '| Email | string | e-mail address |', SCHEMA),
  field('interesado/telefono', '| Telefono | nullable | telephone |', SCHEMA),
  field('interesado/doc-identidad', '| DocIdentidad | nullable | identity document |', SCHEMA),
  field('interesado/provincia', '| Provincia | string | province/state |', SCHEMA),
  field('interesado/ciudad', '| Ciudad | string or null | city |', SCHEMA),
  field('interesado/comentario', '| Comentario | string | free-text comment written by the buyer |', SCHEMA),
  field('interesado/info-operacion', '| InfoOperacion | object or null | operation details (below) |', SCHEMA),
  field(
    'info-operacion/entrega-vehiculo',
    '| EntregaVehiculo | object or null | vehicle offered in trade: Marca (string), Modelo (string), VersionYear (integer or null) |',
    SCHEMA,
  ),
  field(
    'info-operacion/financiacion-deseada',
    '| FinanciacionDeseada | object or null | desired financing: Adelanto (nullable, down payment), Cuota (money object with Moneda and Importe, or null) |',
    SCHEMA,
  ),
  field('info-operacion/quiere-cotizacion-seguro', '| QuiereCotizacionSeguro | nullable | whether an insurance quote is wanted |', SCHEMA),
  inSection(SECTION)(
    'consulta/ref-title',
    'In the reference form, a Consulta is represented by a link object whose title combines the buyer e-mail, vehicle make and model, and the external identifier.',
    ['consultas/ref/title-combines', 'consultas/ref/entries-link-only', 'consultas/ref/links-to-inquiry', 'model/forms-agree'],
  ),
];
