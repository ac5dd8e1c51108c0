import { MutantResponse, problem, type MutantRequest } from '../exchange.ts';
import type { Fault, Mutant } from '../fault.ts';
import { answers, requests } from './helpers.ts';

// Issue 12 §4, fuzzing wider: servers that crash (500) on the inputs real implementations trip on — e-mail
// forms, non-ASCII and URL-special characters, long strings, null body members — each killed by
// errors/no-server-error, alone (--only) or from another check's request (run-wide); and servers that refuse
// a valid e-mail form or answer an undocumented code to odd characters.

const RULE = 'errors/no-server-error';
/** Endpoints (preamble): no row lists a 5xx. */
const CODES_DEFINED = 'endpoints/codes-defined';

const crash = (): MutantResponse => new MutantResponse(500, { 'content-type': 'text/html' }, '<h1>Internal Server Error</h1>');

/** Crashes on the requests `when` picks, before the reference sees them. */
const crashesOn = (when: (req: MutantRequest) => boolean): Fault => ({ request: (req) => (when(req) ? crash() : undefined) });

const adminMailOf = (req: MutantRequest): string => req.param('adminMail') ?? '';
const longerThan = (name: string, n: number) => (req: MutantRequest) => (req.query.get(name) ?? '').length > n;
const BODY_ENDPOINTS = ['agencias-invite', 'agencias-put', 'appnotificaciones-post', 'appnotificaciones-put'];

function hasNullMember(req: MutantRequest): boolean {
  const body = req.json();
  return body !== null && typeof body === 'object' && Object.values(body).some((v) => v === null);
}

export const SERVER_ERROR_MUTANTS: Mutant[] = [
  {
    name: 'admin-mail-plus-addressing-500',
    statement: CODES_DEFINED,
    breaks: RULE,
    quote: 'codes listed are the ones defined',
    // The address is split on '+' to find a "base" mailbox, and the lookup of that part throws.
    fault: crashesOn((req) => adminMailOf(req).includes('+')),
  },
  {
    name: 'admin-mail-quoted-local-part-500',
    statement: CODES_DEFINED,
    breaks: RULE,
    quote: 'codes listed are the ones defined',
    fault: crashesOn((req) => adminMailOf(req).startsWith('"')),
  },
  {
    name: 'admin-mail-50-upper-case-500',
    statement: CODES_DEFINED,
    breaks: RULE,
    quote: 'codes listed are the ones defined',
    // Case folding widens the column past 50 characters when the address is already at the limit.
    fault: crashesOn((req) => adminMailOf(req).length === 50 && /[A-Z]/.test(adminMailOf(req))),
  },
  {
    name: 'catalog-q-non-ascii-500',
    statement: CODES_DEFINED,
    breaks: RULE,
    quote: 'codes listed are the ones defined',
    fault: requests(['colores-list', 'marcas-list', 'ciudades-list'], (req) => (/[^\x00-\x7f]/.test(req.query.get('q') ?? '') ? crash() : undefined)),
  },
  {
    name: 'path-segment-encoded-slash-500',
    statement: CODES_DEFINED,
    breaks: RULE,
    quote: 'codes listed are the ones defined',
    fault: crashesOn((req) => /%2f/i.test(req.path)),
  },
  {
    name: 'body-member-null-500',
    statement: CODES_DEFINED,
    breaks: RULE,
    quote: 'codes listed are the ones defined',
    // A member read as a string (trimmed, measured) throws when it is null.
    fault: requests(BODY_ENDPOINTS, (req) => (hasNullMember(req) ? crash() : undefined)),
  },
  {
    name: 'externalid-10000-characters-500',
    statement: CODES_DEFINED,
    breaks: RULE,
    quote: 'codes listed are the ones defined',
    fault: requests(['consultas-list'], (req) => (longerThan('externalid', 4096)(req) ? crash() : undefined)),
  },
  {
    name: 'nombre-256-characters-500',
    statement: CODES_DEFINED,
    breaks: RULE,
    quote: 'codes listed are the ones defined',
    // A varchar(255) column behind the full-name filter.
    fault: requests(['colores-list'], (req) => (longerThan('nombre', 255)(req) ? crash() : undefined)),
  },
  {
    name: 'home-304-becomes-500',
    statement: CODES_DEFINED,
    breaks: RULE,
    also: ['home/etag-304', 'status/home/304', 'home/304-no-body'],
    // Only another check sends the matching conditional request: the rule must see the whole run's exchanges.
    only: `${RULE},home/etag-304`,
    quote: 'codes listed are the ones defined',
    fault: answers(['home'], (_req, res) => {
      if (res.status === 304) Object.assign(res, { status: 500, body: 'Internal Server Error', headers: { 'content-type': 'text/plain' } });
    }),
  },
  {
    name: 'admin-mail-rejects-plus-addressing',
    statement: 'endpoints/admin-mail-is-email',
    breaks: 'limits/email-format/rfc-forms-accepted',
    quote: "Path parameter adminMail is the e-mail of the agency's administrator operator",
    fault: { request: (req) => (adminMailOf(req).includes('+') ? problem(req, 400, { adminMail: ['not an e-mail address'] }) : undefined) },
  },
  {
    name: 'operador-rejects-upper-case',
    statement: 'endpoints/agencias-list/operador-format',
    breaks: 'limits/email-format/rfc-forms-accepted',
    quote: 'query operador (optional, string, email)',
    fault: { request: (req) => (/[A-Z]/.test(req.query.get('operador') ?? '') ? problem(req, 400, { operador: ['not an e-mail address'] }) : undefined) },
  },
  {
    name: 'colores-q-percent-sign-422',
    statement: CODES_DEFINED,
    breaks: 'status/colores-list/documented-only',
    quote: 'codes listed are the ones defined',
    fault: requests(['colores-list'], (req) => ((req.query.get('q') ?? '').includes('%') ? problem(req, 422, { q: ['unsupported characters'] }) : undefined)),
  },
];
