import { empty } from '../exchange.ts';
import type { Fault, Mutant } from '../fault.ts';
import { answers, entriesOf, primaryHas, requests, type Json } from './helpers.ts';

// Authentication (scoping): app `other` reaching what belongs to app `primary`, and the adminMail path segment
// "matched case-insensitively" (Endpoints preamble).

/** App other's refusal (`statuses`) on primary's agency replaced by what primary itself gets. */
const leaksToOther = (endpointId: string, statuses: number[]): Fault =>
  answers([endpointId], async (req, res, ctx) => {
    if (req.app !== 'other' || !statuses.includes(res.status) || !(await primaryHas(ctx, req.param('adminMail')))) return;
    const json = req.body === '' ? undefined : req.json();
    const asPrimary = await ctx.upstream(req.method, req.url, { app: 'primary', ...(req.headers.accept ? { accept: req.headers.accept } : {}), json });
    Object.assign(res, { status: asPrimary.status, headers: asPrimary.headers, body: asPrimary.body });
  });

export const SCOPING_MUTANTS: Mutant[] = [
  {
    name: 'foreign-get-returns-200',
    statement: 'service/scoped-to-app',
    breaks: 'scoping/foreign-agency-get-404',
    fault: leaksToOther('agencias-get', [404]),
  },
  {
    name: 'foreign-productos-returns-200',
    statement: 'endpoints/agencias-productos/404',
    breaks: 'scoping/foreign-agency-productos-404',
    fault: leaksToOther('agencias-productos', [404]),
  },
  {
    name: 'foreign-inquiry-list-returns-200',
    statement: 'service/inquiries-visible',
    breaks: 'scoping/foreign-consultas-list-404',
    fault: leaksToOther('consultas-list', [404]),
  },
  {
    name: 'foreign-inquiry-returns-200',
    statement: 'auth/scoped-to-app',
    breaks: 'scoping/foreign-consulta-get-404',
    fault: leaksToOther('consultas-get', [404]),
  },
  {
    name: 'foreign-resend-accepted',
    statement: 'auth/absent-agency',
    breaks: 'scoping/foreign-resend-403',
    fault: leaksToOther('consultas-resend', [403]),
  },
  {
    name: 'foreign-put-returns-404',
    statement: 'auth/no-permission-403',
    breaks: 'scoping/foreign-agency-put-403',
    fault: answers(['agencias-put'], async (req, res, ctx) => {
      if (req.app === 'other' && res.status === 403 && (await primaryHas(ctx, req.param('adminMail')))) Object.assign(res, empty(404));
    }),
  },
  {
    name: 'foreign-desasociar-returns-204',
    statement: 'states/desasociar-condition',
    breaks: 'scoping/foreign-agency-desasociar-403',
    // Answered without reaching the reference, which keeps the agency: only the answer is wrong.
    fault: requests(['agencias-desasociar'], async (req, ctx) => {
      if (req.app === 'other' && (await primaryHas(ctx, req.param('adminMail')))) return empty(204);
    }),
  },
  {
    name: 'other-agency-list-includes-primary-agency',
    statement: 'auth/scoped-to-app',
    breaks: 'scoping/agency-lists-disjoint',
    fault: answers(['agencias-list'], async (req, res, ctx) => {
      if (req.app !== 'other' || res.status !== 200) return;
      const primary = (await ctx.upstream('GET', '/v3/agencias', req.headers.accept ? { accept: req.headers.accept } : {})).json();
      const leaked = Array.isArray(primary) ? primary[0] : entriesOf(primary as Json)[0];
      res.editJson<unknown>((list) => (Array.isArray(list) ? [...list, leaked] : list));
    }),
  },
  {
    name: 'webhook-config-shared-across-apps',
    statement: 'events/per-topic',
    breaks: 'scoping/webhook-config-per-app',
    // App other reads the configurations of app primary.
    fault: requests(['appnotificaciones-get', 'appnotificaciones-list'], (req) => {
      if (req.app === 'other') req.actAs('primary');
    }),
  },
  {
    name: 'admin-mail-case-sensitive',
    statement: 'endpoints/admin-mail-case-insensitive',
    breaks: 'agencias/admin-mail-case-insensitive',
    fault: {
      request(req) {
        const mail = req.param('adminMail');
        if (mail !== undefined && mail !== mail.toLowerCase() && req.method === 'GET') return empty(404);
      },
    },
  },
  {
    name: 'empty-app-lists-primary-agencies',
    statement: 'service/scoped-to-app',
    breaks: 'scoping/empty-app-no-agencies',
    // An app with no agencies of its own falls back to the first app's list.
    fault: requests(['agencias-list'], (req) => {
      if (req.app === 'empty') req.actAs('primary');
    }),
  },
];
