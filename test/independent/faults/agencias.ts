import { empty, MutantResponse } from '../../mutants/exchange.ts';
import { answers, primaryHas, recode, requests } from '../../support/fault-shapes.ts';
import type { OutsiderFault } from './outsider.ts';

// States and transitions, Endpoints > Agencias, Authentication: the invitation, the agency's reads and
// modifications, the dissociation and the scoping of agencies to the calling app.

const lower = (s: string | undefined): string | undefined => s?.toLowerCase();

export const AGENCIA_FAULTS: OutsiderFault[] = [
  {
    name: 'invitation-answers-201',
    says: 'invitation accepted (202)',
    fault: recode('agencias-invite', 202, 201),
  },
  {
    name: 'invitation-location-is-the-collection',
    says: 'a Location header gives the agency URI',
    fault: answers(['agencias-invite'], (_req, res) => {
      if (res.status === 202) res.headers.location = '/v3/agencias';
    }),
  },
  {
    name: 'invitation-of-a-registered-mail-accepted',
    says: '409 (e-mail already registered; the administrator must contact customer support)',
    fault: answers(['agencias-invite'], (_req, res) => {
      if (res.status === 409) Object.assign(res, empty(202, { location: '/v3/agencias' }));
    }),
  },
  {
    name: 'invitation-state-not-on-options',
    says: 'on which GET or OPTIONS returns the state of the invitation',
    fault: answers(['agencias-options'], (_req, res) => {
      if (res.status === 200) Object.assign(res, empty(204, { allow: 'GET, PUT, PATCH, OPTIONS' }));
    }),
  },
  {
    name: 'agency-get-case-sensitive',
    says: 'the path segment is matched case-insensitively with the name shown',
    fault: requests(['agencias-get'], (req) => (req.param('adminMail') !== lower(req.param('adminMail')) ? empty(404) : undefined)),
  },
  {
    name: 'agency-put-case-sensitive',
    says: 'the path segment is matched case-insensitively with the name shown',
    fault: requests(['agencias-put', 'agencias-desasociar'], (req) => {
      const mail = req.param('adminMail');
      if (mail !== lower(mail))
        return new MutantResponse(
          403,
          { 'content-type': 'application/problem+json' },
          JSON.stringify({ type: 'about:blank', title: 'Forbidden', status: 403 }),
        );
    }),
  },
  {
    name: 'agency-put-ignores-the-body',
    says: 'PUT | /v3/agencias/{adminMail} | … body AgenciaEdit (json or text/json) | 200 Agencia',
    fault: requests(['agencias-put'], async (req, ctx) => {
      if (req.app !== 'primary') return;
      const now = await ctx.upstream('GET', req.path);
      if (now.status === 200) return now;
    }),
  },
  {
    name: 'desasociar-answers-200-with-the-agency',
    says: 'agency dissociated from the app (204)',
    fault: recode('agencias-desasociar', 204, 200),
  },
  {
    name: 'desasociar-has-no-effect',
    says: 'PATCH /v3/agencias/{adminMail}/desasociar | the app has permission over the agency | agency dissociated from the app (204)',
    fault: requests(['agencias-desasociar'], async (req, ctx) => {
      if (req.app === 'primary' && (await primaryHas(ctx, req.param('adminMail')))) return empty(204);
    }),
  },
  {
    name: 'desasociar-deletes-the-account',
    says: 'the agency keeps its own account',
    fault: answers(['agencias-invite'], async (req, res, ctx) => {
      // After a dissociation the outsider deleted the agency: inviting it again is accepted as new.
      const mail = (req.json() as { AdminMail?: string } | undefined)?.AdminMail;
      if (res.status === 409 && mail && !(await primaryHas(ctx, mail)))
        Object.assign(res, empty(202, { location: `/v3/agencias/${encodeURIComponent(mail)}` }));
    }),
  },
  {
    name: 'operador-filter-ignored',
    says: "query operador (optional, string, email): e-mail of one of the agency's operators",
    fault: requests(['agencias-list'], (req) => void req.query.delete('operador')),
  },
  {
    name: 'agency-list-of-every-app',
    says: 'an agency is visible only if it is associated with the calling app',
    fault: requests(['agencias-list'], (req) => (req.app === 'other' || req.app === 'empty' ? req.actAs('primary') : undefined)),
  },
  {
    name: 'foreign-agency-readable',
    says: 'An agency that does not exist for the app is answered as not found (404)',
    fault: requests(['agencias-get', 'agencias-productos'], (req) => (req.app === 'other' ? req.actAs('primary') : undefined)),
  },
  {
    name: 'foreign-agency-put-404',
    says: 'or, on modifying operations that name the agency, as forbidden (403)',
    fault: answers(['agencias-put'], (_req, res) => {
      if (res.status === 403) Object.assign(res, empty(404));
    }),
  },
  {
    name: 'productos-of-unknown-agency-403',
    says: '404 (agency does not exist for the app), 400',
    fault: recode('agencias-productos', 404, 403),
  },
  {
    name: 'productos-offers-ref',
    says: '200 AgenciaProductos (json, text/json, entry)',
    fault: answers(['agencias-productos'], (req, res) => {
      if (/ref/.test(req.query.get('formato') ?? '') && res.status === 200) res.headers['content-type'] = 'application/vnd.service.ref+json';
    }),
  },
];
