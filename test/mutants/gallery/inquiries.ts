import { empty, MutantResponse, type MutantRequest } from '../exchange.ts';
import type { Fault, FaultContext, Mutant } from '../fault.ts';
import { answers, entriesOf, formAsked, invalidBecause, requests, type Json } from './helpers.ts';

// Resources and their fields > Paged list envelope and Consulta; Endpoints > Consultas: paging, filters,
// GET by sid, the reference form, and resendwebhook's answer.

/** Edits the envelope of every successful inquiry page (`form`: only pages in that form). */
export const pages = (edit: (page: Json, req: MutantRequest) => void, form?: 'full' | 'ref'): Fault =>
  answers(['consultas-list'], (req, res) => {
    if (res.status !== 200) return;
    if (form && (formAsked(req) === 'ref') !== (form === 'ref')) return;
    res.editJson((page) => edit(page, req));
  });

/** Edits every Consulta the API shows: the full-form list entries and GET by sid. */
export const consultas = (edit: (c: Json) => void): Fault => ({
  response(req, res) {
    if (res.status !== 200 || formAsked(req) === 'ref') return;
    if (req.endpoint === 'consultas-list') res.editJson((page) => void entriesOf(page).forEach(edit));
    if (req.endpoint === 'consultas-get') res.editJson((c) => void edit(c));
  },
});

const auto = (c: Json) => (c.Auto ?? {}) as Json;
const pagina = (req: MutantRequest) => req.query.get('pagina') ?? '1';

/** Page 1 of the same list, as the same app and form. */
async function firstPageOf(req: MutantRequest, ctx: FaultContext): Promise<Json> {
  const query = new URLSearchParams(req.query);
  query.delete('pagina');
  const url = `${req.path}${query.size > 0 ? `?${query}` : ''}`;
  return (await ctx.upstream('GET', url, { app: req.app ?? 'primary', ...(req.headers.accept ? { accept: req.headers.accept } : {}) })).json() as Json;
}

/** Replaces the date of an ISO date-time, keeping time and offset. */
const onDate = (stamp: unknown, date: string | null) => (typeof stamp === 'string' && date ? `${date}${stamp.slice(10)}` : stamp);

