import { empty, type MutantRequest, problem } from '../../mutants/exchange.ts';
import { answers, type Json, recode, requests } from '../../support/fault-shapes.ts';
import type { R3Fault } from './r3.ts';
import { agenciesOf, agencyOf, entriesOf, FULL, isObject, jsonAnswer, lastSegment, otherApps, REF_FORM } from './shapes.ts';
import { enc, entries, expectStatus, fresh, MOTORES, RIO, saw, SUR, SUR_OPERATOR } from './seed-facts.ts';

// Agencias: the invitation, reading an agency (also the state of its invitation), the list and its operador
// filter, editing, the package of publications.

const fold = (s: string): string => s.toLowerCase();

/** The AdminMail an agency entry names, in any form (full member, or the last segment of a link). */
function mailOf(entry: unknown): string {
  if (!isObject(entry)) return '';
  if (typeof entry.AdminMail === 'string') return entry.AdminMail;
  if (typeof entry.href === 'string') return lastSegment(entry.href);
  return '';
}

const listed = async (w: Parameters<R3Fault['witness']>[0], query: string): Promise<string[]> =>
  entries(await w.get(`/v3/agencias${query}`)).map((e) => fold(mailOf(e)));

/** The members the independent server's AgenciaEdit takes, with its limits: what the faulty server checks itself. */
function validEdit(req: MutantRequest): Json | undefined {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
  const body = req.json();
  if (!['application/json', 'text/json'].includes(type) || !isObject(body)) return undefined;
  const limits: Record<string, number> = { NombreComercial: 120, Telefono: 40, Direccion: 200 };
  const ok = Object.entries(body).every(([k, v]) => k in limits && (v === null ? k !== 'NombreComercial' : typeof v === 'string' && v.length <= limits[k]!));
  return ok && typeof body.NombreComercial === 'string' && body.NombreComercial.trim() !== '' ? body : undefined;
}

