import { documentedStatuses, type Endpoint } from '../endpoint.ts';
import { ENDPOINTS } from '../endpoints/index.ts';
import { MEDIA_TYPES, mediaRuleId, requestMediaRuleId } from '../media-types.ts';
import { rule, type Rule } from '../rule.ts';

// Rules derived from the endpoint catalog: one per documented status, one per offered media type, and
// "no undocumented status" per endpoint. Walking the data keeps them in step with the rows.

const label = (e: Endpoint) => `${e.method} ${e.path}`;

/** Endpoints with no parameter and no body cannot be sent an invalid request, so the preamble's 400 is untestable. */
const hasInput = (e: Endpoint) => e.params.length > 0 || e.body !== undefined;

function statusRules(e: Endpoint): Rule[] {
  const success = rule(
    `status/${e.id}/${e.success.status}`,
    'must',
    e.section,
    e.success.source === 'not-shown'
      ? `${label(e)} answers with a success status and the ${e.success.meaning}`
      : `${label(e)} answers ${e.success.status} (${e.success.meaning}) to a valid request`,
    e.id,
  );
  const others = e.others
    .filter((o) => o.status !== 400 || hasInput(e))
    .map((o) =>
      rule(
        `status/${e.id}/${o.status}`,
        // What triggers 304 on the home document is not shown: the profile names the header.
        o.status === 304 ? 'profile' : 'must',
        o.source === 'preamble' ? 'Endpoints (preamble)' : e.section,
        `${label(e)} answers ${o.status}: ${o.meaning}`,
        e.id,
      ),
    );
  const documentedOnly = rule(
    `status/${e.id}/documented-only`,
    e.othersNotShown ? 'observe' : 'must',
    'Endpoints (preamble)',
    e.othersNotShown
      ? `${label(e)}: codes beyond ${documentedStatuses(e).join(', ')} are not shown; those seen are recorded`
      : `${label(e)} answers only the codes it documents (${documentedStatuses(e).join(', ')})`,
    e.id,
  );
  return [success, ...others, documentedOnly];
}

function mediaRules(e: Endpoint): Rule[] {
  if (e.success.mediaTypes) {
    return e.success.mediaTypes.map((form) =>
      rule(
        mediaRuleId(e.id, form),
        'must',
        e.section,
        `${label(e)} offers ${MEDIA_TYPES[form]} with a body valid for the ${form === 'ref' ? 'reference' : 'full'} form`,
        e.id,
      ),
    );
  }
  if (e.success.body !== 'representation') return [];
  return [rule(`media/${e.id}/offered`, 'observe', e.section, `${label(e)}: the row lists no media types; those the target offers are recorded`, e.id)];
}

/** A row whose body is "(application/json or text/json)" takes either; application/json is what every check sends. */
function requestMediaRules(e: Endpoint): Rule[] {
  if (!e.body?.mediaTypes?.includes('textJson')) return [];
  return [
    rule(
      requestMediaRuleId(e.id),
      'must',
      e.section,
      `${label(e)} accepts its ${e.body.model} body sent as ${MEDIA_TYPES.textJson}, and as either type with a charset parameter`,
      e.id,
    ),
  ];
}

export const CATALOG_RULES: Rule[] = ENDPOINTS.flatMap((e) => [...statusRules(e), ...mediaRules(e), ...requestMediaRules(e)]);
