import fc from 'fast-check';
import { ENTRY_LEVEL_KEY, INT32, LIMITS, addDays, checkParam, endpoint, type ParamSpec } from '../../models/index.ts';
import { tokenOfLength, nonEmailArbitrary } from '../../generators/text.ts';
import type { EndpointCall } from '../../sut/call.ts';
import type { Check } from '../harness/check.ts';
import { freshAdminMail } from '../harness/invitations.ts';
import { emailsOfLengths, lengthsBelow, lengthsPast } from '../harness/lengths.ts';
import {
  MALFORMED_JSON,
  adminMailMembers,
  agenciaCreateBody,
  agenciaEditBody,
  editKnown,
  fixtureSid,
  notAnEmail,
  pathSafe,
  webhookBody,
} from '../harness/request-inputs.ts';

// Requests that provoke the problem statuses of Errors without changing anything: 400 for an invalid value
// of each kind of parameter (and a malformed body), 409 for inviting an agency that is already registered and
// for configuring the inquiry topic again,
// 403 for modifying an agency that does not exist for the app or configuring an unavailable topic.

export interface ProblemCase {
  label: string;
  endpointId: string;
  call: EndpointCall;
  status: 400 | 403 | 409;
  /** Errors keys that name the offending property (exactly: JSON member names are case-sensitive). */
  keys: string[];
  /** Sent only while the primary app's inquiry topic is configured (problem-checks.ts configures it). */
  needsInquiryTopic?: true;
}

const agency = (c: Check) => c.ctx.fixtures.agency;
const spec = (endpointId: string, name: string): ParamSpec => endpoint(endpointId).params.find((p) => p.name === name)!;

/**
 * Whether a case for `name` of `endpointId` needs the fixture agency (another path parameter is adminMail): left
 * out without one, so the problems of every other row are still provoked.
 */
const needsAgency = (c: Check, endpointId: string, name: string): boolean =>
  c.known('agency') === undefined && name !== 'adminMail' && endpoint(endpointId).params.some((q) => q.in === 'path' && q.name === 'adminMail');

/** The same case with a request body (PUT agencias and the appnotificaciones upserts need one). */
function withBody(c: Check, endpointId: string, call: EndpointCall): EndpointCall {
  // Without a known AgenciaEdit the PUT cases are left out (fixedCases); built bodiless so as not to skip the check.
  if (endpointId === 'agencias-put') return editKnown(c) ? { ...call, json: agenciaEditBody(c, String(call.params?.adminMail)) } : call;
  if (endpointId.startsWith('appnotificaciones-')) return { ...call, json: webhookBody(c) };
  return call;
}

/** A value for `p` of `endpointId`, with valid values elsewhere (the fixture agency and inquiry). */
function invalidCall(c: Check, endpointId: string, p: ParamSpec, value: string): EndpointCall {
  const e = endpoint(endpointId);
  const defaults: Record<string, () => string> = { adminMail: () => agency(c), sid: () => fixtureSid(c) };
  const params = Object.fromEntries(e.params.filter((q) => q.in === 'path').map((q) => [q.name, q.name === p.name ? value : defaults[q.name]!()]));
  return withBody(c, endpointId, { params, query: p.in === 'query' ? { [p.name]: value } : {} });
}

const badValue = (c: Check, endpointId: string, name: string, value: string, label: string): ProblemCase[] =>
  needsAgency(c, endpointId, name) ? [] : [{ label, endpointId, call: invalidCall(c, endpointId, spec(endpointId, name), value), status: 400, keys: [name] }];

/**
 * Several properties failing at once (issue 28 §2): the problem's members keep their types — Detail a string,
 * Type a URI — when Errors holds more than one key, and every key names one of the properties at fault.
 */
function severalAtOnce(c: Check): ProblemCase[] {
  const list = needsAgency(c, 'consultas-list', 'pagina')
    ? []
    : [
        {
          label: 'pagina, desde and operador invalid at once',
          endpointId: 'consultas-list',
          call: {
            params: { adminMail: agency(c) },
            query: {
              pagina: String(LIMITS.pagina.maximum + 1),
              desde: addDays(c.ctx.today, -(LIMITS.desde.minDaysBeforeToday + 1)),
              operador: notAnEmail(c),
            },
          },
          status: 400 as const,
          keys: ['pagina', 'desde', 'operador'],
        },
      ];
  return [
    ...list,
    { label: 'state and city missing at once', endpointId: 'ciudades-bestmatch', call: {}, status: 400, keys: ['state', 'city', ENTRY_LEVEL_KEY] },
  ];
}

/** The cases, less those of PUT on an agency when the profile knows no valid AgenciaEdit (templates.agenciaEdit null). */
export function fixedCases(c: Check): ProblemCase[] {
  return allFixedCases(c).filter((k) => k.endpointId !== 'agencias-put' || editKnown(c));
}

