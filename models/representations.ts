import { z } from 'zod';
import { consulta } from './consulta.ts';
import { refLink } from './link.ts';
import type { Representation } from './media-types.ts';
import { opaqueList, opaqueResource, refList } from './opaque.ts';
import { consultaPage, consultaRefPage } from './paged-list.ts';
import type { Strictness } from './strictness.ts';

type Factory = (mode: Strictness) => z.ZodType;

/** Every representation a success response names, with its full and (where the spec marks one) reference form. */
const REPRESENTATIONS = {
  EntryPoints: { full: opaqueResource },
  Agencias: { full: opaqueList, ref: refList },
  // A single resource's reference form is shown only for Consulta ("a link object whose title…"); for the
  // others the spec says only that one exists: any JSON object.
  Agencia: { full: opaqueResource, ref: opaqueResource },
  AgenciaProductos: { full: opaqueResource },
  InvitationState: { full: opaqueResource },
  // "list of topics available and configured for the app", fields not shown: an object or an array.
  AppWebhooks: { full: () => z.union([opaqueResource(), z.array(z.unknown())]) },
  AppWebhook: { full: opaqueResource },
  Carrocerias: { full: opaqueList },
  Carroceria: { full: opaqueResource },
  Ciudades: { full: opaqueList, ref: refList },
  Ciudad: { full: opaqueResource, ref: opaqueResource },
  Colores: { full: opaqueList, ref: refList },
  Color: { full: opaqueResource, ref: opaqueResource },
  Marcas: { full: opaqueList, ref: refList },
  Marca: { full: opaqueResource, ref: opaqueResource },
  // Paging (Pagina, PerPagina) puts the inquiries in one sequence: a page's entries keep their order. No other
  // array of any representation has an order the spec gives.
  ConsultaPage: { full: consultaPage, ref: consultaRefPage, ordered: ['_entries'] },
  Consulta: { full: consulta, ref: refLink },
} satisfies Record<string, { full: Factory; ref?: Factory; ordered?: readonly string[] }>;

export type RepresentationName = keyof typeof REPRESENTATIONS;

/**
 * Built once per name, form and mode: a zod schema is immutable, and building one (and zod compiling its parser
 * on first use) costs far more than a parse — `load` validates and the checks judge with these on every sample.
 */
const built = new Map<string, z.ZodType | undefined>();

export function representationModel(name: RepresentationName, form: Representation, mode: Strictness = 'loose'): z.ZodType | undefined {
  const key = `${name} ${form} ${mode}`;
  if (built.has(key)) return built.get(key);
  const entry: { full: Factory; ref?: Factory } = REPRESENTATIONS[name];
  const model = form === 'ref' ? entry.ref?.(mode) : entry.full(mode);
  built.set(key, model);
  return model;
}

/** The arrays of a representation whose order the spec gives (json-compare.ts `Comparison.ordered`); every other is a multiset. */
export const orderedArrays = (name: RepresentationName | undefined): readonly string[] =>
  (name && (REPRESENTATIONS[name] as { ordered?: readonly string[] }).ordered) || [];

export const hasRefForm = (name: RepresentationName): boolean => 'ref' in REPRESENTATIONS[name];
