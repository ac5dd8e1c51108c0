import type { Mutant } from '../fault.ts';
import type { Json } from './helpers.ts';
import { consultas } from './inquiries.ts';

// Resources and their fields > Consulta, Auto, Interesado, InfoOperacion: one mutant per row of the field
// tables, each getting that member wrong the way an outsider's serializer would — a nullable member left out
// when it is null, a string sent as an object or a list, a name where the row says e-mail, {} or false where it
// says "object or null". Every Consulta the API shows is changed (list entries and GET by sid); the run is
// judged by consultas/consulta-schema.

/** Leave the member out. */
const OMIT = Symbol('omit');
/** Leave the member as it is (the fault does not apply to this value). */
const KEEP = Symbol('keep');

/** The member's wrong value from its right one; `holder` is the object that has it (to move it elsewhere). */
type Wrong = (value: unknown, holder: Json) => unknown;

interface FieldFault {
  statement: string;
  /** The member, as a path from the Consulta. */
  path: readonly string[];
  /** How it is got wrong, kebab-case: the mutant is `consulta-<member>-<how>`. */
  how: string;
  wrong: Wrong;
  /** The words of the row the fault breaks, where it breaks only part of it. */
  quote?: string;
}

const omitted: Wrong = () => OMIT;
const omittedWhenNull: Wrong = (v) => (v === null ? OMIT : KEEP);
const always =
  (x: unknown): Wrong =>
  () =>
    x;
const whenNull =
  (x: unknown): Wrong =>
  (v) =>
    v === null ? x : KEEP;
/** A change of the member's value when it has one (null stays null). */
const valued =
  (f: (v: unknown) => unknown): Wrong =>
  (v) =>
    v === null ? KEEP : f(v);
/** The member moved into `holder`'s other members, itself left out. */
const mergedInto =
  (into: (v: unknown, holder: Json) => void): Wrong =>
  (v, holder) => {
    into(v, holder);
    return OMIT;
  };

const AUTO = ['Auto'];
const BUYER = ['Interesado'];
const OPERATION = ['Interesado', 'InfoOperacion'];