function allFixedCases(c: Check): ProblemCase[] {
  const tooLongTopic = tokenOfLength(LIMITS.topic.maxLength + 1, `${c.ctx.runId}t`);
  const overLongMail = `${'x'.repeat(LIMITS.adminMail.maxLength)}@${c.ctx.profile.invitationDomain}`;
  const registered = c.ctx.fixtures.inquiryTotal > 0 ? c.known('agency') : undefined;
  return [
    ...[
      badValue(c, 'agencias-productos', 'adminMail', notAnEmail(c), 'adminMail not an e-mail'),
      badValue(c, 'agencias-put', 'adminMail', overLongMail, 'adminMail past 50 characters'),
      badValue(c, 'consultas-get', 'sid', tokenOfLength(LIMITS.sid.minLength - 1, 's'), 'sid below 20 characters'),
      badValue(c, 'appnotificaciones-put', 'topic', tooLongTopic, 'topic past 80 characters'),
      badValue(c, 'consultas-list', 'pagina', String(LIMITS.pagina.maximum + 1), 'pagina past 99'),
      badValue(c, 'consultas-list', 'desde', addDays(c.ctx.today, -(LIMITS.desde.minDaysBeforeToday + 1)), 'desde before today minus 90 days'),
      badValue(c, 'ciudades-list', 'region', String(INT32.max + 1), 'region past int32'),
      badValue(c, 'agencias-list', 'operador', notAnEmail(c), 'operador not an e-mail'),
      badValue(c, 'consultas-list', 'operador', notAnEmail(c), 'operador not an e-mail'),
      badValue(c, 'marcas-list', 'soloMercadoNuevos', 'not-a-boolean', 'soloMercadoNuevos not a boolean'),
    ].flat(),
    // A body member the spec names (AgenciaCreate "carries a property named AdminMail, the e-mail address"): its
    // key is the member's name, as a parameter's is the parameter's. Never a valid e-mail: no one is invited.
    ...(adminMailMembers(c).length > 0
      ? [
          {
            label: 'AdminMail of AgenciaCreate not an e-mail',
            endpointId: 'agencias-invite',
            call: { json: agenciaCreateBody(c, notAnEmail(c)) },
            status: 400 as const,
            keys: adminMailMembers(c),
          },
        ]
      : []),
    ...severalAtOnce(c),
    { label: 'bodystyle missing', endpointId: 'carrocerias-bestmatch', call: {}, status: 400, keys: ['bodystyle'] },
    { label: 'city missing', endpointId: 'ciudades-bestmatch', call: { query: { state: 'a' } }, status: 400, keys: ['city'] },
    // "region optional if q is given; q optional if region is given": either names the problem, or neither does.
    { label: 'neither region nor q', endpointId: 'ciudades-list', call: {}, status: 400, keys: ['region', 'q', ENTRY_LEVEL_KEY] },
    // A body that is not JSON belongs to no single property: the entry-level key.
    {
      label: 'malformed JSON body',
      endpointId: 'agencias-invite',
      call: { body: MALFORMED_JSON, contentType: 'application/json' },
      status: 400,
      keys: [ENTRY_LEVEL_KEY],
    },
    // The fixture agency is registered when it has received inquiries: inviting its AdminMail again creates nothing.
    ...(registered
      ? [
          {
            label: 'AdminMail already registered',
            endpointId: 'agencias-invite',
            call: { json: agenciaCreateBody(c, registered) },
            status: 409 as const,
            keys: ['AdminMail', ENTRY_LEVEL_KEY],
          },
        ]
      : []),
    // The inquiry topic is configured for the resend cases: POST of it conflicts ("configuration already created"),
    // an entry-level problem (or one keyed by a property name).
    {
      label: 'POST of the inquiry topic, configured',
      endpointId: 'appnotificaciones-post',
      call: withBody(c, 'appnotificaciones-post', { params: { topic: c.ctx.profile.topics.inquiry } }),
      status: 409,
      keys: [],
      needsInquiryTopic: true,
    },
    {
      label: 'PUT of an agency that does not exist',
      endpointId: 'agencias-put',
      call: withBody(c, 'agencias-put', { params: { adminMail: freshAdminMail(c, 'er') } }),
      status: 403,
      keys: [],
    },
    {
      label: 'desasociar of an agency that does not exist',
      endpointId: 'agencias-desasociar',
      call: { params: { adminMail: freshAdminMail(c, 'er') } },
      status: 403,
      keys: [],
    },
    {
      label: 'resend for an agency that does not exist',
      endpointId: 'consultas-resend',
      call: { params: { adminMail: freshAdminMail(c, 'er'), sid: fixtureSid(c) } },
      status: 403,
      keys: [],
    },
    {
      label: 'unavailable topic',
      endpointId: 'appnotificaciones-post',
      call: withBody(c, 'appnotificaciones-post', { params: { topic: c.ctx.profile.topics.unavailable } }),
      status: 403,
      keys: [],
    },
  ];
}

