import { empty, problem } from '../../mutants/exchange.ts';
import { answers, requests } from '../../support/fault-shapes.ts';
import type { R3Fault } from './r3.ts';
import { asksRef, ENTRY_FORM, entriesOf, isObject, jsonAnswer, REF_FORM } from './shapes.ts';
import { enc, expectStatus, fresh, saw, SUR, TOPIC_INQUIRY } from './seed-facts.ts';

// Media types: the forms each row offers (and no other), JSON on the wire, no version in a media type, and the
// request media types a body may come in (parameters included).

const LISTED = ['application/json', 'text/json', ENTRY_FORM, REF_FORM];
const typeOf = (contentType: string | undefined): string => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const hrefOf = (item: unknown): string => {
  const links = isObject(item) && isObject(item._links) ? (item._links as Record<string, { href?: string }>) : {};
  return String(links.self?.href ?? '');
};

export const MEDIA_FAULTS: R3Fault[] = [
  {
    name: 'productos-serves-the-reference-form',
    kind: 'link-problem-media',
    says: 'Media types that a success response can have (not every endpoint offers every one; see Endpoints)',
    why: 'The productos row offers json, text/json and entry only: a reference-form answer is a form it does not have.',
    fault: answers(['agencias-productos'], (req, res) => {
      if (res.status !== 200 || !asksRef(req)) return;
      const body = res.json();
      Object.assign(res, jsonAnswer(200, { href: hrefOf(body), title: isObject(body) ? body.AdminMail : '' }, REF_FORM));
    }),
    witness: async (w) => {
      const a = await w.get(`/v3/agencias/${enc(SUR)}/productos`, { formato: REF_FORM });
      return typeOf(a.headers['content-type']) === REF_FORM
        ? saw('GET productos asking for the reference form', a.headers['content-type'], 'json, text/json or entry')
        : undefined;
    },
  },
  {
    name: 'carrocerias-list-serves-the-reference-form',
    kind: 'link-problem-media',
    says: 'Media types that a success response can have (not every endpoint offers every one; see Endpoints)',
    why: 'The carrocerias list offers json, text/json and entry only: it has no reference form.',
    fault: answers(['carrocerias-list'], (req, res) => {
      if (res.status !== 200 || !asksRef(req)) return;
      const items = entriesOf(res.json()).map((i) => ({ href: hrefOf(i), title: isObject(i) ? i.Denominacion : '' }));
      Object.assign(res, jsonAnswer(200, { _links: { self: { href: '/v3/carrocerias' } }, _entries: items }, REF_FORM));
    }),
    witness: async (w) => {
      const a = await w.get('/v3/carrocerias', { formato: REF_FORM });
      return typeOf(a.headers['content-type']) === REF_FORM
        ? saw('GET /v3/carrocerias asking for the reference form', a.headers['content-type'], 'json, text/json or entry')
        : undefined;
    },
  },
  {
    name: 'colores-get-labelled-text-plain',
    kind: 'link-problem-media',
    says: 'Wire format: JSON.',
    why: 'A success answer has one of the listed media types; a JSON body labelled text/plain is none of them.',
    fault: answers(['colores-get'], (_req, res) => {
      if (res.status === 200) res.headers['content-type'] = 'text/plain; charset=utf-8';
    }),
    witness: async (w) => {
      const a = await w.get('/v3/colores/3');
      return LISTED.includes(typeOf(a.headers['content-type']))
        ? undefined
        : saw('GET /v3/colores/3 Content-Type', a.headers['content-type'], 'a listed media type');
    },
  },
  {
    name: 'entry-form-carries-a-version',
    kind: 'link-problem-media',
    says: 'Representations are selected among the media types listed under Resources; none of them carries a version number.',
    why: 'Versioning: the version is in the path only; application/vnd.service.v3.entry+json is not a listed media type.',
    fault: {
      response: (_req, res) => {
        if (res.contentType === ENTRY_FORM)
          res.headers['content-type'] = res.headers['content-type']!.replace(ENTRY_FORM, 'application/vnd.service.v3.entry+json');
      },
    },
    witness: async (w) => {
      const a = await w.get('/v3/marcas', { formato: ENTRY_FORM });
      return typeOf(a.headers['content-type']) === ENTRY_FORM
        ? undefined
        : saw('GET /v3/marcas (entry form) Content-Type', a.headers['content-type'], ENTRY_FORM);
    },
  },
  {
    name: 'invite-refuses-json-with-charset',
    kind: 'link-problem-media',
    says: 'body AgenciaCreate (application/json or text/json)',
    why: 'application/json; charset=utf-8 is the media type application/json with a parameter: the body is JSON and is taken.',
    fault: requests(['agencias-invite'], (req) => {
      if ((req.headers['content-type'] ?? '').includes(';')) return problem(req, 400, { _: ['Content-Type debe ser application/json'] });
    }),
    witness: async (w) =>
      expectStatus(
        'POST /v3/agencias with Content-Type application/json; charset=utf-8',
        await w.call('POST', '/v3/agencias', { json: { AdminMail: fresh('charset'), RazonSocial: 'R3' }, contentType: 'application/json; charset=utf-8' }),
        202,
      ),
  },
  {
    name: 'agencias-put-refuses-text-json',
    kind: 'link-problem-media',
    says: 'body AgenciaEdit (json or text/json)',
    why: 'The PUT row takes its body as text/json as well as application/json.',
    fault: requests(['agencias-put'], (req) => {
      if ((req.headers['content-type'] ?? '').startsWith('text/json')) return empty(415);
    }),
    witness: async (w) =>
      expectStatus(
        `PUT /v3/agencias/${SUR} as text/json`,
        await w.call('PUT', `/v3/agencias/${enc(SUR)}`, { json: { NombreComercial: 'Texto JSON' }, contentType: 'text/json' }),
        200,
      ),
  },
  {
    name: 'appnotificaciones-post-refuses-json-with-charset',
    kind: 'link-problem-media',
    says: 'path topic; body AppWebhookUpsert (json or text/json)',
    why: 'A JSON body with a charset parameter is still application/json, which the POST row takes.',
    fault: requests(['appnotificaciones-post', 'appnotificaciones-put'], (req) => {
      if ((req.headers['content-type'] ?? '').includes(';')) return empty(415);
    }),
    witness: async (w) =>
      expectStatus(
        `POST /v3/appnotificaciones/${TOPIC_INQUIRY} with charset=utf-8`,
        await w.call('POST', `/v3/appnotificaciones/${TOPIC_INQUIRY}`, {
          json: w.upsert('http://127.0.0.1:9/r3'),
          contentType: 'application/json; charset=utf-8',
        }),
        201,
      ),
  },
];
