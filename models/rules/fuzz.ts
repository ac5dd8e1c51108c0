import { rule } from '../rule.ts';

// Issue 12 §4, fuzzing wider. Endpoints (preamble): "Every endpoint may answer 400 with a validation problem
// body unless the table lists only other codes; codes listed are the ones defined." No row lists a 5xx, so
// no request to a row gets one, valid or invalid (Schemathesis's not_a_server_error). And an e-mail parameter
// ("email") takes the common RFC 5322 forms that models/param-check.ts decides are valid.
export const FUZZ_RULES = [
  rule(
    'errors/no-server-error',
    'must',
    'Endpoints (preamble)',
    'no request the run sends to an endpoint of the catalog, valid or invalid, is answered with a 5xx (codes listed are the ones defined, and no row lists one)',
  ),
  rule(
    'limits/email-format/rfc-forms-accepted',
    'must',
    'Endpoints',
    'an e-mail parameter (adminMail, operador) in a common RFC 5322 form — plus-addressing, dots, digits, hyphens, underscores, apostrophes, subdomains, upper case — is accepted (a documented non-400 answer)',
  ),
];
