import { problem } from '../../mutants/exchange.ts';
import { addDays, dateIn } from '../server/clock.ts';
import { enc, localMoment, NO_SID, RIO, saw, SUR, yesterday } from '../faults-r3/seed-facts.ts';
import type { WitnessClient } from '../faults-r3/witness-client.ts';
import { dropEntries, type R4Fault } from './r4.ts';
import { resendOnce } from './witness-steps.ts';

// Consultas: the bounds of pagina, desde and sid at their limits, the period's ends in the app's zone, the page
// envelope on the last page, the reference title, resend's Location, body and statuses, scoping of the ref list.

const ENTRY = 'application/vnd.service.entry+json';
const REF = 'application/vnd.service.ref+json';
const SUR_LIST = `/v3/consultas/${enc(SUR)}`;

/** The sids an inquiry-list answer holds (from its entries' self hrefs or ref hrefs). */
const hrefsOf = (body: unknown): string => JSON.stringify((body as { _entries?: unknown } | undefined)?._entries ?? []);

/** An inquiry at `time` (the zone's wall clock) yesterday, and whether the list of that single day holds it. */
async function listedOnDay(w: WitnessClient, time: string): Promise<string | undefined> {
  const day = yesterday(w.today);
  const sid = await w.inquiry(SUR, { Momento: localMoment(day, time) });
  const a = await w.get(`${SUR_LIST}?desde=${day}&hasta=${day}`, { formato: ENTRY });
  return hrefsOf(a.json()).includes(sid) ? undefined : saw(`GET consultas desde=hasta=${day}`, `no inquiry received at ${time}`, 'the inquiry of that day');
}

