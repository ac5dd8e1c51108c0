import { empty, type MutantRequest } from '../../mutants/exchange.ts';
import type { Fault, FaultContext } from '../../mutants/fault.ts';
import { requests } from '../../support/fault-shapes.ts';
import { addDays, dateIn, startOfDay } from '../server/clock.ts';
import type { R3Fault } from './r3.ts';
import { forbidden, refuse400 } from './shapes.ts';
import { enc, expectStatus, saw, SUR } from './seed-facts.ts';

// Limits and the formats of parameters: adminMail (e-mail, at most 50 characters), topic (at most 80 characters),
// sid (20 to 30 characters), pagina (at most 99), desde (not before today − 90 days), the query dates.

const LIST = ['consultas-list'];
const todayOf = (ctx: FaultContext): string => dateIn(new Date(), ctx.profile.timeZone);

/** A yyyy-mm-dd that names no calendar day, read the lenient way (day 0 or 32 rolls into the next month). */
function rolled(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10);
  return date === value ? undefined : date;
}

/** The month before today's, as yyyy-mm. */
const lastMonth = (today: string): string => addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);

/** What each adminMail row answers for an adminMail it takes as malformed (the independent server's own choices). */
function malformedMail(req: MutantRequest) {
  if (req.endpoint === 'agencias-get' || req.endpoint === 'agencias-options') return empty(404);
  if (req.endpoint === 'agencias-desasociar') return forbidden(req);
  return refuse400(req, 'adminMail', 'adminMail debe ser un e-mail de menos de 50 caracteres');
}

/** The list asked for page `sent` is forwarded as page `read`, and its answer edited by `edit`. */
function pageReadAs(sent: string, read: string, edit: (body: Record<string, unknown>) => unknown): Fault {
  const rewritten = new WeakSet<MutantRequest>();
  return {
    request: (req) => {
      if (req.endpoint !== 'consultas-list' || req.query.get('pagina') !== sent) return;
      req.query.set('pagina', read);
      rewritten.add(req);
    },
    response: (req, res) => {
      if (rewritten.has(req) && res.status === 200) res.editJson((body) => void edit(body));
    },
  };
}

const MAIL_ROWS = [
  'agencias-get',
  'agencias-options',
  'agencias-put',
  'agencias-desasociar',
  'agencias-productos',
  'consultas-list',
  'consultas-get',
  'consultas-resend',
];
const TOPIC_ROWS = ['appnotificaciones-get', 'appnotificaciones-post', 'appnotificaciones-put', 'appnotificaciones-delete'];

