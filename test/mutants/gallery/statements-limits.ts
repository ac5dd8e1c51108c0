import { LIMITS } from '../../../models/index.ts';
import { MutantResponse, problem } from '../exchange.ts';
import type { Fault, Mutant } from '../fault.ts';
import { invalidBecause, requests } from './helpers.ts';
import { because, refuse, rewrite } from './limits.ts';

// Endpoints: each row that takes adminMail, sid or an int32 id states the bound again ("path adminMail
// (required, email, max 50)"), and the limits suite walks every endpoint that carries it. These faults break
// the bound on one row only, as an implementation whose handlers validate each on their own would: the
// other rows keep it, so only a suite that tries every row catches them.

const { adminMail, sid } = LIMITS;
const mailRule = `limits/admin-mail-max-${adminMail.maxLength}`;

/** A request fault of the limits family, on these endpoints only. */
const on = (endpoints: string[], fault: Fault): Fault => requests(endpoints, fault.request!);

/** How a row gets the adminMail bound wrong, and the limit rule that then fails. */
const MAIL_FAULTS = {
  // The long address read as its last 50 characters: an agency nobody has.
  'accepts-51-char': {
    breaks: `${mailRule}/past-limit-rejected`,
    quote: 'max 50',
    fault: rewrite('adminMail', because('adminMail', 'longer than'), (v) => v.slice(v.length - adminMail.maxLength)),
  },
  // "max 50" read as "fewer than 50".
  'rejects-50-char': { breaks: `${mailRule}/at-limit-accepted`, quote: 'max 50', fault: refuse('adminMail', (v) => v.length >= adminMail.maxLength) },
  // Looked up as it is: no agency has that name.
  'accepts-non-email': {
    breaks: 'limits/admin-mail-email-format/non-email-rejected',
    quote: 'email',
    fault: rewrite('adminMail', because('adminMail', 'not an e-mail'), () => 'nobody@mutant.example'),
  },
} satisfies Record<string, { breaks: string; quote: string; fault: Fault }>;

/** The rows that take adminMail, each with the bound broken on it alone (endpoint id, mutant name, fault). */
const MAIL_ROWS: [string, string, keyof typeof MAIL_FAULTS][] = [
  ['agencias-put', 'put', 'accepts-51-char'],
  ['agencias-desasociar', 'desasociar', 'rejects-50-char'],
  ['agencias-productos', 'productos', 'accepts-non-email'],
  ['consultas-list', 'inquiry-list', 'accepts-51-char'],
  ['consultas-get', 'inquiry-get', 'rejects-50-char'],
];

export const STATEMENT_LIMIT_MUTANTS: Mutant[] = [
  ...MAIL_ROWS.map(([endpointId, name, how]): Mutant => {
    const { breaks, quote, fault } = MAIL_FAULTS[how];
    return { name: `${name}-${how}-admin-mail`, statement: `endpoints/${endpointId}/admin-mail`, breaks, quote, fault: on([endpointId], fault) };
  }),
  {
    name: 'resend-accepts-19-char-sid',
    statement: 'endpoints/consultas-resend/params',
    breaks: `limits/sid-length-${sid.minLength}-${sid.maxLength}/below-min-rejected`,
    quote: 'same path parameters as above',
    // Resend forgot the sid's bounds that GET by sid checks: a short sid is an inquiry nobody has (404).
    fault: on(
      ['consultas-resend'],
      rewrite(
        'sid',
        (v) => v.length < sid.minLength,
        (v) => v.padEnd(sid.minLength, 'x'),
      ),
    ),
  },
  {
    name: 'city-id-beyond-int32-500',
    statement: 'endpoints/ciudades-get/id',
    breaks: 'limits/int32/path-id-beyond-not-found',
    quote: 'integer int32',
    // The id parsed into a 32-bit integer, and the overflow never caught.
    fault: requests(['ciudades-get'], (req, ctx) => {
      if (invalidBecause(req, ctx, 'id') === 'outside int32') {
        return new MutantResponse(500, { 'content-type': 'text/plain' }, 'OverflowException: Value was either too large or too small for an Int32.');
      }
    }),
  },
  {
    name: 'color-id-beyond-int32-422',
    statement: 'endpoints/colores-get/id',
    breaks: 'limits/int32/path-id-beyond-not-found',
    quote: 'integer int32',
    // A framework's type validation of the path: 422, a code the row does not list.
    fault: requests(['colores-get'], (req, ctx) => {
      if (invalidBecause(req, ctx, 'id') === 'outside int32') return problem(req, 422, { id: ['expected a 32-bit integer'] });
    }),
  },
];
