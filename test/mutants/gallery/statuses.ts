import { empty, type MutantResponse, problem, type MutantRequest } from '../exchange.ts';
import type { Mutant } from '../fault.ts';
import { answers, invalidBecause, recode, requests } from './helpers.ts';

// Endpoints: each documented status swapped for another code — a success code for its neighbour, a refusal
// for the one the row does not list (404 → 400 where no 400 is documented, 403 → 404), or a refusal
// skipped (a request the row says is invalid answered 200).

/** An answer `from` of these endpoints, to a request of the primary app with valid parameters, becomes `to`. */
const swap = (endpoints: string[], from: number, to: (req: MutantRequest) => MutantResponse, validParam?: string) =>
  answers(endpoints, (req, res, ctx) => {
    if (res.status !== from || req.app !== 'primary') return;
    if (validParam && invalidBecause(req, ctx, validParam) !== undefined) return;
    Object.assign(res, to(req));
  });

export const STATUS_MUTANTS: Mutant[] = [
  {
    name: 'invitation-returns-200',
    statement: 'endpoints/agencias-invite/202',
    breaks: 'status/agencias-invite/202',
    also: ['lifecycle/invitation-accepted-202'],
    fault: recode('agencias-invite', 202, 200),
  },
  {
    name: 'second-post-returns-200',
    statement: 'endpoints/appnotificaciones-post/409',
    breaks: 'status/appnotificaciones-post/409',
    also: ['appnotificaciones/post-again-409', 'appnotificaciones/lifecycle-model'],
    // A second POST replaces the configuration, as a PUT would.
    fault: answers(['appnotificaciones-post'], async (req, res, ctx) => {
      if (res.status !== 409) return;
      const put = await ctx.upstream('PUT', req.path, { app: req.app ?? 'primary', json: req.json() });
      Object.assign(res, { status: put.status, headers: put.headers, body: put.body });
    }),
  },
  {
    name: 'webhook-post-returns-200',
    statement: 'endpoints/appnotificaciones-post/201',
    breaks: 'status/appnotificaciones-post/201',
    also: ['appnotificaciones/post-201-location', 'appnotificaciones/lifecycle-model'],
    fault: recode('appnotificaciones-post', 201, 200),
  },
  {
    name: 'desasociar-returns-200',
    statement: 'endpoints/agencias-desasociar/204',
    breaks: 'status/agencias-desasociar/204',
    also: ['lifecycle/desasociar-204'],
    fault: recode('agencias-desasociar', 204, 200),
  },
  {
    name: 'webhook-delete-returns-200',
    statement: 'endpoints/appnotificaciones-delete/204',
    breaks: 'status/appnotificaciones-delete/204',
    also: ['appnotificaciones/delete-204', 'appnotificaciones/lifecycle-model'],
    fault: recode('appnotificaciones-delete', 204, 200),
  },
  {
    name: 'second-invitation-returns-202',
    statement: 'endpoints/agencias-invite/409',
    breaks: 'status/agencias-invite/409',
    also: ['lifecycle/invitation-conflict-409'],
    // An AdminMail already registered is "invited" again.
    fault: answers(['agencias-invite'], (req, res) => {
      if (res.status !== 409) return;
      const mail = String((req.json() as { AdminMail?: unknown } | undefined)?.AdminMail ?? 'x@mutant.example');
      Object.assign(res, empty(202, { location: `/v3/agencias/${encodeURIComponent(mail)}` }));
    }),
  },
  {
    name: 'invitation-of-a-registered-mail-in-other-case-accepted',
    statement: 'endpoints/agencias-invite/409',
    breaks: 'lifecycle/invitation-conflict-409',
    // "Already registered" compared letter for letter: the registered AdminMail with its domain upper-cased is new.
    fault: requests(['agencias-invite'], (req) => {
      const mail = (req.json() as { AdminMail?: unknown } | undefined)?.AdminMail;
      if (typeof mail === 'string' && /@.*[A-Z]/.test(mail)) return empty(202, { location: `/v3/agencias/${encodeURIComponent(mail)}` });
    }),
  },
  {
    name: 'put-of-unknown-agency-returns-404',
    statement: 'endpoints/agencias-put/400',
    breaks: 'status/agencias-put/403',
    also: ['status/agencias-put/documented-only'],
    fault: swap(['agencias-put'], 403, () => empty(404), 'adminMail'),
  },
  {
    name: 'desasociar-of-unknown-agency-returns-404',
    statement: 'endpoints/agencias-desasociar/403',
    breaks: 'status/agencias-desasociar/403',
    also: ['status/agencias-desasociar/documented-only'],
    fault: swap(['agencias-desasociar'], 403, () => empty(404), 'adminMail'),
  },
  {
    name: 'resend-for-unknown-agency-returns-404',
    statement: 'endpoints/consultas-resend/403',
    breaks: 'status/consultas-resend/403',
    fault: swap(['consultas-resend'], 403, () => empty(404), 'adminMail'),
  },
  {
    name: 'unknown-agency-returns-400',
    statement: 'endpoints/agencias-get/404',
    breaks: 'status/agencias-get/404',
    also: ['status/agencias-get/documented-only', 'limits/admin-mail-max-50/at-limit-accepted'],
    // A row that documents no 400 answers one.
    fault: swap(['agencias-get'], 404, (req) => problem(req, 400, { adminMail: ['unknown'] }), 'adminMail'),
  },
  {
    name: 'unknown-agency-productos-returns-403',
    statement: 'endpoints/agencias-productos/404',
    breaks: 'status/agencias-productos/404',
    also: ['status/agencias-productos/documented-only', 'limits/admin-mail-max-50/at-limit-accepted'],
    fault: swap(['agencias-productos'], 404, (req) => problem(req, 403), 'adminMail'),
  },
  {
    name: 'unknown-agency-inquiries-returns-403',
    statement: 'endpoints/consultas-list/404',
    breaks: 'status/consultas-list/404',
    also: ['status/consultas-list/documented-only', 'limits/admin-mail-max-50/at-limit-accepted'],
    fault: swap(['consultas-list'], 404, (req) => problem(req, 403), 'adminMail'),
  },
  {
    name: 'unknown-inquiry-returns-400',
    statement: 'endpoints/consultas-get/404',
    breaks: 'status/consultas-get/404',
    also: ['limits/sid-length-20-30/min-accepted', 'limits/sid-length-20-30/max-accepted'],
    fault: swap(['consultas-get'], 404, (req) => problem(req, 400, { sid: ['unknown'] }), 'sid'),
  },
  {
    name: 'resend-of-unknown-inquiry-returns-400',
    statement: 'endpoints/consultas-resend/404',
    breaks: 'status/consultas-resend/404',
    also: ['limits/sid-length-20-30/min-accepted', 'limits/sid-length-20-30/max-accepted'],
    fault: swap(['consultas-resend'], 404, (req) => problem(req, 400, { sid: ['unknown'] }), 'sid'),
  },
  {
    name: 'unknown-body-style-returns-400',
    statement: 'endpoints/carrocerias-get/404',
    breaks: 'status/carrocerias-get/404',
    also: ['status/carrocerias-get/documented-only'],
    fault: swap(['carrocerias-get'], 404, (req) => problem(req, 400, { id: ['unknown'] }), 'id'),
  },
  {
    name: 'unconfigured-topic-returns-400',
    statement: 'endpoints/appnotificaciones-get/404',
    breaks: 'status/appnotificaciones-get/404',
    also: [
      'status/appnotificaciones-get/documented-only',
      'appnotificaciones/unconfigured-404',
      'appnotificaciones/delete-204',
      'appnotificaciones/lifecycle-model',
      'limits/topic-max-80/at-limit-accepted',
    ],
    fault: swap(['appnotificaciones-get'], 404, (req) => problem(req, 400, { topic: ['unknown'] }), 'topic'),
  },
  {
    name: 'operador-not-validated',
    statement: 'endpoints/agencias-list/operador-format',
    breaks: 'status/agencias-list/400',
    // An operador that is no e-mail is ignored: the whole list.
    fault: requests(['agencias-list'], (req, ctx) => {
      if (invalidBecause(req, ctx, 'operador')) req.query.delete('operador');
    }),
  },
  {
    name: 'solo-mercado-nuevos-not-validated',
    statement: 'endpoints/marcas-list/400',
    breaks: 'status/marcas-list/400',
    fault: requests(['marcas-list'], (req, ctx) => {
      if (invalidBecause(req, ctx, 'soloMercadoNuevos')) req.query.delete('soloMercadoNuevos');
    }),
  },
  {
    name: 'bestmatch-without-bodystyle-returns-200',
    statement: 'endpoints/carrocerias-bestmatch/400',
    breaks: 'status/carrocerias-bestmatch/400',
    fault: requests(['carrocerias-bestmatch'], (req) => {
      if (!req.query.get('bodystyle')) req.query.set('bodystyle', '1');
    }),
  },
  {
    name: 'city-bestmatch-without-city-returns-200',
    statement: 'endpoints/ciudades-bestmatch/city',
    breaks: 'status/ciudades-bestmatch/400',
    fault: answers(['ciudades-bestmatch'], async (req, res, ctx) => {
      if (res.status !== 400 || req.query.get('city')) return;
      const any = await ctx.upstream('GET', '/v3/ciudades/1');
      Object.assign(res, { status: any.status, headers: any.headers, body: any.body });
    }),
  },
  {
    name: 'color-list-returns-203',
    statement: 'endpoints/colores-list/200',
    breaks: 'status/colores-list/200',
    fault: recode('colores-list', 200, 203),
  },
];