export const CONSULTA_FAULTS: R4Fault[] = [
  {
    name: 'pagina-99-refused',
    says: 'pagina (integer int32; page number, maximum 99)',
    why: '99 is the maximum and so allowed; the fault refuses it as if the bound were exclusive',
    kind: 'lenient-value',
    fault: {
      request(req) {
        if (req.endpoint === 'consultas-list' && req.query.get('pagina') === '99') return problem(req, 400, { pagina: ['pagina debe ser menor que 99'] });
      },
    },
    async witness(w) {
      const a = await w.get(`${SUR_LIST}?pagina=99`);
      return a.status === 200 ? undefined : saw('GET consultas pagina=99', a.status, '200');
    },
  },
  {
    name: 'desde-exactly-90-days-refused',
    says: 'not earlier than today minus 90 days',
    why: 'desde of today minus 90 days is not earlier than the minimum; the fault refuses it',
    kind: 'lenient-value',
    fault: {
      request(req, ctx) {
        const bound = addDays(dateIn(new Date(), ctx.profile.timeZone), -90);
        if (req.endpoint === 'consultas-list' && req.query.get('desde') === bound) return problem(req, 400, { desde: ['desde demasiado antigua'] });
      },
    },
    async witness(w) {
      const a = await w.get(`${SUR_LIST}?desde=${addDays(w.today, -90)}`);
      return a.status === 200 ? undefined : saw('GET consultas desde=today-90', a.status, '200');
    },
  },
  {
    name: 'sid-of-20-refused',
    says: 'sid (required, string, length 20 to 30; inquiry id)',
    why: 'a sid of 20 characters is within the bounds: it names no inquiry (404), it is not invalid',
    kind: 'lenient-value',
    fault: {
      request(req) {
        if (req.endpoint === 'consultas-get' && (req.param('sid') ?? '').length <= 20)
          return problem(req, 400, { sid: ['sid tiene entre 21 y 30 caracteres'] });
      },
    },
    async witness(w) {
      const a = await w.get(`${SUR_LIST}/${'z'.repeat(20)}`);
      return a.status === 404 ? undefined : saw('GET a consulta with a 20-character sid', a.status, '404');
    },
  },
  {
    name: 'last-page-perpagina-is-count',
    says: 'page size; 100 in the observed response',
    why: 'PerPagina is the page size on every page; on the last page the fault writes how many entries it holds',
    kind: 'data-shape',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'consultas-list' || res.status !== 200) return;
        res.editJson((body) => {
          const n = (body._entries as unknown[] | undefined)?.length ?? 0;
          if (n > 0 && Number(body.Pagina) * Number(body.PerPagina) >= Number(body.Total)) body.PerPagina = n;
        });
      },
    },
    async witness(w) {
      const first = (await w.get(`${SUR_LIST}?desde=${addDays(w.today, -89)}`)).json();
      const last = Math.max(1, Math.ceil(first.Total / first.PerPagina));
      const page = (await w.get(`${SUR_LIST}?desde=${addDays(w.today, -89)}&pagina=${last}`)).json();
      return page.PerPagina === w.profile.inquiryPageSize && first.PerPagina === w.profile.inquiryPageSize
        ? undefined
        : saw(`GET consultas pagina=${last} (last): PerPagina`, page.PerPagina, String(w.profile.inquiryPageSize));
    },
  },
  {
    name: 'ref-title-without-external-id',
    says: 'a link object whose title combines the buyer e-mail, vehicle make and model, and the external identifier',
    why: 'the reference title carries the external identifier; the fault leaves it out of one inquiry',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint !== 'consultas-get' || res.status !== 200 || res.contentType !== REF) return;
        res.editJson((body) => {
          if (typeof body.title === 'string') body.title = body.title.replace(/\s*\|[^|]*$/, '');
        });
      },
    },
    async witness(w) {
      const sid = await w.inquiry(SUR, { ExternalId: 'PUB-R4-TITULO' });
      const title = String((await w.get(`${SUR_LIST}/${sid}`, { formato: REF })).json()?.title);
      return ['PUB-R4-TITULO', 'Ford', 'Focus', 'ana.testigo@correo.example'].every((p) => title.includes(p))
        ? undefined
        : saw('GET consulta (ref): title', title, 'e-mail, make, model and external id');
    },
  },
  {
    name: 'desde-first-instant-excluded',
    says: 'desde (date; first day of reception; minimum is today minus 90 days)',
    why: 'an inquiry received at the answer’s own Desde (first instant covered) was received on that day; the fault compares with >',
    kind: 'data-shape',
    fault: {
      response(req, res) {
        const desde = req.query.get('desde');
        if (req.endpoint !== 'consultas-list' || !desde) return;
        dropEntries(res, (e) => typeof e.Momento === 'string' && e.Momento.startsWith(`${desde}T00:00:00`));
      },
    },
    witness: (w) => listedOnDay(w, '00:00:00'),
  },
  {
    name: 'hasta-ends-at-utc-midnight',
    says: 'hasta (date; last day of reception)',
    why: 'the answer’s own Hasta (end of the day at the zone’s offset) covers the evening; the fault ends the filter at 23:59:59 UTC',
    kind: 'data-shape',
    fault: {
      response(req, res) {
        const hasta = req.query.get('hasta');
        if (req.endpoint !== 'consultas-list' || !hasta) return;
        const end = Date.parse(`${hasta}T23:59:59.999Z`);
        dropEntries(res, (e) => typeof e.Momento === 'string' && Date.parse(e.Momento) > end);
      },
    },
    witness: (w) => listedOnDay(w, '22:30:00'),
  },
  {
    name: 'resend-location-names-inquiry',
    says: '202 with header Location (URI of the webhook callback)',
    why: 'resend Location is the callback URI the payload went to; the fault names the inquiry instead',
    kind: 'link-problem-media',
    fault: {
      response(req, res) {
        if (req.endpoint === 'consultas-resend' && res.status === 202) res.headers.location = req.path.replace(/\/resendwebhook$/, '');
      },
    },
    async witness(w) {
      const { receiver, answer: a } = await resendOnce(w);
      return a.status === 202 && a.headers.location === receiver.url
        ? undefined
        : saw('POST resendwebhook: Location', `${a.status} ${a.headers.location}`, `202 ${receiver.url}`);
    },
  },
  {
    name: 'resend-body-is-the-consulta',
    says: 'the body carries the webhook payload that was sent',
    why: 'resend answers with the payload delivered; the fault answers with the inquiry representation instead',
    kind: 'deliveries',
    fault: {
      async response(req, res, ctx) {
        if (req.endpoint !== 'consultas-resend' || res.status !== 202) return;
        const own = await ctx.upstream('GET', req.path.replace(/\/resendwebhook$/, ''), { app: req.app ?? 'primary' });
        res.body = own.body;
      },
    },
    async witness(w) {
      const { receiver, before, answer: a } = await resendOnce(w);
      const sent = receiver.received[before];
      return sent && JSON.stringify(sent.json()) === JSON.stringify(a.json())
        ? undefined
        : saw('POST resendwebhook: body', a.body.slice(0, 120), 'the payload delivered');
    },
  },
  {
    name: 'resend-unknown-inquiry-403',
    says: '404 (inquiry does not exist for the app)',
    why: 'resend of an inquiry that does not exist (agency visible) is 404; the fault answers 403, the agency code',
    kind: 'row',
    fault: {
      response(req, res) {
        if (req.endpoint === 'consultas-resend' && res.status === 404) Object.assign(res, problem(req, 403, { _: ['prohibido'] }));
      },
    },
    async witness(w) {
      const a = await w.call('POST', `${SUR_LIST}/${NO_SID}/resendwebhook`);
      return a.status === 404 ? undefined : saw('POST resendwebhook of no inquiry', a.status, '404');
    },
  },
  {
    name: 'ref-list-merges-other-app-inquiries',
    says: 'Inquiries visible to the app are those received by publications that the app published',
    why: 'the reference-form list of a shared agency shows inquiries the other app published; the full forms do not',
    kind: 'scoping',
    fault: {
      async response(req, res, ctx) {
        if (req.endpoint !== 'consultas-list' || req.app !== 'primary' || res.status !== 200 || res.contentType !== REF) return;
        const theirs = (await ctx.upstream('GET', req.url, { app: 'other' })).json() as { _entries?: unknown[] } | undefined;
        res.editJson((body) => {
          body._entries = [...((body._entries as unknown[]) ?? []), ...(theirs?._entries ?? [])];
        });
      },
    },
    async witness(w) {
      const sid = await w.inquiry(RIO, { ExternalId: 'PUB-R4-OTRA' }, 'other');
      const a = await w.get(`/v3/consultas/${enc(RIO)}`, { formato: REF });
      return hrefsOf(a.json()).includes(sid)
        ? saw('GET consultas of RIO (ref) as primary', 'an inquiry the other app published', 'only the primary app’s')
        : undefined;
    },
  },
];
