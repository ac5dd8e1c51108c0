import type { ConsultaInput } from '../../models/index.ts';

// Conventions: "A field that has no value is sent as null" — and a field whose value is zero or an empty string
// has a value. Three inquiries carry them (Resources > Consulta: Kilometraje "integer or null", Precio's Importe
// a number, ExternalId "empty string for catalog-type inquiries", Comentario a string): each member is set to the
// value below, and every answer that shows the inquiry must show it as it was given.

type Path = readonly string[];

export interface ValueKind {
  name: string;
  /** The members set, each judged as given. */
  members: readonly (readonly [Path, unknown])[];
}

const MONEY_ZERO = { Moneda: 'ARS', Importe: 0 };

export const VALUE_KINDS: readonly ValueKind[] = [
  {
    name: 'zeros',
    members: [
      [['Auto', 'Kilometraje'], 0],
      [['Auto', 'Precio'], MONEY_ZERO],
      [['Interesado', 'InfoOperacion'], { EntregaVehiculo: null, FinanciacionDeseada: { Adelanto: null, Cuota: MONEY_ZERO }, QuiereCotizacionSeguro: null }],
    ],
  },
  {
    name: 'nulls',
    members: [
      [['Auto', 'RefStock'], null],
      [['Auto', 'Version'], null],
      [['Auto', 'VersionYear'], null],
      [['Auto', 'Kilometraje'], null],
      [['Auto', 'Color'], null],
      [['Auto', 'BodyType'], null],
      [['Auto', 'Precio'], null],
      [['Auto', 'Anticipo'], null],
      [['Auto', 'Cuota'], null],
      [['Interesado', 'Telefono'], null],
      [['Interesado', 'DocIdentidad'], null],
      [['Interesado', 'Ciudad'], null],
      [['Interesado', 'InfoOperacion'], null],
    ],
  },
  {
    name: 'empty strings',
    members: [
      [['TipoAnuncio'], 'catalogo'],
      [['Auto', 'ExternalId'], ''],
      [['Auto', 'Estado'], 'nuevo'],
      [['Interesado', 'Comentario'], ''],
    ],
  },
];

/** The inquiry with the kind's members set. */
export function withValues(inquiry: ConsultaInput, kind: ValueKind): ConsultaInput {
  const copy = structuredClone(inquiry) as unknown as Record<string, unknown>;
  for (const [path, value] of kind.members) {
    const holder = path.slice(0, -1).reduce((o, k) => o[k] as Record<string, unknown>, copy);
    holder[path.at(-1)!] = structuredClone(value);
  }
  return copy as unknown as ConsultaInput;
}

/**
 * Where `got` does not hold `sent` as given — a member left out, null for a value, a value for null, another
 * value — as "path: sent …, got …"; undefined when it does. Members `got` has beyond those sent are not judged.
 */
export function notAsGiven(sent: unknown, got: unknown, path = ''): string | undefined {
  if (sent !== null && typeof sent === 'object' && !Array.isArray(sent)) {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return `${path}: sent ${JSON.stringify(sent)}, got ${JSON.stringify(got)}`;
    for (const [k, v] of Object.entries(sent)) {
      const inner = `${path}${path ? '.' : ''}${k}`;
      if (!(k in got)) return `${inner}: sent ${JSON.stringify(v)}, left out`;
      const diff = notAsGiven(v, (got as Record<string, unknown>)[k], inner);
      if (diff) return diff;
    }
    return undefined;
  }
  return Object.is(sent, got) || (sent === 0 && got === 0) ? undefined : `${path}: sent ${JSON.stringify(sent)}, got ${JSON.stringify(got)}`;
}

/** The members of `kind` read from a Consulta, as an object to compare with what was sent (notAsGiven). */
export function membersOf(kind: ValueKind, consulta: unknown): { sent: Record<string, unknown>; got: Record<string, unknown> } {
  const sent: Record<string, unknown> = {};
  const got: Record<string, unknown> = {};
  for (const [path, value] of kind.members) {
    const key = path.join('.');
    sent[key] = value;
    const found = path.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' && k in o ? (o as Record<string, unknown>)[k] : undefined), consulta);
    if (found !== undefined) got[key] = found;
  }
  return { sent, got };
}