const FIELD_FAULTS: FieldFault[] = [
  { statement: 'consulta/origen-lead', path: ['OrigenLead'], how: 'as-code', wrong: always(1) },
  { statement: 'consulta/tipo-anuncio', path: ['TipoAnuncio'], how: 'null', wrong: always(null) },
  { statement: 'consulta/auto', path: AUTO, how: 'flattened', wrong: mergedInto((v, holder) => Object.assign(holder, v)) },
  { statement: 'consulta/interesado', path: BUYER, how: 'as-list', wrong: (v) => [v] },
  {
    statement: 'consulta/operador-responsable',
    path: ['OperadorResponsable'],
    how: 'as-user-name',
    wrong: (v) => String(v).split('@')[0],
    quote: 'string, email',
  },
  {
    statement: 'consulta/links',
    path: ['_links'],
    how: 'as-list',
    wrong: (v) => Object.entries(v as Json).map(([rel, link]) => ({ rel, ...(link as Json) })),
  },
  { statement: 'auto/ref-stock', path: [...AUTO, 'RefStock'], how: 'omitted-when-null', wrong: omittedWhenNull },
  { statement: 'auto/marca', path: [...AUTO, 'Marca'], how: 'as-catalog-id', wrong: always(1) },
  { statement: 'auto/modelo', path: [...AUTO, 'Modelo'], how: 'null', wrong: always(null) },
  { statement: 'auto/version', path: [...AUTO, 'Version'], how: 'false-when-none', wrong: whenNull(false) },
  { statement: 'auto/kilometraje', path: [...AUTO, 'Kilometraje'], how: 'as-text', wrong: valued((v) => `${String(v)} km`), quote: 'integer or null' },
  { statement: 'auto/color', path: [...AUTO, 'Color'], how: 'as-object', wrong: valued((v) => ({ Nombre: v })) },
  { statement: 'auto/body-type', path: [...AUTO, 'BodyType'], how: 'omitted-when-null', wrong: omittedWhenNull },
  { statement: 'auto/estado', path: [...AUTO, 'Estado'], how: 'as-boolean', wrong: (v) => v === 'nuevo' },
  {
    statement: 'auto/precio',
    path: [...AUTO, 'Precio'],
    how: 'as-number',
    wrong: valued((v) => (v as Json).Importe),
    quote: 'money object: Moneda (string, currency code), Importe (number)',
  },
  { statement: 'auto/anticipo', path: [...AUTO, 'Anticipo'], how: 'omitted-when-null', wrong: omittedWhenNull },
  { statement: 'auto/cuota', path: [...AUTO, 'Cuota'], how: 'omitted', wrong: omitted },
  // One value observed, so an outsider takes it for a constant and drops it.
  { statement: 'interesado/interes', path: [...BUYER, 'Interes'], how: 'omitted', wrong: omitted },
  { statement: 'interesado/nombre', path: [...BUYER, 'Nombre'], how: 'null', wrong: always(null) },
  {
    statement: 'interesado/apellido',
    path: [...BUYER, 'Apellido'],
    how: 'joined-to-nombre',
    wrong: mergedInto((v, holder) => void (holder.Nombre = `${String(holder.Nombre)} ${String(v)}`)),
  },
  { statement: 'interesado/email', path: [...BUYER, 'Email'], how: 'as-list', wrong: (v) => [v] },
  { statement: 'interesado/telefono', path: [...BUYER, 'Telefono'], how: 'omitted-when-null', wrong: omittedWhenNull },
  { statement: 'interesado/doc-identidad', path: [...BUYER, 'DocIdentidad'], how: 'omitted', wrong: omitted },
  { statement: 'interesado/provincia', path: [...BUYER, 'Provincia'], how: 'as-object', wrong: (v) => ({ Nombre: v }) },
  { statement: 'interesado/ciudad', path: [...BUYER, 'Ciudad'], how: 'omitted-when-null', wrong: omittedWhenNull },
  { statement: 'interesado/comentario', path: [...BUYER, 'Comentario'], how: 'as-lines', wrong: (v) => String(v).split('\n') },
  { statement: 'interesado/info-operacion', path: [...BUYER, 'InfoOperacion'], how: 'empty-object-when-none', wrong: whenNull({}) },
  { statement: 'info-operacion/entrega-vehiculo', path: [...OPERATION, 'EntregaVehiculo'], how: 'false-when-none', wrong: whenNull(false) },
  {
    statement: 'info-operacion/financiacion-deseada',
    path: [...OPERATION, 'FinanciacionDeseada'],
    how: 'cuota-as-number',
    wrong: valued((v) => ({ ...(v as Json), Cuota: ((v as Json).Cuota as Json | null)?.Importe ?? null })),
    quote: 'Cuota (money object with Moneda and Importe, or null)',
  },
  {
    statement: 'info-operacion/quiere-cotizacion-seguro',
    path: [...OPERATION, 'QuiereCotizacionSeguro'],
    how: 'omitted-when-null',
    wrong: omittedWhenNull,
  },
];

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Applies the fault to one Consulta: the member at `path`, where its holder is an object that has it. */
function misplace(consulta: Json, { path, wrong }: FieldFault): void {
  let holder: unknown = consulta;
  for (const key of path.slice(0, -1)) holder = isObject(holder) ? holder[key] : undefined;
  const member = path.at(-1)!;
  if (!isObject(holder) || !(member in holder)) return;
  const next = wrong(holder[member], holder);
  if (next === OMIT) delete holder[member];
  else if (next !== KEEP) holder[member] = next;
}

const kebab = (name: string) =>
  name
    .replace(/^_/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();

export const CONSULTA_FIELD_MUTANTS: Mutant[] = FIELD_FAULTS.map((f) => ({
  name: `consulta-${kebab(f.path.at(-1)!)}-${f.how}`,
  statement: f.statement,
  breaks: 'consultas/consulta-schema',
  ...(f.quote ? { quote: f.quote } : {}),
  fault: consultas((c) => misplace(c, f)),
}));