/** Random invalid values of every kind of parameter where 400 is documented, and random 403s. */
export function randomCases(c: Check): { invalid: fc.Arbitrary<ProblemCase>; forbidden: fc.Arbitrary<ProblemCase> } {
  const domain = c.ctx.profile.invitationDomain;
  const mail = fc.oneof(nonEmailArbitrary, emailsOfLengths(LIMITS.adminMail.maxLength + 1, LIMITS.adminMail.maxLength * 4, domain));
  const slots: [string, string, fc.Arbitrary<string>][] = [
    ...(editKnown(c) ? [['agencias-put', 'adminMail', mail] as [string, string, fc.Arbitrary<string>]] : []),
    ['agencias-productos', 'adminMail', mail],
    ['consultas-list', 'adminMail', mail],
    ['consultas-get', 'adminMail', mail],
    ['consultas-resend', 'adminMail', mail],
    ['consultas-get', 'sid', fc.oneof(lengthsBelow(LIMITS.sid.minLength), lengthsPast(LIMITS.sid.maxLength))],
    ['consultas-resend', 'sid', fc.oneof(lengthsBelow(LIMITS.sid.minLength), lengthsPast(LIMITS.sid.maxLength))],
    ['appnotificaciones-post', 'topic', lengthsPast(LIMITS.topic.maxLength)],
    ['appnotificaciones-put', 'topic', lengthsPast(LIMITS.topic.maxLength)],
    ['consultas-list', 'pagina', fc.oneof(fc.integer({ min: LIMITS.pagina.maximum + 1, max: INT32.max }).map(String), fc.constantFrom('abc', '1.5', '0x10'))],
    [
      'consultas-list',
      'desde',
      fc.oneof(
        fc.integer({ min: -500, max: -(LIMITS.desde.minDaysBeforeToday + 1) }).map((d) => addDays(c.ctx.today, d)),
        fc.constantFrom('2026-02-30', 'yesterday', '20260101'),
      ),
    ],
    ['ciudades-list', 'region', fc.oneof(fc.bigInt({ min: BigInt(INT32.max) + 1n, max: 2n ** 62n }).map(String), fc.constantFrom('abc', '1.5'))],
    ['agencias-list', 'operador', nonEmailArbitrary],
    ['consultas-list', 'operador', nonEmailArbitrary],
    ['marcas-list', 'soloMercadoNuevos', fc.constantFrom('maybe', 'verdadero', 'nope', '2', 'truee')],
  ];
  const params = fc
    .constantFrom(...slots.filter(([endpointId, name]) => !needsAgency(c, endpointId, name)))
    .chain(([endpointId, name, values]) => values.map((value) => ({ endpointId, p: spec(endpointId, name), value })))
    .filter(({ p, value }) => (p.in !== 'path' || pathSafe(value)) && !checkParam(p, value, c.ctx.today).valid)
    .map(
      ({ endpointId, p, value }): ProblemCase => ({
        label: `${p.name} ${JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}…` : value)}`,
        endpointId,
        call: invalidCall(c, endpointId, p, value),
        status: 400,
        keys: [p.name],
      }),
    );
  // AgenciaCreate's AdminMail, the body member the spec names, as something that is no e-mail (nobody is invited).
  const members = adminMailMembers(c);
  const body = nonEmailArbitrary.map(
    (m): ProblemCase => ({
      label: `AdminMail ${JSON.stringify(m)}`,
      endpointId: 'agencias-invite',
      call: { json: agenciaCreateBody(c, m) },
      status: 400,
      keys: members,
    }),
  );
  const invalid = members.length > 0 ? fc.oneof({ arbitrary: params, weight: slots.length }, { arbitrary: body, weight: 1 }) : params;
  const token = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 10 });
  const modifying = [...(editKnown(c) ? ['agencias-put'] : []), 'agencias-desasociar', 'consultas-resend'];
  const forbidden = fc.tuple(fc.constantFrom(...modifying), token).map(([endpointId, t]): ProblemCase => {
    const adminMail = `${c.ctx.runId}-e${t}@${domain}`;
    const params: Record<string, string> = endpointId === 'consultas-resend' ? { adminMail, sid: fixtureSid(c) } : { adminMail };
    return { label: `agency ${adminMail} that does not exist`, endpointId, call: withBody(c, endpointId, { params }), status: 403, keys: [] };
  });
  return { invalid, forbidden };
}