export const AGENCIA_FAULTS: R3Fault[] = [
  {
    name: 'invite-answers-201',
    kind: 'row',
    says: '202, no body, header Location (URI of the agency)',
    why: 'An accepted invitation is answered 202 (the registration is still to come), not 201.',
    fault: recode('agencias-invite', 202, 201),
    witness: async (w) => expectStatus('POST /v3/agencias (new e-mail)', await w.invite(fresh('201')), 202),
  },
  {
    name: 'invite-202-with-a-body',
    kind: 'row',
    says: '202, no body, header Location (URI of the agency)',
    why: 'The invitation row answers 202 with no body.',
    fault: answers(['agencias-invite'], (req, res) => {
      if (res.status !== 202) return;
      res.body = JSON.stringify({ AdminMail: (req.json() as Json | undefined)?.AdminMail, Estado: 'pendiente' });
      res.headers['content-type'] = 'application/json';
    }),
    witness: async (w) => {
      const a = await w.invite(fresh('body'));
      return a.status === 202 && a.body === '' ? undefined : saw('POST /v3/agencias 202 body', a.body, 'none');
    },
  },
  {
    name: 'invite-location-names-another-resource',
    kind: 'link-problem-media',
    says: 'a Location header gives the agency URI, on which GET or OPTIONS returns the state of the invitation',
    why: 'States table: the Location is the agency URI, where GET answers the invitation state; a URI of a resource the API lacks is not it.',
    fault: answers(['agencias-invite'], (_req, res) => {
      const location = res.headers.location;
      if (res.status === 202 && location) res.headers.location = location.replace('/v3/agencias/', '/v3/invitaciones/');
    }),
    witness: async (w) => {
      const location = (await w.invite(fresh('loc'))).headers.location ?? '';
      return expectStatus(`GET the invitation's Location ${location}`, await w.get(location), 200);
    },
  },
  {
    name: 'invite-registered-e-mail-400',
    kind: 'row',
    says: '409 (e-mail already registered; the administrator must contact customer support)',
    why: 'Inviting an e-mail already registered is a conflict: 409, not a validation failure (400).',
    fault: answers(['agencias-invite'], (_req, res) => {
      if (res.status !== 409) return;
      res.status = 400;
      res.editJson((body) => void (body.Status = 400));
    }),
    witness: async (w) => expectStatus('POST /v3/agencias for SUR (registered) as the other app', await w.invite(SUR, 'other'), 409),
  },
  {
    name: 'invite-pending-e-mail-answered-409',
    kind: 'row',
    says: 'the e-mail in AdminMail is not already registered | invitation accepted (202)',
    why: 'States table: 202 whenever the e-mail is not registered; an invitation still pending registers nothing, so inviting again is accepted.',
    fault: requests(['agencias-invite'], async (req, ctx) => {
      const mail = (req.json() as Json | undefined)?.AdminMail;
      if (typeof mail !== 'string') return;
      const seen = await ctx.upstream('GET', `/v3/agencias/${enc(mail)}`, { app: req.app ?? 'primary' });
      if (seen.status === 200) return problem(req, 409, { AdminMail: ['ya existe una invitación para este e-mail'] });
    }),
    witness: async (w) => {
      const mail = fresh('again');
      await w.invite(mail);
      return expectStatus('POST /v3/agencias again for a pending (unregistered) e-mail', await w.invite(mail), 202);
    },
  },
  {
    name: 'invite-registered-e-mail-in-other-case-accepted',
    kind: 'lenient-value',
    says: '409 (e-mail already registered; the administrator must contact customer support)',
    why: 'An e-mail whose domain differs only in case is the same mailbox (RFC 5321 §2.4), so it is already registered: 409.',
    fault: requests(['agencias-invite'], async (req, ctx) => {
      const mail = (req.json() as Json | undefined)?.AdminMail;
      if (typeof mail !== 'string') return;
      const known = (await Promise.all((Object.keys(ctx.profile.apps) as (keyof typeof ctx.profile.apps)[]).map((a) => agenciesOf(ctx, a)))).flat();
      if (known.some((k) => fold(k) === fold(mail) && k !== mail)) {
        return empty(202, { location: `/v3/agencias/${enc(mail)}` });
      }
    }),
    witness: async (w) => {
      const [local, domain] = SUR.split('@');
      return expectStatus(
        'POST /v3/agencias for SUR with its domain upper-cased (as the other app)',
        await w.invite(`${local}@${domain!.toUpperCase()}`, 'other'),
        409,
      );
    },
  },
  {
    name: 'agencias-get-admin-mail-case-sensitive',
    kind: 'lenient-value',
    says: 'the path segment is matched case-insensitively with the name shown',
    why: 'Endpoints preamble: adminMail in the path is matched case-insensitively, so a lower-cased address finds the agency.',
    fault: answers(['agencias-get'], async (req, res, ctx) => {
      if (res.status !== 200) return;
      const shown = await agencyOf(ctx, req.app ?? 'primary', req.param('adminMail') ?? '');
      if (shown && shown.AdminMail !== req.param('adminMail')) Object.assign(res, empty(404));
    }),
    witness: async (w) => expectStatus(`GET /v3/agencias/${SUR.toLowerCase()}`, await w.get(`/v3/agencias/${enc(SUR.toLowerCase())}`), 200),
  },
  {
    name: 'productos-admin-mail-case-sensitive',
    kind: 'lenient-value',
    says: 'the path segment is matched case-insensitively with the name shown',
    why: 'Endpoints preamble: adminMail is matched case-insensitively on every row, productos included.',
    fault: answers(['agencias-productos'], (req, res) => {
      const shown = (res.json() as Json | undefined)?.AdminMail;
      if (res.status === 200 && typeof shown === 'string' && shown !== req.param('adminMail')) Object.assign(res, empty(404));
    }),
    witness: async (w) => expectStatus(`GET /v3/agencias/${SUR.toUpperCase()}/productos`, await w.get(`/v3/agencias/${enc(SUR.toUpperCase())}/productos`), 200),
  },
  {
    name: 'agencias-operador-matches-the-admin-only',
    kind: 'lenient-value',
    says: "query operador (optional, string, email): e-mail of one of the agency's operators",
    why: 'The operador filter names any of the agency’s operators, not only its administrator.',
    fault: answers(['agencias-list'], (req, res) => {
      const operador = req.query.get('operador');
      if (res.status !== 200 || operador === null) return;
      res.editJson((body) => {
        const kept = entriesOf(body).filter((e) => fold(mailOf(e)) === fold(operador));
        return (Array.isArray(body) ? kept : { ...body, _entries: kept }) as Json;
      });
    }),
    witness: async (w) => {
      const got = await listed(w, `?operador=${enc(SUR_OPERATOR)}`);
      return got.includes(fold(SUR)) ? undefined : saw(`GET /v3/agencias?operador=${SUR_OPERATOR} (an operator of SUR)`, got, 'SUR listed');
    },
  },
  {
    name: 'agencias-operador-filter-ignored',
    kind: 'row',
    says: "query operador (optional, string, email): e-mail of one of the agency's operators",
    why: 'The operador filter selects the agencies that have that operator; agencies without it are not listed.',
    fault: requests(['agencias-list'], (req) => {
      req.query.delete('operador');
    }),
    witness: async (w) => {
      const got = await listed(w, `?operador=${enc(SUR_OPERATOR)}`);
      return got.includes(fold(RIO)) ? saw(`GET /v3/agencias?operador=${SUR_OPERATOR}`, got, 'RIO (not its operator) left out') : undefined;
    },
  },
  {
    name: 'agencias-put-foreign-agency-404',
    kind: 'row',
    says: 'on modifying operations that name the agency, as forbidden (403)',
    why: 'Authentication: a PUT naming an agency that does not exist for the app is answered 403, not 404 (not a code of the PUT row).',
    fault: answers(['agencias-put'], (_req, res) => {
      if (res.status === 403) Object.assign(res, empty(404));
    }),
    witness: async (w) =>
      expectStatus(`PUT /v3/agencias/${MOTORES} as primary`, await w.call('PUT', `/v3/agencias/${enc(MOTORES)}`, { json: { NombreComercial: 'Ajena' } }), 403),
  },
  {
    name: 'agencias-put-not-stored',
    kind: 'row',
    says: 'invite a dealership (agencia) to register, read and modify its data',
    why: 'PUT answers 200 for a modification that a following GET does not show: the data was not modified.',
    fault: requests(['agencias-put'], async (req, ctx) => {
      const app = req.app ?? 'primary';
      const before = await agencyOf(ctx, app, req.param('adminMail') ?? '');
      const edit = validEdit(req);
      if (!before || !edit) return;
      const after = { ...before, ...edit };
      const ref = ['ref', REF_FORM].includes((req.query.get('formato') ?? '').toLowerCase());
      return jsonAnswer(200, ref ? { href: (before._links as Record<string, { href: string }>).self!.href, title: after.NombreComercial } : after);
    }),
    witness: async (w) => {
      await w.call('PUT', `/v3/agencias/${enc(SUR)}`, { json: { NombreComercial: 'Guardada R3' } });
      const name = (await w.get(`/v3/agencias/${enc(SUR)}`, { formato: FULL })).json()?.NombreComercial;
      return name === 'Guardada R3' ? undefined : saw('GET after PUT NombreComercial "Guardada R3"', name, '"Guardada R3"');
    },
  },
  {
    name: 'productos-unknown-agency-200',
    kind: 'row',
    says: '404 (agency does not exist for the app), 400',
    why: 'productos row: an agency that does not exist for the app is answered 404, not an empty package.',
    fault: answers(['agencias-productos'], (req, res) => {
      if (res.status === 404) Object.assign(res, jsonAnswer(200, { AdminMail: req.param('adminMail'), Paquete: null, Publicaciones: [] }));
    }),
    witness: async (w) => expectStatus('GET productos of an unknown agency', await w.get(`/v3/agencias/${enc(fresh('nadie'))}/productos`), 404),
  },
  {
    name: 'invitation-state-not-found-while-pending',
    kind: 'row',
    says: 'a Location header gives the agency URI, on which GET or OPTIONS returns the state of the invitation',
    why: 'States table: GET on the invitation’s Location answers its state while registration is pending, not 404.',
    fault: answers(['agencias-get'], async (req, res, ctx) => {
      if (res.status !== 200) return;
      const full = await agencyOf(ctx, req.app ?? 'primary', req.param('adminMail') ?? '');
      if (full && isObject(full.Invitacion) && full.Invitacion.Estado !== 'completada') Object.assign(res, empty(404));
    }),
    witness: async (w) => {
      const location = (await w.invite(fresh('pend'))).headers.location ?? '';
      return expectStatus('GET the pending invitation’s Location', await w.get(location), 200);
    },
  },
  {
    name: 'invitation-options-framework-default',
    kind: 'row',
    says: 'a Location header gives the agency URI, on which GET or OPTIONS returns the state of the invitation',
    why: 'States table: OPTIONS on the agency URI returns the invitation state, not a bodiless Allow answer.',
    fault: requests(['agencias-options'], () => empty(204, { allow: 'GET, PUT, OPTIONS' })),
    witness: async (w) => {
      const location = (await w.invite(fresh('opt'))).headers.location ?? '';
      const a = await w.call('OPTIONS', location);
      return a.status === 200 && a.json() !== undefined
        ? undefined
        : saw('OPTIONS on the invitation’s Location', `${a.status} ${a.body.slice(0, 40)}`, '200 with the state');
    },
  },
  {
    name: 'invite-refused-400-still-invites',
    kind: 'refused-write',
    says: 'valid body; the e-mail in AdminMail is not already registered | invitation accepted (202)',
    why: 'An invitation is accepted only with a valid body; one refused with 400 must leave no invitation behind.',
    fault: answers(['agencias-invite'], async (req, res, ctx) => {
      const mail = (req.json() as Json | undefined)?.AdminMail;
      if (res.status !== 400 || typeof mail !== 'string') return;
      const template = Object.fromEntries(
        Object.entries(ctx.profile.templates.agenciaCreate).map(([k, v]) => [
          k,
          typeof v === 'string' ? v.replace('{{adminMail}}', mail).replace('{{runId}}', 'r3') : v,
        ]),
      );
      await ctx.upstream('POST', '/v3/agencias', { app: req.app ?? 'primary', json: template });
    }),
    witness: async (w) => {
      const mail = fresh('inval');
      const refused = await w.call('POST', '/v3/agencias', { json: { AdminMail: mail, RazonSocial: 42 } });
      if (refused.status !== 400) return saw('POST /v3/agencias with RazonSocial a number', refused.status, '400');
      return expectStatus('GET the refused invitation’s agency URI', await w.get(`/v3/agencias/${enc(mail)}`), 404);
    },
  },
  {
    name: 'agencias-put-edits-every-agency-of-the-app',
    kind: 'neighbours',
    says: 'path adminMail (required, email, max 50); body AgenciaEdit (json or text/json)',
    why: 'PUT modifies the agency its path names; the app’s other agencies keep their data.',
    fault: answers(['agencias-put'], async (req, res, ctx) => {
      if (res.status !== 200) return;
      const app = req.app ?? 'primary';
      for (const mail of await agenciesOf(ctx, app))
        if (fold(mail) !== fold(req.param('adminMail') ?? '')) await ctx.upstream('PUT', `/v3/agencias/${enc(mail)}`, { app, json: req.json() });
    }),
    witness: async (w) => {
      await w.call('PUT', `/v3/agencias/${enc(SUR)}`, { json: { NombreComercial: 'Solo Sur R3' } });
      const name = (await w.get(`/v3/agencias/${enc(RIO)}`, { formato: FULL })).json()?.NombreComercial;
      return name === 'Solo Sur R3' ? saw('GET RIO after PUT on SUR', name, 'RIO unchanged') : undefined;
    },
  },
  {
    name: 'agencias-put-refused-403-still-edits',
    kind: 'refused-write',
    says: 'a 403 also answers an app that lacks permission over an agency',
    why: 'A PUT refused with 403 changes nothing: the owner still reads the agency as it was.',
    fault: answers(['agencias-put'], async (req, res, ctx) => {
      if (res.status !== 403) return;
      for (const app of otherApps(ctx, req.app)) await ctx.upstream('PUT', req.path, { app, json: req.json() });
    }),
    witness: async (w) => {
      const refused = await w.call('PUT', `/v3/agencias/${enc(SUR)}`, { app: 'other', json: { NombreComercial: 'Intrusa R3' } });
      if (refused.status !== 403) return saw('PUT SUR as the other app', refused.status, '403');
      const name = (await w.get(`/v3/agencias/${enc(SUR)}`, { formato: FULL })).json()?.NombreComercial;
      return name === 'Intrusa R3' ? saw('GET SUR (owner) after the refused PUT', name, 'unchanged') : undefined;
    },
  },
];
