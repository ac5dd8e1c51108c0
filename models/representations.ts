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
  ConsultaPage: { full: consultaPage, ref: consultaRefPage },
  Consulta: { full: consulta, ref: refLink },
} satisfies Record<string, { full: Factory; ref?: Factory }>;

export type RepresentationName = keyof typeof REPRESENTATIONS;

export function representationModel(
  name: RepresentationName,
  form: Representation,
  mode: Strictness = 'loose',
): z.ZodType | undefined {
  const entry: { full: Factory; ref?: Factory } = REPRESENTATIONS[name];
  return form === 'ref' ? entry.ref?.(mode) : entry.full(mode);
}

export const hasRefForm = (name: RepresentationName): boolean => 'ref' in REPRESENTATIONS[name];
