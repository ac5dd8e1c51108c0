import { MEDIA_TYPES } from '../../../models/index.ts';
import type { MutantResponse } from '../exchange.ts';
import type { Fault, Mutant } from '../fault.ts';
import type { Json } from './helpers.ts';

// Errors: the validation problem body (400, 409) and the 403 problem body, application/problem+json.

/** Edits problem bodies of the given statuses (of the given endpoints, when named). */
export const problems = (statuses: number[], edit: (body: Json, res: MutantResponse) => void, endpoints?: string[]): Fault => ({
  response(req, res) {
    if (!statuses.includes(res.status) || (endpoints && !endpoints.includes(req.endpoint ?? ''))) return;
    res.editJson((body) => edit(body, res));
  },
});

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
