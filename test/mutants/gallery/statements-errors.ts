import { empty } from '../exchange.ts';
import type { Mutant } from '../fault.ts';
import { replaceAnswers, type Json } from './helpers.ts';
import { problems } from './problems.ts';

// Errors: the status codes table (400, 403, 404, 409 and the bodies it names) and the members of the
// validation problem body, each got wrong as an implementation that follows a neighbouring convention would
// (RFC 9457's lower-case members, a bare message, extension members at the top level).

/** Every member of the body renamed by `rename`, values kept. */
const renamed = (rename: (key: string) => string) => (body: Json) => {
  for (const [key, value] of Object.entries(body)) {
    delete body[key];
    body[rename(key)] = value;
  }
};

export const STATEMENT_ERROR_MUTANTS: Mutant[] = [
  {
    name: 'problem-members-lower-case',
    statement: 'errors/400',
    breaks: 'errors/validation-problem-body',
    // RFC 9457 spells them type, title, status, detail, instance.
    fault: problems(
      [400],
      renamed((k) => k.charAt(0).toLowerCase() + k.slice(1)),
    ),
  },
  {
    name: 'unavailable-topic-403-without-body',
    statement: 'errors/403',
    breaks: 'errors/forbidden-problem-body',
    quote: '(problem body)',
    fault: replaceAnswers('appnotificaciones-post', 403, () => empty(403)),
  },
  {
    name: 'missing-body-style-answers-204',
    statement: 'errors/404',
    breaks: 'status/carrocerias-get/404',
    quote: 'body style',
    // Nothing found, so nothing to send.
    fault: replaceAnswers('carrocerias-get', 404, () => empty(204)),
  },
  {
    name: 'conflict-body-is-a-message',
    statement: 'errors/409',
    breaks: 'errors/validation-problem-body',
    quote: '(validation problem body)',
    fault: problems([409], (body) => {
      for (const key of Object.keys(body)) delete body[key];
      body.message = 'El e-mail ya está registrado';
    }),
  },
  {
    name: 'problem-type-is-a-sentence',
    statement: 'problem/type',
    breaks: 'errors/validation-problem-body',
    quote: 'URI',
    fault: problems([400], (body) => void (body.Type = 'One or more validation errors occurred.'), ['ciudades-list']),
  },
  {
    name: 'conflict-problem-without-detail',
    statement: 'problem/detail',
    breaks: 'errors/validation-problem-body',
    fault: problems([409], (body) => void delete body.Detail),
  },
  {
    name: 'problem-extensions-flattened',
    statement: 'problem/extensions',
    breaks: 'errors/validation-problem-body',
    // Extension members written at the top level of the problem, as RFC 9457 has them.
    fault: problems([400], (body) => {
      const extensions = (body.Extensions ?? {}) as Json;
      delete body.Extensions;
      Object.assign(body, extensions, { traceId: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    }),
  },
];
