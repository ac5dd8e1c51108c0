import type { MutantRequest, MutantResponse } from '../../mutants/exchange.ts';
import type { Fault, FaultContext } from '../../mutants/fault.ts';
import { answers, type Json } from '../../support/fault-shapes.ts';
import { addDays, dateIn } from '../server/clock.ts';
import type { R3Fault } from './r3.ts';
import {
  agencyOf,
  asksRef,
  entriesOf,
  forbidden,
  FULL,
  isObject,
  type Listed,
  listAll,
  momentOf,
  REF_FORM,
  repage,
  sidOf,
  wholeQuery,
  withForm,
} from './shapes.ts';
import { enc, entries, expectStatus, localMoment, NO_SID, MOTORES, saw, SUR, SUR_OPERATOR, yesterday } from './seed-facts.ts';

// Consultas: the paged inquiry list (its filters, period, order across pages, Total, links, reference form) and
// one inquiry.

/** A fault that answers an inquiry list page from the whole list (read from the upstream) after `change`. */
function relisted(change: (items: Listed[], req: MutantRequest, res: MutantResponse, ctx: FaultContext) => Listed[] | Promise<Listed[]>): Fault {
  return answers(['consultas-list'], async (req, res, ctx) => {
    if (res.status !== 200) return;
    const items = await listAll(ctx, req.app ?? 'primary', req.path, wholeQuery(req), asksRef(req));
    repage(req, res, await change(items, req, res, ctx));
  });
}

const bySid = (a: Listed, b: Listed): number => sidOf(a).localeCompare(sidOf(b));
const envelope = (res: MutantResponse): Json => (res.json() as Json | undefined) ?? {};

/** The sids of an inquiry list answer (full form). */
const sids = (a: Awaited<ReturnType<Parameters<R3Fault['witness']>[0]['get']>>): string[] =>
  entries(a).map((e) =>
    decodeURIComponent(
      String(e?._links?.self?.href ?? '')
        .split('/')
        .pop() ?? '',
    ),
  );

