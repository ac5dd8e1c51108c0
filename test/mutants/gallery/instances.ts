import { MEDIA_TYPES } from '../../../models/index.ts';
import { empty, problem } from '../exchange.ts';
import type { Mutant } from '../fault.ts';
import { answers, requests, type Json } from './helpers.ts';
import { problems } from './problems.ts';

// Issue 21, "what got through": faults on what a check used to read without judging — an ETag that is no entity
// tag, a self link that leads elsewhere, problem members on statuses only other checks provoke, the error key of
// a body member, a request media type with parameters. Each is caught by the rule it names and no example of the
// errors checks' own: the problem faults sit on answers only another check's requests provoke (`only` widened).

/** A body labelled with media-type parameters (`application/json; charset=utf-8`). */
const parameterized = (contentType: string | undefined): boolean => (contentType ?? '').includes(';');

/** The rules that provoke a webhook configuration's 409 (POST of a configured topic) and judge its problem. */
const WEBHOOK_CONFLICT = 'appnotificaciones/post-again-409';

/** The self link objects of a list's entries (a bare array or an envelope's _entries). */
const entrySelves = (body: Json): Json[] =>
  (((Array.isArray(body) ? body : body._entries) as Json[] | undefined) ?? [])
    .map((e) => (e._links as Json | undefined)?.self as Json | undefined)
    .filter((self): self is Json => self !== undefined);

/** Agencies the app dissociated (desasociar answered 204), remembered by the fault. */
const dissociated = (memory: Map<string, unknown>): Set<string> => {
  const known = (memory.get('dissociated') as Set<string> | undefined) ?? new Set<string>();
  memory.set('dissociated', known);
  return known;
};

