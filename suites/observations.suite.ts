import { INT32, LIMITS, consultaPage, daysBetween, listEntries, unknownMembers } from '../models/index.ts';
import { emailOfLength } from '../generators/text.ts';
import type { EndpointCall } from '../sut/call.ts';
import type { TargetResponse } from '../sut/client.ts';
import { check, type Check } from './harness/check.ts';
import { describeResponse } from './harness/describe.ts';
import { freshAdminMail, invite, inviteFresh, resolveLocation } from './harness/invitations.ts';
import { resolvePointer } from '../sut/json-pointer.ts';
import { oldestInquiry } from './harness/oldest-inquiry.ts';
import { refusingCallback } from './harness/resend-setup.ts';
import { webhookSession } from './harness/webhook-session.ts';

// Where the spec says "not shown", the suites record what the target does (level observe: never a failure).
// Each observation names the request and the status, content-type essence, a body excerpt and relevant headers.

const agency = (c: Check): { adminMail: string } => ({ adminMail: c.ctx.fixtures.agency });
const session = webhookSession();

/** Sends and records `label: <status, type, body, headers>`. */
async function record(c: Check, label: string, endpointId: string, call: EndpointCall, headers: string[] = []): Promise<TargetResponse> {
  const res = await c.send(endpointId, call);
  c.observe(`${label}: ${describeResponse(res, headers)}`);
  return res;
}

/** The profile's way of naming a media type, for a media type outside the catalog. */
function selecting(c: Check, mediaType: string): Pick<EndpointCall, 'headers' | 'query'> {
  const selection = c.ctx.profile.mediaTypeSelection;
  return 'header' in selection ? { headers: { [selection.header]: mediaType } } : { query: { [selection.query]: mediaType } };
}

// Authentication: "How the app proves its identity …: not shown."
check('observe/unauthenticated', async (c) => {
  const auth = ['www-authenticate'];
  await record(c, 'GET /v3 without credentials', 'home', { app: null }, auth);
  await record(c, 'GET /v3/agencias without credentials', 'agencias-list', { app: null }, auth);
  await record(c, 'GET /v3/carrocerias without credentials', 'carrocerias-list', { app: null }, auth);
  await record(c, 'GET /v3/consultas/{fixture} without credentials', 'consultas-list', { app: null, params: agency(c) }, auth);
  await record(c, 'GET /v3/appnotificaciones without credentials', 'appnotificaciones-list', { app: null }, auth);
});

// Productos offers json, text/json and entry only; ref and xml are outside what it offers.
check('observe/unoffered-media-type', async (c) => {
  await record(c, 'productos asked for the reference form', 'agencias-productos', { params: agency(c), form: 'ref' });
  await record(c, 'productos asked for application/xml', 'agencias-productos', { params: agency(c), ...selecting(c, 'application/xml') });
});

// Endpoints > Consultas: "How a caller chooses among the media types of a response …: not shown."
check('observe/media-type-selection', async (c) => {
  await record(c, 'inquiry list with no media type named', 'consultas-list', { params: agency(c) });
  await record(c, 'inquiry list with Accept */*', 'consultas-list', { params: agency(c), headers: { accept: '*/*' } });
});

check('observe/unknown-path', async (c) => {
  c.observe(`GET /v3/nope: ${describeResponse(await c.sendRaw({ method: 'GET', path: '/v3/nope' }))}`);
});

check('observe/wrong-method', async (c) => {
  c.observe(`DELETE /v3/carrocerias: ${describeResponse(await c.sendRaw({ method: 'DELETE', path: '/v3/carrocerias' }), ['allow'])}`);
});

