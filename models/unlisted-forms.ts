import type { Endpoint } from './endpoint.ts';
import { MEDIA_FORMS, type MediaForm } from './media-types.ts';
import { hasRefForm } from './representations.ts';

/**
 * The media forms a success response of `e` may never be labelled as (Conventions: "not every endpoint offers
 * every one; see Endpoints"): those its row leaves out of the list it gives; where the row lists none, the
 * reference form when the spec gives the resource none ("Reference forms exist for agencies, cities, colors,
 * makes and inquiries"). Rows without a representation (202, 204, the resend payload) have no form to judge, and
 * neither has a response the Endpoints tables do not describe (OPTIONS on an agency URI, whose resource has a
 * reference form).
 */
export function unlistedForms(e: Endpoint): MediaForm[] {
  if (e.success.body !== 'representation' || e.success.source === 'not-shown') return [];
  if (e.success.mediaTypes) return MEDIA_FORMS.filter((f) => !e.success.mediaTypes!.includes(f));
  const representation = e.success.representation;
  return representation && !hasRefForm(representation) ? ['ref'] : [];
}