export const INSTANCE_MUTANTS: Mutant[] = [
  {
    name: 'home-etag-not-quoted',
    statement: 'endpoints/home/etag',
    breaks: 'home/etag-present',
    quote: 'header ETag',
    // The tag sent bare (`abc` for `"abc"`), and taken back bare or quoted: only its syntax is wrong.
    fault: {
      request(req) {
        const sent = req.headers['if-none-match'];
        if (req.endpoint === 'home' && sent && !sent.includes('"')) req.headers['if-none-match'] = `"${sent}"`;
      },
      response(req, res) {
        const etag = res.headers.etag;
        if (req.endpoint === 'home' && etag) res.headers.etag = etag.replace(/^W\//, '').replaceAll('"', '');
      },
    },
  },
  {
    name: 'agency-self-names-the-list',
    statement: 'link/href-relative',
    breaks: 'conventions/self-link-resolves',
    quote: 'relative URI',
    fault: answers(['agencias-get'], (_req, res) =>
      res.editJson((body: Json) => {
        const self = (body._links as Json | undefined)?.self as Json | undefined;
        if (self) self.href = '/v3/agencias';
      }),
    ),
  },
  {
    // Each entry of the agency list links to the next agency: a self link that leads to another record, whose
    // members (not its links) differ from the entry's whatever is left out as volatile.
    name: 'agency-list-entry-self-names-another',
    statement: 'link/href-relative',
    breaks: 'conventions/self-link-resolves',
    quote: 'relative URI',
    fault: answers(['agencias-list'], (_req, res) =>
      res.editJson((body: Json) => {
        const selves = entrySelves(body);
        const hrefs = selves.map((self) => self.href);
        selves.forEach((self, i) => {
          if (selves.length > 1) self.href = hrefs[(i + 1) % selves.length];
        });
      }),
    ),
  },
  {
    // Found by Stryker (reference/links.ts, a make's self href emptied): an empty href resolves to the list itself.
    name: 'make-list-entry-self-empty',
    statement: 'link/href-relative',
    breaks: 'conventions/self-link-resolves',
    quote: 'relative URI',
    fault: answers(['marcas-list'], (_req, res) =>
      res.editJson((body: Json) => {
        for (const self of entrySelves(body)) self.href = '';
      }),
    ),
  },
  {
    // The record read by its self link lacks one of the operators its list entry shows: not the same record,
    // in whatever order the arrays come.
    name: 'agency-get-drops-an-operator',
    statement: 'link/href-relative',
    breaks: 'conventions/self-link-resolves',
    quote: 'relative URI',
    fault: answers(['agencias-get'], (_req, res) =>
      res.editJson((body: Json) => {
        if (Array.isArray(body.Operadores) && body.Operadores.length > 1) body.Operadores = body.Operadores.slice(1);
      }),
    ),
  },
  {
    name: 'webhook-conflict-instance-without-topic',
    statement: 'problem/instance',
    breaks: 'errors/instance-is-request-path',
    only: `errors/instance-is-request-path,${WEBHOOK_CONFLICT}`,
    fault: problems([409], (body) => void (body.Instance = '/v3/appnotificaciones'), ['appnotificaciones-post']),
  },
  {
    name: 'webhook-conflict-status-member-400',
    statement: 'problem/status',
    breaks: 'errors/status-member-matches',
    only: `errors/status-member-matches,${WEBHOOK_CONFLICT}`,
    fault: problems([409], (body) => void (body.Status = 400), ['appnotificaciones-post']),
  },
  {
    name: 'webhook-conflict-problem-without-errors',
    statement: 'problem/errors',
    breaks: 'errors/validation-problem-body',
    also: [WEBHOOK_CONFLICT],
    fault: problems([409], (body) => void delete body.Errors, ['appnotificaciones-post']),
  },
  {
    name: 'webhook-conflict-typed-as-json',
    statement: 'errors/problem-type',
    breaks: 'errors/problem-media-type',
    also: [WEBHOOK_CONFLICT],
    fault: problems([409], (_body, res) => void (res.headers['content-type'] = MEDIA_TYPES.json), ['appnotificaciones-post']),
  },
  {
    name: 'dissociated-agency-forbidden-as-text',
    statement: 'problem/403-body',
    breaks: 'errors/forbidden-problem-body',
    also: ['errors/problem-media-type'],
    // Only an agency the app had and dissociated: the errors checks' own 403s name agencies that never existed.
    only: 'errors/forbidden-problem-body,errors/problem-media-type,lifecycle/desasociar-modifications-403',
    fault: {
      response(req, res, ctx) {
        const adminMail = req.param('adminMail')?.toLowerCase();
        if (!adminMail) return;
        if (req.endpoint === 'agencias-desasociar' && res.status === 204) dissociated(ctx.memory).add(adminMail);
        else if (res.status === 403 && dissociated(ctx.memory).has(adminMail))
          Object.assign(res, { headers: { 'content-type': 'text/plain' }, body: 'Forbidden' });
      },
    },
  },
  {
    name: 'admin-mail-problem-keyed-email',
    statement: 'resources/agencia-create-admin-mail',
    breaks: 'errors/errors-keyed-by-property',
    quote: 'a property named AdminMail',
    fault: problems(
      [400],
      (body) => {
        const errors = body.Errors as Json | undefined;
        if (errors && 'AdminMail' in errors) body.Errors = { email: errors.AdminMail };
      },
      ['agencias-invite'],
    ),
  },
  {
    name: 'invitation-refuses-json-with-charset',
    statement: 'endpoints/agencias-invite/body',
    breaks: 'media/agencias-invite/request-text-json',
    quote: 'application/json or text/json',
    // The media type compared whole: `application/json; charset=utf-8` is not `application/json`.
    fault: requests(['agencias-invite'], (req) => (parameterized(req.headers['content-type']) ? empty(415) : undefined)),
  },
  {
    name: 'agency-put-text-json-charset-refused',
    statement: 'endpoints/agencias-put/body',
    breaks: 'media/agencias-put/request-text-json',
    quote: 'json or text/json',
    fault: requests(['agencias-put'], (req) =>
      parameterized(req.headers['content-type']) ? problem(req, 400, { _: ['unsupported content type'] }) : undefined,
    ),
  },
  {
    name: 'webhook-post-body-with-charset-read-as-empty',
    statement: 'endpoints/appnotificaciones-post/body',
    breaks: 'media/appnotificaciones-post/request-text-json',
    quote: 'json or text/json',
    // A body parser registered for the bare type only: a parameterized one arrives as {} and fails validation.
    fault: requests(['appnotificaciones-post'], (req) => {
      if (!parameterized(req.headers['content-type'])) return;
      req.headers['content-type'] = MEDIA_TYPES.json;
      req.body = '{}';
    }),
  },
];