// Limits: "Rate limits, quotas …: not shown."
check('observe/rate-limit-headers', async (c) => {
  const calls: [string, EndpointCall][] = [
    ['home', {}],
    ['agencias-list', { form: 'json' }],
    ['carrocerias-list', { form: 'json' }],
    ['marcas-list', { form: 'json' }],
    ['consultas-list', { params: agency(c), form: 'ref' }],
  ];
  const seen = new Map<string, string>();
  for (const [id, call] of calls) {
    const res = await c.send(id, call);
    for (const [name, value] of Object.entries(res.headers)) {
      if (/ratelimit|rate-limit|^retry-after$/i.test(name)) seen.set(name, `${value} (on ${id})`);
    }
  }
  c.observe(seen.size === 0 ? `no rate-limit headers on ${calls.map(([id]) => id).join(', ')}` : [...seen].map(([k, v]) => `${k}: ${v}`).join('; '));
});

// States and transitions: "Names of the states of an invitation …: not shown."
check(
  'observe/invitation-state-values',
  async (c) => {
    const { location } = await inviteFresh(c, 'state');
    const pointer = c.ctx.profile.invitationState?.pointer;
    for (const method of ['GET', 'OPTIONS']) {
      const res = await c.sendRaw({ method, path: location.path, form: 'json' });
      const at = pointer !== undefined ? `; at ${pointer}: ${JSON.stringify(resolvePointer(res.json, pointer)) ?? 'nothing'}` : '';
      c.observe(`${method} on the Location: ${describeResponse(res, ['allow'])}${at}`);
    }
  },
  { mutates: true },
);

// Limits: "the exact age bound for resending: not shown". This sends the inquiry's webhook again, with the
// inquiry topic configured first (restored in afterAll), so that the answer is about the age, not the callback.
check(
  'observe/resend-old-inquiry',
  async (c) => {
    const old = (await oldestInquiry(c, c.ctx.fixtures.agency)) ?? c.skip('the fixture agency has no inquiry whose Momento and sid could be read');
    const age = daysBetween(old.momento.slice(0, 10), c.ctx.today);
    const unprepared = await refusingCallback(c, session);
    const res = await c.send('consultas-resend', { params: { adminMail: c.ctx.fixtures.agency, sid: old.sid } });
    const bound = c.ctx.profile.resendMaxAgeDays;
    c.observe(
      `resend of ${old.sid} (Momento ${old.momento}, about ${age} days old${bound ? `; profile resendMaxAgeDays ${bound}` : ''}${unprepared ? `; ${unprepared}` : ''}): ${describeResponse(res, ['location'])}`,
    );
  },
  { mutates: true },
);

// Errors: 404 — "no body defined".
check('observe/not-found-body', async (c) => {
  await record(c, 'GET of an agency never invited', 'agencias-get', { params: { adminMail: freshAdminMail(c, 'none') }, form: 'json' });
  await record(c, 'GET of color id int32 max', 'colores-get', { params: { id: INT32.max }, form: 'json' });
});

check('observe/pagina-below-first', async (c) => {
  for (const pagina of [LIMITS.pagina.first - 1, LIMITS.pagina.first - 2]) {
    const res = await record(c, `pagina=${pagina}`, 'consultas-list', { params: agency(c), query: { pagina }, form: 'ref' });
    const body = res.json as { Pagina?: unknown; _entries?: unknown[] } | undefined;
    if (res.status === 200) c.observe(`pagina=${pagina} echoed as Pagina ${JSON.stringify(body?.Pagina)} with ${body?._entries?.length ?? '?'} entries`);
  }
});