export const CONSULTA_FAULTS: R3Fault[] = [
  {
    name: 'consultas-ties-unstable-across-pages',
    kind: 'data-shape',
    says: '200 paged list of Consulta (json, text/json, entry) or of link objects (ref)',
    why: 'The pages of one list split it: inquiries received at the same instant must not appear on two pages while others appear on none.',
    fault: relisted((items, req) => {
      const direction = Number(req.query.get('pagina') ?? '1') % 2 === 1 ? 1 : -1;
      return [...items].sort((a, b) => momentOf(a) - momentOf(b) || bySid(a, b) * direction);
    }),
    witness: async (w) => {
      const day = yesterday(w.today);
      for (let i = 0; i < 30; i++) await w.inquiry(SUR, { Momento: localMoment(day, '12:00:00'), ExternalId: 'PUB-R3-TIE' });
      const query = `/v3/consultas/${enc(SUR)}?externalid=PUB-R3-TIE&desde=${day}&hasta=${day}`;
      const listed = [...sids(await w.get(`${query}&pagina=1`, { formato: FULL })), ...sids(await w.get(`${query}&pagina=2`, { formato: FULL }))];
      return new Set(listed).size === 30
        ? undefined
        : saw('30 inquiries at one instant, pages 1 and 2', `${new Set(listed).size} distinct of ${listed.length}`, '30 distinct');
    },
  },
  {
    name: 'consultas-hasta-misses-the-last-minute',
    kind: 'data-shape',
    says: 'last instant of the period covered (end of the final day)',
    why: 'Hasta is the end of the final day: an inquiry received at 23:59:30 of that day is in the period and listed.',
    fault: relisted((items, _req, res) => {
      const cutoff = Date.parse(String(envelope(res).Hasta)) - 59_999;
      return items.filter((i) => momentOf(i) < cutoff);
    }),
    witness: async (w) => {
      const day = yesterday(w.today);
      await w.inquiry(SUR, { Momento: localMoment(day, '23:59:30'), ExternalId: 'PUB-R3-LAST' });
      const a = await w.get(`/v3/consultas/${enc(SUR)}?externalid=PUB-R3-LAST&desde=${day}&hasta=${day}`);
      return a.json()?.Total === 1 ? undefined : saw(`inquiry at ${day} 23:59:30, listed with desde=hasta=${day}: Total`, a.json()?.Total, '1');
    },
  },
  {
    name: 'consultas-envelope-hasta-at-start-of-day',
    kind: 'data-shape',
    says: 'last instant of the period covered (end of the final day)',
    why: 'Hasta is the last instant of the final day, not its first: 00:00 of hasta leaves the whole day out of the period.',
    fault: answers(['consultas-list'], (_req, res) => {
      if (res.status === 200) res.editJson((body) => void (body.Hasta = String(body.Hasta).replace(/T[\d:.]+/, 'T00:00:00.000')));
    }),
    witness: async (w) => {
      const day = yesterday(w.today);
      const hasta = (await w.get(`/v3/consultas/${enc(SUR)}?hasta=${day}&desde=${day}`)).json()?.Hasta;
      return Date.parse(hasta) >= Date.parse(localMoment(day, '23:59:59')) ? undefined : saw(`inquiry list ?hasta=${day}: Hasta`, hasta, `the end of ${day}`);
    },
  },
  {
    name: 'consultas-days-reckoned-in-utc',
    kind: 'data-shape',
    says: '| Desde | string, date-time | first instant of the period covered |',
    why: 'Desde and Hasta bound the period covered: an inquiry received inside [Desde, Hasta] (22:30 at −03:00, already the next day in UTC) is listed.',
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      if (res.status !== 200) return;
      const body = envelope(res);
      const desde = String(body.Desde).slice(0, 10);
      const hasta = String(body.Hasta).slice(0, 10);
      const floor = addDays(dateIn(new Date(), ctx.profile.timeZone), -90);
      const wider = wholeQuery(req);
      wider.set('desde', addDays(desde, -1) < floor ? desde : addDays(desde, -1));
      wider.set('hasta', addDays(hasta, 1));
      const items = await listAll(ctx, req.app ?? 'primary', req.path, wider, asksRef(req));
      const utcDay = (i: Listed): string => new Date(momentOf(i)).toISOString().slice(0, 10);
      repage(
        req,
        res,
        items.filter((i) => utcDay(i) >= desde && utcDay(i) <= hasta),
      );
    }),
    witness: async (w) => {
      const day = yesterday(w.today);
      await w.inquiry(SUR, { Momento: localMoment(day, '22:30:00'), ExternalId: 'PUB-R3-UTC' });
      const a = await w.get(`/v3/consultas/${enc(SUR)}?externalid=PUB-R3-UTC&desde=${day}&hasta=${day}`);
      return a.json()?.Total === 1 ? undefined : saw(`inquiry at ${day} 22:30-03:00, listed with desde=hasta=${day}: Total`, a.json()?.Total, '1');
    },
  },
  {
    name: 'consultas-total-counts-the-page',
    kind: 'row',
    says: '| Total | integer | total number of inquiries |',
    why: 'Total is the number of inquiries in the whole list, not on the page shown.',
    fault: answers(['consultas-list'], (_req, res) => {
      if (res.status === 200) res.editJson((body) => void (body.Total = entriesOf(body).length));
    }),
    witness: async (w) => {
      const query = `/v3/consultas/${enc(SUR)}?desde=${addDays(w.today, -89)}`;
      const first = await w.get(query);
      const second = entries(await w.get(`${query}&pagina=2`));
      const total = first.json()?.Total;
      return second.length > 0 && total <= entries(first).length
        ? saw('Total of a list with a second page', total, `more than the ${entries(first).length} on page 1`)
        : undefined;
    },
  },
  {
    name: 'consultas-externalid-matches-a-prefix',
    kind: 'lenient-value',
    says: 'externalid (string; external id of a publication)',
    why: 'externalid names one publication: PUB-R3-77 does not select the inquiries of PUB-R3-770.',
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      const wanted = req.query.get('externalid');
      if (res.status !== 200 || wanted === null) return;
      const query = wholeQuery(req);
      query.delete('externalid');
      const items = await listAll(ctx, req.app ?? 'primary', req.path, query, asksRef(req));
      repage(
        req,
        res,
        items.filter((i) => String((i.full.Auto as Json | undefined)?.ExternalId ?? '').startsWith(wanted)),
      );
    }),
    witness: async (w) => {
      await w.inquiry(SUR, { ExternalId: 'PUB-R3-77' });
      await w.inquiry(SUR, { ExternalId: 'PUB-R3-770' });
      const a = await w.get(`/v3/consultas/${enc(SUR)}?externalid=PUB-R3-77`);
      return a.json()?.Total === 1 ? undefined : saw('GET the list ?externalid=PUB-R3-77 (one inquiry; another for PUB-R3-770): Total', a.json()?.Total, '1');
    },
  },
  {
    name: 'consulta-get-ref-form-is-the-full-object',
    kind: 'link-problem-media',
    says: '200 Consulta (json, text/json, entry) or link object (ref)',
    why: 'In the reference form one inquiry is a link object (href, title), not the full Consulta.',
    fault: answers(['consultas-get'], async (req, res, ctx) => {
      if (res.status !== 200 || !asksRef(req)) return;
      res.body = (await ctx.upstream('GET', withForm(req.path, new URLSearchParams(), FULL), { app: req.app ?? 'primary' })).body;
    }),
    witness: async (w) => {
      const sid = await w.inquiry(SUR);
      const body = (await w.get(`/v3/consultas/${enc(SUR)}/${sid}`, { formato: REF_FORM })).json() ?? {};
      return 'Momento' in body || typeof body.href !== 'string' ? saw('GET an inquiry in the reference form', Object.keys(body), 'href and title') : undefined;
    },
  },
  {
    name: 'consultas-ref-href-built-from-the-operator',
    kind: 'link-problem-media',
    says: 'In the reference form, a Consulta is represented by a link object',
    why: 'A reference-form entry links to its inquiry; a path built with the operator’s e-mail instead of the agency’s leads to no inquiry.',
    fault: answers(['consultas-list'], async (req, res, ctx) => {
      if (res.status !== 200 || !asksRef(req)) return;
      const full = entriesOf((await ctx.upstream('GET', withForm(req.path, wholeQueryWithPage(req), FULL), { app: req.app ?? 'primary' })).json());
      res.editJson((body) => {
        entriesOf(body).forEach((e, i) => {
          const operator = (full[i] as Json | undefined)?.OperadorResponsable;
          if (isObject(e) && typeof operator === 'string') e.href = String(e.href).replace(/^\/v3\/consultas\/[^/]+/, `/v3/consultas/${enc(operator)}`);
        });
      });
    }),
    witness: async (w) => {
      await w.inquiry(SUR, { ExternalId: 'PUB-R3-HREF', operador: SUR_OPERATOR });
      const [entry] = entries(await w.get(`/v3/consultas/${enc(SUR)}?externalid=PUB-R3-HREF`, { formato: REF_FORM }));
      return expectStatus(`GET the reference-form entry's href ${entry?.href}`, await w.get(String(entry?.href ?? '/')), 200);
    },
  },
  {
    name: 'consultas-ref-title-without-external-id',
    kind: 'link-problem-media',
    says: 'a link object whose title combines the buyer e-mail, vehicle make and model, and the external identifier',
    why: 'The reference-form title of an inquiry includes its external identifier.',
    fault: answers(['consultas-list'], (req, res) => {
      if (res.status !== 200 || !asksRef(req)) return;
      res.editJson((body) => {
        for (const e of entriesOf(body)) if (isObject(e)) e.title = String(e.title).replace(/ \| [^|]*$/, '');
      });
    }),
    witness: async (w) => {
      await w.inquiry(SUR, { ExternalId: 'PUB-R3-TITLE' });
      const [entry] = entries(await w.get(`/v3/consultas/${enc(SUR)}?externalid=PUB-R3-TITLE`, { formato: REF_FORM }));
      return String(entry?.title).includes('PUB-R3-TITLE')
        ? undefined
        : saw('reference-form title of the inquiry of PUB-R3-TITLE', entry?.title, 'the external id in it');
    },
  },
  {
    name: 'consultas-list-template-link-templated-false',
    kind: 'link-problem-media',
    says: 'present and true when href is a URI template',
    why: 'Link object: a link whose href has {param} placeholders carries templated: true.',
    fault: answers(['consultas-list'], (_req, res) => {
      if (res.status !== 200) return;
      res.editJson((body) => {
        for (const link of Object.values((body._links ?? {}) as Record<string, Json>)) if (String(link.href).includes('{')) link.templated = false;
      });
    }),
    witness: async (w) => {
      const links = (await w.get(`/v3/consultas/${enc(SUR)}`)).json()?._links ?? {};
      const bad = Object.entries(links as Record<string, Json>).find(([, l]) => String(l.href).includes('{') && l.templated !== true);
      return bad ? saw(`inquiry list link ${bad[0]}`, bad[1], 'templated: true') : undefined;
    },
  },
  {
    name: 'consulta-get-foreign-agency-403',
    kind: 'row',
    says: '404 (for the app the agency or the inquiry does not exist), 400',
    why: 'Reading an inquiry of an agency that does not exist for the app is 404; 403 is not a code of this read row.',
    fault: answers(['consultas-get'], async (req, res, ctx) => {
      if (res.status === 404 && !(await agencyOf(ctx, req.app ?? 'primary', req.param('adminMail') ?? ''))) Object.assign(res, forbidden(req));
    }),
    witness: async (w) => expectStatus(`GET /v3/consultas/${MOTORES}/<sid> as primary`, await w.get(`/v3/consultas/${enc(MOTORES)}/${NO_SID}`), 404),
  },
];

/** The request's query with its page but no media form. */
function wholeQueryWithPage(req: MutantRequest): URLSearchParams {
  const q = wholeQuery(req);
  q.set('pagina', req.query.get('pagina') ?? '1');
  return q;
}
