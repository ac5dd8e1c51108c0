import { MutantResponse } from '../../mutants/exchange.ts';
import type { Fault } from '../../mutants/fault.ts';
import type { OutsiderFault } from './outsider.ts';

// Errors: the validation problem body (400, 409), the 403 problem, and their media type.

const PROBLEM = 'application/problem+json';

/** A rewrite of every problem body answered with `status` (any of them when omitted). */
const problems = (edit: (res: MutantResponse) => void, statuses = [400, 409]): Fault => ({
  response: (_req, res) => {
    if (statuses.includes(res.status) && res.headers['content-type']?.startsWith(PROBLEM)) edit(res);
  },
});

export const ERROR_FAULTS: OutsiderFault[] = [
  {
    name: 'problems-labelled-json',
    says: 'Error bodies use application/problem+json (see Errors).',
    fault: problems((res) => void (res.headers['content-type'] = 'application/json; charset=utf-8'), [400, 403, 409]),
  },
  {
    name: 'problem-members-lower-case',
    says: 'Errors | object … Type | string, URI … Title … Status … Detail … Instance … Extensions',
    fault: problems(
      (res) => void (res.body = res.body.replace(/"(Errors|Type|Title|Status|Detail|Instance|Extensions)":/g, (_m, k: string) => `"${k.toLowerCase()}":`)),
    ),
  },
  {
    name: 'problem-status-member-is-200',
    says: 'Status | integer | the HTTP status',
    fault: problems((res) => res.editJson((j) => void (j.Status = 200))),
  },
  {
    name: 'problem-instance-is-absolute-url',
    says: 'Instance | string | URI path of the request',
    fault: problems((res) => res.editJson((j) => void (j.Instance = `http://127.0.0.1${String(j.Instance)}`))),
  },
  {
    name: 'problem-errors-as-a-list',
    says: 'Errors | object | map from property name to an array of message strings',
    fault: problems((res) => res.editJson((j) => void (j.Errors = Object.values((j.Errors as Record<string, string[]>) ?? {}).flat()))),
  },
  {
    name: 'forbidden-without-body',
    says: 'The 403 body is a problem body (application/problem+json)',
    fault: problems((res) => Object.assign(res, new MutantResponse(403, {}, '')), [403]),
  },
  {
    name: 'conflict-without-problem-body',
    says: '409 | conflict: … (validation problem body)',
    fault: problems((res) => Object.assign(res, new MutantResponse(409, { 'content-type': 'text/plain' }, 'conflict')), [409]),
  },
];