check('observe/pagina-past-last', async (c) => {
  const first = await c.send('consultas-list', { params: agency(c), query: { pagina: LIMITS.pagina.first }, form: 'ref' });
  const env = first.json as { Total?: unknown; PerPagina?: unknown } | undefined;
  const [total, perPagina] = [env?.Total, env?.PerPagina];
  if (first.status !== 200 || typeof total !== 'number' || typeof perPagina !== 'number' || perPagina <= 0) {
    return c.skip(`the first page gave no Total and PerPagina (${describeResponse(first)})`);
  }
  const pagina = Math.max(1, Math.ceil(total / perPagina)) + 1;
  if (pagina > LIMITS.pagina.maximum) c.skip(`the page after the last (${pagina}) is past the pagina limit ${LIMITS.pagina.maximum}`);
  const res = await record(c, `pagina=${pagina} (Total ${total}, PerPagina ${perPagina})`, 'consultas-list', {
    params: agency(c),
    query: { pagina },
    form: 'ref',
  });
  const body = res.json as { Pagina?: unknown; _entries?: unknown[] } | undefined;
  if (res.status === 200) c.observe(`Pagina ${JSON.stringify(body?.Pagina)}, ${body?._entries?.length ?? '?'} entries`);
});

/** `array of 12`, `object with _entries (12) and members Total, _links`, or the response. */
function shapeOf(res: TargetResponse): string {
  if (res.status !== 200) return describeResponse(res);
  const entries = listEntries(res.json);
  if (Array.isArray(res.json)) return `array of ${res.json.length}`;
  if (entries) {
    const others = Object.keys(res.json as object).filter((k) => k !== '_entries');
    return `object with _entries (${entries.length})${others.length ? ` and members ${others.join(', ')}` : ''}`;
  }
  return `neither an array nor an object with _entries: ${describeResponse(res)}`;
}

check('observe/list-shape', async (c) => {
  const lists: [string, EndpointCall][] = [
    ['agencias-list', {}],
    ['carrocerias-list', {}],
    ['colores-list', {}],
    ['marcas-list', {}],
    // Ciudades needs region or q; a one-letter part of a name.
    ['ciudades-list', { query: { q: 'a' } }],
  ];
  for (const [id, call] of lists) {
    c.observe(`${id}: ${shapeOf(await c.send(id, { ...call, form: 'json' }))}`);
  }
});

check(
  'observe/location-form',
  async (c) => {
    const res = await invite(c, freshAdminMail(c, 'form'));
    const location = resolveLocation(c, res);
    c.observe(
      location ? `invitation Location is ${location.form}: ${location.raw}` : `invitation gave no usable Location: ${describeResponse(res, ['location'])}`,
    );
  },
  { mutates: true },
);

// Resources and their fields: members beyond the spec's tables, from a strict parse of an inquiry page.
check('observe/unknown-members', async (c) => {
  const res = await c.send('consultas-list', { params: agency(c), query: { pagina: LIMITS.pagina.first }, form: 'json' });
  if (res.status !== 200) c.skip(`the inquiry list answered ${describeResponse(res)}`);
  const paths = new Set(unknownMembers(consultaPage('strict'), res.json).map((p) => p.replace(/\.\d+(?=\.|$)/g, '[]')));
  c.observe(paths.size === 0 ? 'no members beyond the spec on an inquiry page' : `members beyond the spec: ${[...paths].join(', ')}`);
});

// The adminMail row: "the description also says it is optional when operador is given".
check('observe/consultas-without-admin-mail', async (c) => {
  const operador = c.needs('operador');
  const res = await c.sendRaw({ method: 'GET', path: '/v3/consultas', query: { operador }, form: 'ref' });
  c.observe(`GET /v3/consultas?operador=${operador}: ${describeResponse(res)}`);
});

// AdminMail in the body has no stated limit; the adminMail path parameter does (50 characters).
check(
  'observe/invite-long-admin-mail',
  async (c) => {
    const domain = c.ctx.profile.invitationDomain;
    const tag = `${c.ctx.runId}-long`;
    // Past the path limit, and long enough that the run's own prefix survives whatever the domain's length.
    const length = Math.max(LIMITS.adminMail.maxLength + 1, tag.length + domain.length + 3);
    const adminMail = emailOfLength(length, domain, tag);
    const res = await invite(c, adminMail);
    c.observe(`inviting a ${length}-character AdminMail: ${describeResponse(res, ['location'])}`);
  },
  { mutates: true },
);
