import { MEDIA_TYPES } from '../../../models/index.ts';
import type { MutantResponse } from '../exchange.ts';
import type { Fault, Mutant } from '../fault.ts';
import type { Json } from './helpers.ts';

// Errors: the validation problem body (400, 409) and the 403 problem body, application/problem+json.

/** Errors with each key renamed by `rename` (anything else left as it is). */
const rekeyed = (errors: unknown, rename: (key: string) => string): unknown =>
  errors !== null && typeof errors === 'object' && !Array.isArray(errors) ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [rename(k), v])) : errors;

/** Edits problem bodies of the given statuses (of the given endpoints, when named). */
export const problems = (statuses: number[], edit: (body: Json, res: MutantResponse) => void, endpoints?: string[]): Fault => ({
  response(req, res) {
    if (!statuses.includes(res.status) || (endpoints && !endpoints.includes(req.endpoint ?? ''))) return;
    res.editJson((body) => edit(body, res));
  },
});

/** Edits the 400 problem bodies of `endpointId` whose Errors name more than one property (several failing at once). */
const severalFailing = (endpointId: string, edit: (body: Json, errors: Record<string, string[]>) => void): Fault =>
  problems(
    [400],
    (body) => {
      const errors = body.Errors as Record<string, string[]> | undefined;
      if (errors && Object.keys(errors).length > 1) edit(body, errors);
    },
    [endpointId],
  );

export const PROBLEM_MUTANTS: Mutant[] = [
  {
    name: 'conflict-status-member-400',
    statement: 'problem/status',
    breaks: 'errors/status-member-matches',
    fault: problems([409], (body) => void (body.Status = 400)),
  },
  {
    name: 'problem-instance-is-api-root',
    statement: 'problem/instance',
    breaks: 'errors/instance-is-request-path',
    fault: problems([400], (body) => void (body.Instance = '/v3')),
  },
  {
    name: 'inquiry-list-problem-without-title',
    statement: 'problem/title',
    breaks: 'errors/validation-problem-body',
    also: ['status/consultas-list/400'],
    fault: problems([400], (body) => void delete body.Title, ['consultas-list']),
  },
  {
    name: 'make-list-problem-typed-as-json',
    statement: 'errors/problem-type',
    breaks: 'errors/problem-media-type',
    fault: problems([400], (_body, res) => void (res.headers['content-type'] = MEDIA_TYPES.json), ['marcas-list']),
  },
  {
    name: 'pagina-problem-keyed-by-another-name',
    statement: 'problem/errors',
    breaks: 'errors/errors-keyed-by-property',
    fault: problems([400], (body) => void (body.Errors = { campo: ['invalid'] }), ['consultas-list']),
  },
  // Errors keys that are no property name of the request: a naming convention applied to them, an entry-level
  // problem under a name of its own. Each only on answers a check other than errors/* provokes too.
  {
    name: 'agency-put-problem-keys-lower-cased',
    statement: 'problem/errors',
    breaks: 'errors/errors-keyed-by-property',
    fault: problems([400], (body) => void (body.Errors = rekeyed(body.Errors, (k) => k.toLowerCase())), ['agencias-put', 'agencias-invite']),
  },
  {
    name: 'inquiry-list-problem-keys-pascal-cased',
    statement: 'problem/errors',
    breaks: 'errors/errors-keyed-by-property',
    fault: problems([400], (body) => void (body.Errors = rekeyed(body.Errors, (k) => k.charAt(0).toUpperCase() + k.slice(1))), ['consultas-list']),
  },
  {
    name: 'webhook-conflict-keyed-conflict',
    statement: 'problem/errors',
    breaks: 'errors/errors-keyed-by-property',
    quote: 'the key _ holds entry-level problems that belong to no single property',
    // The conflict belongs to no single property: keyed by a name of the server's own instead of _.
    fault: problems([409], (body) => void (body.Errors = rekeyed(body.Errors, () => 'conflict')), ['appnotificaciones-post']),
  },
  {
    name: 'registered-invitation-keyed-email',
    statement: 'problem/errors',
    breaks: 'errors/errors-keyed-by-property',
    fault: problems([409], (body) => void (body.Errors = { Email: ['already registered'] }), ['agencias-invite']),
  },
  // Issue 28 §2: every problem member typed on every problem answer, also when several properties fail at once.
  {
    name: 'several-failures-detail-an-array',
    statement: 'problem/detail',
    breaks: 'errors/validation-problem-body',
    // One message per property at fault, as an array, once more than one query parameter of the list is invalid.
    fault: severalFailing('consultas-list', (body, errors) => void (body.Detail = Object.values(errors).flat())),
  },
  {
    name: 'several-failures-type-a-sentence',
    statement: 'problem/type',
    breaks: 'errors/validation-problem-body',
    quote: 'URI',
    fault: severalFailing('ciudades-bestmatch', (body) => void (body.Type = 'Several validation errors occurred')),
  },
  {
    name: 'webhook-conflict-type-a-sentence',
    statement: 'problem/type',
    breaks: 'errors/validation-problem-body',
    quote: 'URI',
    fault: problems([409], (body) => void (body.Type = 'Configuration already created'), ['appnotificaciones-post']),
  },
  {
    // The conflict of an invitation typed by a word: a relative reference, no URI ("Type | string, URI").
    name: 'invite-conflict-type-a-word',
    statement: 'problem/type',
    breaks: 'errors/validation-problem-body',
    quote: 'URI',
    fault: problems([409], (body) => void (body.Type = 'Conflict'), ['agencias-invite']),
  },
  {
    // A validation problem with several properties at fault typed by a path of the server's: a relative reference.
    name: 'several-failures-type-a-path',
    statement: 'problem/type',
    breaks: 'errors/validation-problem-body',
    quote: 'URI',
    fault: severalFailing('consultas-list', (body) => void (body.Type = '/problems/validation')),
  },
  {
    name: 'forbidden-as-plain-text',
    statement: 'problem/403-body',
    breaks: 'errors/forbidden-problem-body',
    also: ['errors/problem-media-type', 'status/agencias-desasociar/403'],
    fault: {
      response(req, res) {
        if (res.status === 403 && req.endpoint === 'agencias-desasociar') Object.assign(res, { headers: { 'content-type': 'text/plain' }, body: 'Forbidden' });
      },
    },
  },
];
