import { empty } from '../../mutants/exchange.ts';
import { answers, requests, type Json } from '../../support/fault-shapes.ts';
import type { OutsiderFault } from './outsider.ts';
import { listEntries, walk } from './walk.ts';

// Endpoints > Consultas, the paged list envelope, Consulta and Limits: the inquiries of an agency.

const LIST = ['consultas-list'];
const day = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A rewrite of the inquiry page (full or reference form) on a 200. */
const page = (edit: (json: Json) => void): OutsiderFault['fault'] =>
  answers(LIST, (_req, res) => {
    if (res.status === 200) res.editJson<Json>((j) => edit(j));
  });

export const CONSULTA_FAULTS: OutsiderFault[] = [
  {
    name: 'pagina-100-accepted',
    says: 'pagina (integer int32; page number, maximum 99)',
    fault: requests(LIST, (req) => {
      if (Number(req.query.get('pagina')) > 99) req.query.set('pagina', '99');
    }),
  },
  {
    name: 'desde-older-than-90-days-clamped',
    says: 'desde (date; first day of reception; minimum is today minus 90 days)',
    fault: requests(LIST, (req) => {
      const desde = req.query.get('desde');
      const floor = day(new Date().toISOString().slice(0, 10), -89);
      if (desde && /^\d{4}-\d\d-\d\d$/.test(desde) && desde < floor) req.query.set('desde', floor);
    }),
  },
  {
    name: 'externalid-filter-ignored',
    says: 'externalid (string; external id of a publication)',
    fault: requests(LIST, (req) => void req.query.delete('externalid')),
  },
  {
    name: 'operador-filter-of-inquiries-ignored',
    says: 'operador (email; only inquiries visible to that collaborator)',
    fault: requests(LIST, (req) => void req.query.delete('operador')),
  },
  {
    name: 'hasta-exclusive',
    says: 'hasta (date; last day of reception)',
    fault: requests(LIST, (req) => {
      const hasta = req.query.get('hasta');
      if (hasta && /^\d{4}-\d\d-\d\d$/.test(hasta)) req.query.set('hasta', day(hasta, -1));
    }),
  },
  {
    name: 'total-counts-the-page',
    says: 'Total | integer | total number of inquiries',
    fault: page((j) => void (j.Total = listEntries(j).length === 0 ? 0 : listEntries(j).length + 1)),
  },
  {
    name: 'pagina-always-1',
    says: 'Pagina | integer | current page number, starting at 1',
    fault: page((j) => void (j.Pagina = 1)),
  },
  {
    name: 'per-pagina-missing',
    says: 'PerPagina | integer | page size',
    fault: page((j) => void delete j.PerPagina),
  },
  {
    name: 'hasta-is-start-of-day',
    says: 'Hasta | string, date-time | last instant of the period covered (end of the final day)',
    fault: page((j) => void (j.Hasta = typeof j.Hasta === 'string' ? j.Hasta.replace(/T[\d:.]+/, 'T00:00:00') : j.Hasta)),
  },
  {
    name: 'sid-of-31-characters-404',
    says: 'sid (required, string, length 20 to 30; inquiry id)',
    fault: requests(['consultas-get'], (req) => ((req.param('sid') ?? '').length > 30 ? empty(404) : undefined)),
  },
  {
    name: 'foreign-inquiry-readable',
    says: 'Inquiries visible to the app are those received by publications that the app published',
    fault: requests(['consultas-get', 'consultas-list'], (req) => (req.app === 'other' ? req.actAs('primary') : undefined)),
  },
  {
    name: 'catalog-inquiry-external-id-null',
    says: "ExternalId | string | the publication's external identifier; empty string for catalog-type inquiries",
    fault: answers(['consultas-get', 'consultas-list'], (_req, res) => {
      if (res.status === 200) res.editJson((j) => walk(j, (k, v) => (k === 'ExternalId' && v === '' ? null : v)) as Json);
    }),
  },
  {
    name: 'ref-title-without-external-id',
    says: 'a link object whose title combines the buyer e-mail, vehicle make and model, and the external identifier',
    fault: answers(['consultas-list', 'consultas-get'], (_req, res) => {
      if (!res.headers['content-type']?.startsWith('application/vnd.service.ref+json')) return;
      res.editJson(
        (j) =>
          walk(j, (k, v) =>
            k === 'title' && typeof v === 'string'
              ? v
                  .split(/\s+[·|—-]\s+/)
                  .slice(0, -1)
                  .join(' - ') || v.slice(0, 5)
              : v,
          ) as Json,
      );
    }),
  },
  {
    name: 'inquiry-get-differs-from-list',
    says: 'GET /v3/consultas/{adminMail}/{sid} | … | 200 Consulta',
    fault: answers(['consultas-get'], (_req, res) => {
      if (res.status === 200) res.editJson<Json>((j) => void ((j.Interesado as Json | undefined) && ((j.Interesado as Json).Comentario = 'x')));
    }),
  },
  {
    name: 'unknown-agency-inquiries-empty-page',
    says: '404 (agency does not exist for the app)',
    fault: answers(LIST, (_req, res) => {
      if (res.status === 404)
        Object.assign(res, {
          status: 200,
          headers: { 'content-type': 'text/json' },
          body: JSON.stringify({ Desde: null, Hasta: null, Pagina: 1, Total: 0, PerPagina: 20, _links: {}, _entries: [] }),
        });
    }),
  },
  {
    name: 'admin-mail-of-51-accepted',
    says: 'adminMail path parameter | string, e-mail format, at most 50 characters',
    fault: requests(['consultas-list', 'consultas-get'], (req) => {
      const mail = req.param('adminMail') ?? '';
      if (mail.length > 50) return empty(404);
    }),
  },
  {
    name: 'consulta-ref-is-the-full-consulta',
    says: '200 Consulta (json, text/json, entry) or link object (ref)',
    fault: answers(['consultas-get'], async (req, res, ctx) => {
      if (!res.headers['content-type']?.startsWith('application/vnd.service.ref+json')) return;
      res.body = (await ctx.upstream('GET', `${req.path}?formato=application/json`, { app: req.app })).body;
    }),
  },
];