export const LIMIT_FAULTS: R3Fault[] = [
  {
    name: 'pagina-100-accepted',
    kind: 'lenient-value',
    says: '| pagina query parameter | at most 99 |',
    why: 'Limits: pagina is at most 99, so pagina=100 fails validation (400) rather than answering an empty page.',
    fault: pageReadAs('100', '99', (body) => Object.assign(body, { Pagina: 100, _entries: [] })),
    witness: async (w) => expectStatus('GET the inquiry list ?pagina=100', await w.get(`/v3/consultas/${enc(SUR)}?pagina=100`), 400),
  },
  {
    name: 'pagina-read-with-parse-int',
    kind: 'lenient-value',
    says: 'pagina (integer int32; page number, maximum 99)',
    why: 'pagina is an integer: "1.5" is none and fails validation, where parseInt would read page 1.',
    fault: requests(LIST, (req) => {
      const pagina = req.query.get('pagina');
      if (pagina !== null && !/^[+-]?\d+$/.test(pagina) && Number.parseInt(pagina, 10) >= 1) req.query.set('pagina', String(Number.parseInt(pagina, 10)));
    }),
    witness: async (w) => expectStatus('GET the inquiry list ?pagina=1.5', await w.get(`/v3/consultas/${enc(SUR)}?pagina=1.5`), 400),
  },
  {
    name: 'pagina-zero-echoed-as-page-zero',
    kind: 'lenient-value',
    says: '| Pagina | integer | current page number, starting at 1 |',
    why: 'Pages are numbered from 1: an answer saying Pagina 0 names a page that does not exist.',
    fault: pageReadAs('0', '1', (body) => Object.assign(body, { Pagina: 0 })),
    witness: async (w) => {
      const a = await w.get(`/v3/consultas/${enc(SUR)}?pagina=0`);
      return a.status === 200 && a.json()?.Pagina < 1
        ? saw('GET the inquiry list ?pagina=0', `200, Pagina ${a.json()?.Pagina}`, '400, or a page numbered from 1')
        : undefined;
    },
  },
  {
    name: 'desde-91-days-back-accepted',
    kind: 'lenient-value',
    says: '| desde query parameter | not earlier than today minus 90 days |',
    why: 'Limits: desde earlier than today − 90 days fails validation.',
    fault: requests(LIST, (req, ctx) => {
      const floor = addDays(todayOf(ctx), -90);
      const desde = req.query.get('desde');
      if (desde && /^\d{4}-\d{2}-\d{2}$/.test(desde) && desde < floor) req.query.set('desde', floor);
    }),
    witness: async (w) => expectStatus('GET the inquiry list ?desde=today−91', await w.get(`/v3/consultas/${enc(SUR)}?desde=${addDays(w.today, -91)}`), 400),
  },
  {
    name: 'desde-bound-counted-from-hasta',
    kind: 'lenient-value',
    says: 'desde (date; first day of reception; minimum is today minus 90 days)',
    why: 'The bound is today − 90 days whatever hasta is; counting 90 days back from hasta lets an older desde through.',
    fault: requests(LIST, (req, ctx) => {
      const floor = addDays(todayOf(ctx), -90);
      const desde = req.query.get('desde');
      const hasta = req.query.get('hasta');
      if (desde && hasta && desde < floor && desde >= addDays(hasta, -90)) req.query.set('desde', floor);
    }),
    witness: async (w) =>
      expectStatus(
        'GET the inquiry list ?desde=today−91&hasta=today−10',
        await w.get(`/v3/consultas/${enc(SUR)}?desde=${addDays(w.today, -91)}&hasta=${addDays(w.today, -10)}`),
        400,
      ),
  },
  {
    name: 'desde-bound-counted-in-hours',
    kind: 'lenient-value',
    says: '| desde query parameter | not earlier than today minus 90 days |',
    why: 'desde = today − 90 days is allowed; comparing its midnight with now − 90 × 24 h refuses it.',
    fault: requests(LIST, (req, ctx) => {
      const desde = req.query.get('desde');
      if (desde && /^\d{4}-\d{2}-\d{2}$/.test(desde) && startOfDay(desde, ctx.profile.timeZone).getTime() < Date.now() - 90 * 86_400_000)
        return refuse400(req, 'desde', 'desde anterior a 90 días');
    }),
    witness: async (w) => expectStatus('GET the inquiry list ?desde=today−90', await w.get(`/v3/consultas/${enc(SUR)}?desde=${addDays(w.today, -90)}`), 200),
  },
  {
    name: 'desde-impossible-date-rolls-over',
    kind: 'lenient-value',
    says: 'Query dates (desde, hasta) are ISO 8601 dates (yyyy-mm-dd).',
    why: 'Day 00 of a month is no ISO 8601 date: desde fails validation instead of meaning the last day of the month before.',
    fault: requests(LIST, (req) => {
      const desde = rolled(req.query.get('desde') ?? '');
      if (desde) req.query.set('desde', desde);
    }),
    witness: async (w) =>
      expectStatus('GET the inquiry list ?desde=<last month>-00', await w.get(`/v3/consultas/${enc(SUR)}?desde=${lastMonth(w.today)}-00`), 400),
  },
  {
    name: 'hasta-impossible-date-rolls-over',
    kind: 'lenient-value',
    says: 'Query dates (desde, hasta) are ISO 8601 dates (yyyy-mm-dd).',
    why: 'Day 32 of a month is no ISO 8601 date: hasta fails validation instead of rolling into the next month.',
    fault: requests(LIST, (req) => {
      const hasta = rolled(req.query.get('hasta') ?? '');
      if (hasta) req.query.set('hasta', hasta);
    }),
    witness: async (w) =>
      expectStatus('GET the inquiry list ?hasta=<last month>-32', await w.get(`/v3/consultas/${enc(SUR)}?hasta=${lastMonth(w.today)}-32`), 400),
  },
  {
    name: 'desde-date-time-accepted',
    kind: 'lenient-value',
    says: 'Query dates (desde, hasta) are ISO 8601 dates (yyyy-mm-dd).',
    why: 'desde is a date; a date-time is another format and fails validation.',
    fault: requests(LIST, (req) => {
      const desde = req.query.get('desde') ?? '';
      if (/^\d{4}-\d{2}-\d{2}T/.test(desde)) req.query.set('desde', desde.slice(0, 10));
    }),
    witness: async (w) =>
      expectStatus('GET the inquiry list ?desde=<date>T00:00:00Z', await w.get(`/v3/consultas/${enc(SUR)}?desde=${addDays(w.today, -5)}T00:00:00Z`), 400),
  },
  {
    name: 'hasta-without-zero-padding-accepted',
    kind: 'lenient-value',
    says: 'Query dates (desde, hasta) are ISO 8601 dates (yyyy-mm-dd).',
    why: 'yyyy-mm-dd has two-digit months and days: 2026-3-5 is not that format and fails validation.',
    fault: requests(LIST, (req) => {
      const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(req.query.get('hasta') ?? '');
      if (m) req.query.set('hasta', `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`);
    }),
    witness: async (w) => {
      const day = [...Array(40).keys()].map((i) => addDays(w.today, -i)).find((d) => d.endsWith('-01') || /-0\d$/.test(d))!;
      const loose = day.replace(/-0(\d)/g, '-$1');
      return expectStatus(`GET the inquiry list ?hasta=${loose}`, await w.get(`/v3/consultas/${enc(SUR)}?hasta=${loose}`), 400);
    },
  },
  {
    name: 'consultas-admin-mail-trimmed',
    kind: 'lenient-value',
    says: 'path adminMail (required, email, max 50; the description also says it is optional when operador is given)',
    why: 'An adminMail with blanks around it is not an e-mail address: the list fails validation instead of trimming it.',
    fault: requests(['consultas-list'], (req) => {
      const mail = req.param('adminMail') ?? '';
      if (mail !== mail.trim()) req.setParam('adminMail', mail.trim());
    }),
    witness: async (w) => {
      const a = await w.get(`/v3/consultas/${enc(` ${SUR} `)}`);
      return a.status === 200 ? saw('GET /v3/consultas/%20<SUR>%20', a.status, '400') : undefined;
    },
  },
  {
    name: 'productos-admin-mail-trimmed',
    kind: 'lenient-value',
    says: '| adminMail path parameter | string, e-mail format, at most 50 characters |',
    why: 'A value with a trailing blank is not in e-mail format: productos refuses it (400) instead of reading it trimmed.',
    fault: requests(['agencias-productos'], (req) => {
      const mail = req.param('adminMail') ?? '';
      if (mail !== mail.trim()) req.setParam('adminMail', mail.trim());
    }),
    witness: async (w) => {
      const a = await w.get(`/v3/agencias/${enc(`${SUR} `)}/productos`);
      return a.status === 200 ? saw('GET /v3/agencias/<SUR>%20/productos', a.status, '400') : undefined;
    },
  },
  {
    name: 'admin-mail-of-50-characters-refused',
    kind: 'lenient-value',
    says: '| adminMail path parameter | string, e-mail format, at most 50 characters |',
    why: 'At most 50 characters includes 50: an adminMail of exactly 50 characters is valid and names its agency.',
    fault: requests(MAIL_ROWS, (req) => {
      if ((req.param('adminMail') ?? '').length >= 50) return malformedMail(req);
    }),
    witness: async (w) => {
      const mail = `${'r'.repeat(25)}@prueba-indep.example.com`;
      const invited = await w.invite(mail);
      if (invited.status !== 202) return saw(`invite a 50-character e-mail (${mail.length})`, invited.status, '202');
      return expectStatus('GET the invitation of a 50-character adminMail', await w.get(`/v3/agencias/${enc(mail)}`), 200);
    },
  },
  {
    name: 'sid-of-20-characters-refused',
    kind: 'lenient-value',
    says: '| sid path parameter | string, 20 to 30 characters |',
    why: 'A sid of exactly 20 characters is within 20 to 30: an unknown one is 404 (not found), not a validation failure.',
    fault: requests(['consultas-get', 'consultas-resend'], (req) => {
      if ((req.param('sid') ?? '').length <= 20) return refuse400(req, 'sid', 'sid tiene entre 20 y 30 caracteres');
    }),
    witness: async (w) =>
      expectStatus('GET an inquiry whose sid has 20 characters (none such)', await w.get(`/v3/consultas/${enc(SUR)}/${'k'.repeat(20)}`), 404),
  },
  {
    name: 'sid-length-counted-in-bytes',
    kind: 'lenient-value',
    says: 'sid (required, string, length 20 to 30; inquiry id)',
    why: 'Lengths count characters: 25 × "ñ" is 25 characters (50 UTF-8 bytes), a valid length that names no inquiry (404).',
    fault: requests(['consultas-get', 'consultas-resend'], (req) => {
      const bytes = Buffer.byteLength(req.param('sid') ?? '');
      if (bytes < 20 || bytes > 30) return refuse400(req, 'sid', 'sid tiene entre 20 y 30 caracteres');
    }),
    witness: async (w) => expectStatus('GET an inquiry whose sid is 25 × ñ', await w.get(`/v3/consultas/${enc(SUR)}/${enc('ñ'.repeat(25))}`), 404),
  },
  {
    name: 'topic-length-counted-in-bytes',
    kind: 'lenient-value',
    says: '| topic path parameter | string, at most 80 characters |',
    why: 'Lengths count characters: a topic of 80 × "ñ" is within the limit; it is unavailable (403), not too long (400).',
    fault: requests(TOPIC_ROWS, (req) => {
      if (Buffer.byteLength(req.param('topic') ?? '') > 80) return refuse400(req, 'topic', 'topic admite hasta 80 caracteres');
    }),
    witness: async (w) =>
      expectStatus(
        'POST /v3/appnotificaciones/<80 × ñ>',
        await w.call('POST', `/v3/appnotificaciones/${enc('ñ'.repeat(80))}`, { json: w.upsert('http://127.0.0.1:9/x') }),
        403,
      ),
  },
];
