import Negotiator from 'negotiator';
import { ALL_FORMS, FULL_FORMS } from '../models/endpoints/parts.ts';
import { MEDIA_FORMS, MEDIA_TYPES, essence, type Endpoint, type MediaForm } from '../models/index.ts';
import type { Profile } from '../sut/profile.ts';

// Media-type selection ("how a caller chooses among the media types of a response: not shown"): the
// profile's mediaTypeSelection, the Accept header by default. Offered forms come from each row of the
// endpoint catalog; rows that list none get the choices below (reference/README.md).

/** Rows naming a representation but no media types: what the server offers for them. */
// Stryker disable next-line ObjectLiteral: Endpoints: these rows list no media types ("200 Carroceria", "200 (body form of the match)", the invitation's OPTIONS): which forms they offer is the server's
const UNLISTED: Readonly<Record<string, readonly MediaForm[]>> = {
  // "200 (body form of the match)": a Marca, which has a reference form.
  'marcas-bestmatch': ALL_FORMS,
  // The invitation state sits on the agency URI, whose GET offers every form.
  'agencias-options': ALL_FORMS,
};

/** Rows that list none of their own, and none above, offer the full forms (Carroceria, like its list, has no reference form). */
export function offeredForms(e: Endpoint): readonly MediaForm[] | undefined {
  // Stryker disable next-line ConditionalExpression: "How a caller chooses among the media types of a response: not shown": a row without a body has none to choose, and whether its Accept is judged is the server's
  if (e.success.body !== 'representation') return undefined;
  return e.success.mediaTypes ?? UNLISTED[e.id] ?? FULL_FORMS;
}

/**
 * What negotiator is offered: each form's type with the charset every body is sent in (RFC 8259 section 8.1:
 * UTF-8), so that a range naming charset=utf-8 matches it as a range without parameters does, and one naming
 * another charset or any other parameter does not (RFC 9110 section 12.5.1).
 */
const offeredType = (form: MediaForm): string => `${MEDIA_TYPES[form]}; charset=utf-8`;

/**
 * The form to answer with, by negotiator (RFC 9110 section 12.5.1): each offered type takes the q of the most
 * specific range that matches it (q=0 excludes it); then highest q wins, then the more specific range, then the
 * client's order, then the catalog's order (json first). No Accept, an empty one, or *\/* gives
 * application/json where offered. undefined: nothing acceptable is offered (406).
 */
function fromAccept(accept: string | undefined, offered: readonly MediaForm[]): MediaForm | undefined {
  const types = offered.map(offeredType);
  // No Accept, or an empty one (Node trims a header's value), accepts every type (RFC 9110 section 12.5.1).
  const chosen = new Negotiator({ headers: { accept: accept || '*/*' } }).mediaType(types);
  return chosen === undefined ? undefined : offered[types.indexOf(chosen)];
}

export function negotiate(
  selection: Profile['mediaTypeSelection'],
  offered: readonly MediaForm[],
  header: (name: string) => string | undefined,
  query: URLSearchParams,
): MediaForm | undefined {
  if ('header' in selection) return fromAccept(header(selection.header), offered);
  const asked = query.get(selection.query);
  if (!asked) return offered[0];
  const form = MEDIA_FORMS.find((f) => MEDIA_TYPES[f] === essence(asked));
  return form && offered.includes(form) ? form : undefined;
}