export const INQUIRY_MUTANTS: Mutant[] = [
  {
    name: 'per-pagina-says-50',
    statement: 'limits/per-pagina',
    breaks: 'consultas/list/per-pagina-100',
    also: ['consultas/list/entries-within-per-pagina'],
    fault: pages((page) => void (page.PerPagina = 50)),
  },
  {
    name: 'pagina-always-1',
    statement: 'paged/pagina',
    breaks: 'consultas/list/pagina-echoed',
    fault: pages((page) => void (page.Pagina = 1)),
  },
  {
    name: 'pagina-zero-served-as-page-zero',
    statement: 'paged/pagina',
    breaks: 'consultas/list/pagina-starts-at-1',
    // A page below the first is served as the first, numbered as asked.
    fault: requests(['consultas-list'], async (req, ctx) => {
      const asked = Number(req.query.get('pagina'));
      if (req.query.get('pagina') === null || !Number.isInteger(asked) || asked >= 1) return;
      const first = await firstPageOf(req, ctx);
      return new MutantResponse(200, { 'content-type': 'application/json' }, JSON.stringify({ ...first, Pagina: asked }));
    }),
  },
  {
    name: 'total-drifts-on-page-2',
    statement: 'paged/total',
    breaks: 'consultas/list/total-consistent',
    fault: pages((page, req) => {
      if (pagina(req) === '2') page.Total = Number(page.Total) + 1;
    }),
  },
  {
    name: 'pages-overlap',
    statement: 'paged/total',
    breaks: 'consultas/list/no-duplicates',
    also: ['consultas/list/no-gaps', 'consultas/get/equals-list-entry', 'consultas/ref/title-combines'],
    // Page 2 starts with the last inquiry of page 1 (and so misses one).
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      if (res.status !== 200 || pagina(req) !== '2') return;
      const last = entriesOf(await firstPageOf(req, ctx)).at(-1);
      res.editJson((page) => void (last && entriesOf(page).splice(0, 1, last)));
    }),
  },
  {
    name: 'page-2-skips-an-inquiry',
    statement: 'paged/total',
    breaks: 'consultas/list/no-gaps',
    also: ['consultas/list/total-consistent', 'consultas/list/entries-within-per-pagina', 'consultas/get/equals-list-entry', 'consultas/ref/title-combines'],
    fault: pages((page, req) => {
      if (pagina(req) === '2') entriesOf(page).splice(0, 1);
    }, 'full'),
  },
  {
    name: 'hasta-not-end-of-day',
    statement: 'paged/hasta',
    breaks: 'consultas/list/hasta-end-of-day',
    also: ['consultas/list/momento-in-range'],
    fault: pages((page) => void (page.Hasta = String(page.Hasta).replace(/T[\d:.]+/, 'T00:00:00'))),
  },
  {
    name: 'desde-not-start-of-day',
    statement: 'paged/desde',
    breaks: 'consultas/list/desde-start-of-day',
    fault: pages((page) => void (page.Desde = String(page.Desde).replace(/T[\d:.]+/, 'T00:00:01'))),
  },
  {
    name: 'momento-outside-period',
    statement: 'consulta/momento',
    breaks: 'consultas/list/momento-in-range',
    also: ['consultas/get/equals-list-entry', 'consultas/list/filter-desde-hasta'],
    fault: pages((page, req) => {
      const entry = pagina(req) === '1' ? entriesOf(page)[3] : undefined;
      if (entry) entry.Momento = '2001-01-01T10:00:00+00:00';
    }, 'full'),
  },
  {
    name: 'externalid-ignored',
    statement: 'endpoints/consultas-list/externalid',
    breaks: 'consultas/list/filter-externalid',
    fault: requests(['consultas-list'], (req) => void req.query.delete('externalid')),
  },
  {
    name: 'period-filter-ignored',
    statement: 'endpoints/consultas-list/hasta',
    breaks: 'consultas/list/filter-desde-hasta',
    // The envelope names the days asked for, but every inquiry of the default period comes back.
    fault: {
      request(req, ctx) {
        if (req.endpoint !== 'consultas-list' || invalidBecause(req, ctx, 'desde') || invalidBecause(req, ctx, 'hasta')) return;
        ctx.memory.set(req.url, { desde: req.query.get('desde'), hasta: req.query.get('hasta') });
        req.query.delete('desde');
        req.query.delete('hasta');
      },
      response(req, res, ctx) {
        const asked = ctx.memory.get(req.url) as { desde: string | null; hasta: string | null } | undefined;
        if (!asked || res.status !== 200) return;
        res.editJson((page) => {
          page.Desde = onDate(page.Desde, asked.desde);
          page.Hasta = onDate(page.Hasta, asked.hasta);
        });
      },
    },
  },
  {
    name: 'operador-filter-adds-an-inquiry',
    statement: 'endpoints/consultas-list/operador',
    breaks: 'consultas/list/filter-operador',
    fault: pages((page, req) => {
      const first = req.query.has('operador') ? entriesOf(page)[0] : undefined;
      if (first) first.Interesado = { ...(first.Interesado as Json), Comentario: 'an inquiry the unfiltered list does not have' };
    }, 'full'),
  },
  {
    name: 'momento-lower-cased',
    statement: 'conventions/pascal-case',
    breaks: 'consultas/consulta-schema',
    also: ['consultas/list/envelope-schema', 'conventions/null-not-omitted', 'consultas/list/momento-in-range', 'consultas/list/filter-desde-hasta'],
    fault: consultas((c) => {
      c.momento = c.Momento;
      delete c.Momento;
    }),
  },
  {
    name: 'version-year-as-string',
    statement: 'auto/version-year',
    breaks: 'consultas/consulta-schema',
    also: ['consultas/list/envelope-schema'],
    fault: consultas((c) => {
      const a = auto(c);
      if (typeof a.VersionYear === 'number') a.VersionYear = String(a.VersionYear);
    }),
  },
  {
    name: 'catalogo-external-id-null',
    statement: 'auto/external-id',
    breaks: 'consultas/catalogo-external-id-empty',
    also: ['consultas/list/envelope-schema', 'consultas/ref/title-combines'],
    fault: consultas((c) => {
      if (c.TipoAnuncio === 'catalogo') auto(c).ExternalId = null;
    }),
  },
  {
    name: 'get-differs-from-list-entry',
    statement: 'endpoints/consultas-get/200',
    breaks: 'consultas/get/equals-list-entry',
    fault: answers(['consultas-get'], (req, res) => {
      if (res.status === 200 && formAsked(req) !== 'ref') res.editJson((c) => void ((c.Interesado as Json).Nombre = 'Otro'));
    }),
  },
  {
    name: 'ref-title-without-make',
    statement: 'consulta/ref-title',
    breaks: 'consultas/ref/title-combines',
    fault: pages((page) => {
      for (const link of entriesOf(page))
        link.title = String(link.title)
          .split(' — ')
          .filter((_, i) => i !== 1)
          .join(' — ');
    }, 'ref'),
  },
  {
    name: 'ref-link-has-extra-member',
    statement: 'paged/entries',
    breaks: 'consultas/ref/entries-link-only',
    also: ['media/consultas-list/ref', 'consultas/list/envelope-schema'],
    fault: pages((page) => {
      for (const link of entriesOf(page)) link.sid = String(link.href).split('/').at(-1);
    }, 'ref'),
  },
  {
    name: 'envelope-without-links',
    statement: 'paged/links',
    breaks: 'consultas/list/envelope-schema',
    also: ['conventions/null-not-omitted'],
    fault: pages((page) => void delete page._links),
  },
  {
    name: 'resend-body-differs',
    statement: 'endpoints/consultas-resend/payload',
    breaks: 'events/resend-returns-payload',
    fault: answers(['consultas-resend'], (_req, res) =>
      res.editJson((payload) => {
        const interesado = ((payload.Consulta ?? {}) as Json).Interesado as Json | undefined;
        if (interesado) interesado.Comentario = 'not the payload that was sent';
      }),
    ),
  },
  {
    name: 'resend-of-old-inquiry-accepted',
    statement: 'limits/resend',
    breaks: 'limits/resend-recent-only',
    // The age bound is not applied: an old inquiry is "resent" (nothing is sent).
    fault: answers(['consultas-resend'], (req, res, ctx) => {
      if (res.status !== 400 || invalidBecause(req, ctx, 'sid') || invalidBecause(req, ctx, 'adminMail')) return;
      Object.assign(res, empty(202, { location: '/v3/appnotificaciones/consultas', 'content-type': 'application/json' }), { body: '{}' });
    }),
  },
];
