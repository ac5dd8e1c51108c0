import { MEDIA_TYPES, type MediaForm } from '../../../models/index.ts';
import { empty, problem, type MutantRequest } from '../exchange.ts';
import type { Fault, Mutant } from '../fault.ts';
import { answers, entriesOf, formAsked, requests, type Json } from './helpers.ts';
import { consultas, pages } from './inquiries.ts';

// Resources and their fields > Conventions, Link object and Paged list envelope, and Versioning: what each
// media type means, the wire format, link members and titles, query dates, the page size, the /v3 prefix —
// each got wrong as an outsider reading those sentences would.

/** Requests of the endpoint that ask for `asked` are answered in the reference form, still labelled `asked`. */
function refServedAs(endpointId: string, asked: MediaForm): Fault {
  const swapped = new WeakSet<MutantRequest>();
  return {
    request(req) {
      if (req.endpoint !== endpointId || formAsked(req) !== asked) return;
      req.headers.accept = MEDIA_TYPES.ref;
      swapped.add(req);
    },
    response(req, res) {
      if (swapped.has(req) && res.status === 200) res.headers['content-type'] = MEDIA_TYPES[asked];
    },
  };
}

/** The anti-XSSI prefix some frameworks put before JSON arrays: the body is no longer JSON. */
const XSSI = ")]}',\n";

export const STATEMENT_CONVENTION_MUTANTS: Mutant[] = [
  {
    name: 'make-list-xssi-prefixed',
    statement: 'conventions/wire-json',
    breaks: 'media/marcas-list/json',
    fault: answers(['marcas-list'], (_req, res) => {
      if (res.status < 300) res.body = `${XSSI}${res.body}`;
    }),
  },
  {
    name: 'inquiry-json-form-is-reference-form',
    statement: 'conventions/media-json',
    breaks: 'media/consultas-get/json',
    fault: refServedAs('consultas-get', 'json'),
  },
  {
    name: 'inquiry-list-text-json-is-reference-form',
    statement: 'conventions/media-text-json',
    breaks: 'media/consultas-list/text-json',
    fault: refServedAs('consultas-list', 'textJson'),
  },
  {
    name: 'inquiry-list-entry-form-is-one-entry',
    statement: 'conventions/media-entry',
    breaks: 'media/consultas-list/entry',
    // "entry form" read as "one entry": the first Consulta of the page, not the page.
    fault: answers(['consultas-list'], (req, res) => {
      if (res.status === 200 && formAsked(req) === 'entry') res.editJson((page) => entriesOf(page)[0] ?? {});
    }),
  },
  {
    name: 'inquiry-ref-links-pascal-case',
    statement: 'conventions/link-lower-case',
    breaks: 'consultas/ref/entries-link-only',
    // Field names in inquiry payloads are PascalCase, so the link members of the inquiry list are too.
    fault: pages((page) => {
      page._entries = entriesOf(page).map(({ href, title }) => ({ Href: href, Title: title }));
    }, 'ref'),
  },
  {
    name: 'query-dates-need-a-time',
    statement: 'conventions/query-dates',
    breaks: 'limits/desde-min-today-minus-90/at-limit-accepted',
    // Query dates taken for timestamps: a bare yyyy-mm-dd is refused.
    fault: requests(['consultas-list'], (req) => {
      const bare = ['desde', 'hasta'].find((name) => /^\d{4}-\d\d-\d\d$/.test(req.query.get(name) ?? ''));
      if (bare) return problem(req, 400, { [bare]: ['expected an ISO 8601 date-time with an offset'] });
    }),
  },
  {
    name: 'query-dates-day-first-accepted',
    statement: 'conventions/query-dates',
    breaks: 'status/consultas-list/400',
    quote: '(yyyy-mm-dd)',
    // A lenient date parser: dd/mm/yyyy is read as the same day, not refused.
    fault: requests(['consultas-list'], (req) => {
      for (const name of ['desde', 'hasta']) {
        const dayFirst = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(req.query.get(name) ?? '');
        if (dayFirst) req.query.set(name, `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}`);
      }
    }),
  },
  {
    name: 'conflict-problem-typed-as-json',
    statement: 'conventions/problem-media-type',
    breaks: 'errors/problem-media-type',
    fault: answers(['agencias-invite'], (_req, res) => {
      if (res.status === 409) res.headers['content-type'] = MEDIA_TYPES.json;
    }),
  },
  {
    name: 'inquiry-agency-link-templated-without-flag',
    statement: 'link/href-templated',
    breaks: 'conventions/link-templated',
    // The Consulta's agency link written as the catalog's URI template, without templated: true.
    fault: consultas((c) => {
      const links = c._links as Record<string, Json> | undefined;
      if (links?.agencia) links.agencia = { href: '/v3/agencias/{adminMail}' };
    }),
  },
  {
    name: 'color-ref-entries-without-title',
    statement: 'link/title',
    breaks: 'media/colores-list/ref',
    quote: 'present in reference-form entries',
    fault: answers(['colores-list'], (req, res) => {
      if (res.status !== 200 || formAsked(req) !== 'ref') return;
      res.editJson((list) => {
        for (const e of (Array.isArray(list) ? list : entriesOf(list)) as Json[]) delete e.title;
      });
    }),
  },
  {
    name: 'page-holds-101-entries',
    statement: 'paged/per-pagina',
    breaks: 'consultas/list/entries-within-per-pagina',
    quote: 'page size',
    // An inclusive slice: every full page also carries the first entry of the next.
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      const page = res.json() as Json | undefined;
      if (res.status !== 200 || !page || entriesOf(page).length < Number(page.PerPagina)) return;
      const query = new URLSearchParams(req.query);
      query.set('pagina', String(Number(page.Pagina) + 1));
      const next = (
        await ctx.upstream('GET', `${req.path}?${query}`, { app: req.app ?? 'primary', ...(req.headers.accept ? { accept: req.headers.accept } : {}) })
      ).json() as Json;
      const first = entriesOf(next ?? {})[0];
      if (first) res.setJson({ ...page, _entries: [...entriesOf(page), first] });
    }),
  },
  {
    name: 'home-only-at-v3-slash',
    statement: 'versioning/v3-prefix',
    breaks: 'status/home/200',
    quote: 'the home document is at /v3',
    // The prefix mounted as a directory: /v3/ is home, /v3 is not found.
    fault: requests(['home'], (req) => (req.path === '/v3' ? empty(404) : undefined)),
  },
];
