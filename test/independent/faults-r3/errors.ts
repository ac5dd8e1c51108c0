import { randomUUID } from 'node:crypto';
import { answers, type Json } from '../../support/fault-shapes.ts';
import type { R3Fault } from './r3.ts';
import { camel, isObject } from './shapes.ts';
import { enc, saw, SUR } from './seed-facts.ts';
import type { Answer } from './witness-client.ts';

// Errors: the validation problem body of 400 and 409 — its members (PascalCase, Status an integer, Instance the
// request's path), Errors keyed by property names with arrays of messages, and its media type.

const MEMBERS = ['Errors', 'Type', 'Title', 'Status', 'Detail', 'Instance', 'Extensions'];
const typeOf = (a: Answer): string => (a.headers['content-type'] ?? '').split(';')[0]!.trim();

export const ERROR_FAULTS: R3Fault[] = [
  {
    name: 'invite-409-problem-in-lower-case',
    kind: 'link-problem-media',
    says: 'Validation problem body (400, 409; application/problem+json)',
    why: 'Errors: a 409 carries the validation problem body, whose members are Errors, Type, Title, Status, Detail, Instance, Extensions.',
    fault: answers(['agencias-invite'], (_req, res) => {
      if (res.status !== 409) return;
      res.editJson((body) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k.toLowerCase(), v])));
    }),
    witness: async (w) => {
      const a = await w.invite(SUR, 'other');
      const missing = MEMBERS.filter((m) => !(m in (a.json() ?? {})));
      return a.status === 409 && missing.length === 0 ? undefined : saw('POST /v3/agencias of a registered e-mail: problem members missing', missing, 'none');
    },
  },
  {
    name: 'ciudades-400-status-as-text',
    kind: 'link-problem-media',
    says: '| Status | integer | the HTTP status |',
    why: 'Validation problem body: Status is an integer.',
    fault: answers(['ciudades-list'], (_req, res) => {
      if (res.status === 400) res.editJson((body) => void (body.Status = String(body.Status)));
    }),
    witness: async (w) => {
      const status = (await w.get('/v3/ciudades')).json()?.Status;
      return status === 400 ? undefined : saw('GET /v3/ciudades (400): Status', status, 'the integer 400');
    },
  },
  {
    name: 'consultas-400-instance-not-the-path',
    kind: 'link-problem-media',
    says: '| Instance | string | URI path of the request |',
    why: 'Validation problem body: Instance is the URI path of the request, not an occurrence id.',
    fault: answers(['consultas-list'], (_req, res) => {
      if (res.status === 400) res.editJson((body) => void (body.Instance = `urn:uuid:${randomUUID()}`));
    }),
    witness: async (w) => {
      const instance = (await w.get(`/v3/consultas/${enc(SUR)}?pagina=0`)).json()?.Instance;
      return String(instance).startsWith('/v3/consultas/') ? undefined : saw('GET the inquiry list ?pagina=0 (400): Instance', instance, 'the request’s path');
    },
  },
  {
    name: 'invite-400-errors-keys-camel-case',
    kind: 'link-problem-media',
    says: 'map from property name to an array of message strings',
    why: 'Errors are keyed by property names: the body member AdminMail is AdminMail, not adminMail.',
    fault: answers(['agencias-invite'], (_req, res) => {
      if (res.status === 400)
        res.editJson(
          (body) => void (body.Errors = isObject(body.Errors) ? Object.fromEntries(Object.entries(body.Errors).map(([k, v]) => [camel(k), v])) : body.Errors),
        );
    }),
    witness: async (w) => {
      const errors = (await w.call('POST', '/v3/agencias', { json: { AdminMail: 'no-es-un-mail', RazonSocial: 'R3' } })).json()?.Errors ?? {};
      return 'AdminMail' in errors ? undefined : saw('POST /v3/agencias with a malformed AdminMail: Errors keys', Object.keys(errors), 'AdminMail');
    },
  },
  {
    name: 'marcas-400-errors-as-strings',
    kind: 'link-problem-media',
    says: 'map from property name to an array of message strings',
    why: 'Errors maps each property to an array of messages, not to one string.',
    fault: answers(['marcas-list'], (_req, res) => {
      if (res.status !== 400) return;
      res.editJson((body) => {
        if (isObject(body.Errors)) body.Errors = Object.fromEntries(Object.entries(body.Errors).map(([k, v]) => [k, Array.isArray(v) ? v.join('; ') : v]));
      });
    }),
    witness: async (w) => {
      const errors = (await w.get('/v3/marcas?soloMercadoNuevos=quizas')).json()?.Errors ?? {};
      const bad = Object.entries(errors as Json).find(([, v]) => !Array.isArray(v));
      return bad ? saw('GET /v3/marcas?soloMercadoNuevos=quizas (400): an Errors value', bad, 'an array of strings') : undefined;
    },
  },
  {
    name: 'consultas-400-labelled-application-json',
    kind: 'link-problem-media',
    says: 'Error bodies use application/problem+json (see Errors).',
    why: 'Conventions: error bodies are application/problem+json.',
    fault: answers(['consultas-list'], (_req, res) => {
      if (res.status === 400) res.headers['content-type'] = 'application/json; charset=utf-8';
    }),
    witness: async (w) => {
      const a = await w.get(`/v3/consultas/${enc(SUR)}?pagina=0`);
      return typeOf(a) === 'application/problem+json'
        ? undefined
        : saw('GET the inquiry list ?pagina=0 (400): Content-Type', a.headers['content-type'], 'application/problem+json');
    },
  },
  {
    name: 'agencias-put-400-without-extensions',
    kind: 'link-problem-media',
    says: '| Extensions | object | additional members; may be empty |',
    why: 'Validation problem body: Extensions is an object, present though it may be empty.',
    fault: answers(['agencias-put'], (_req, res) => {
      if (res.status === 400) res.editJson((body) => void delete body.Extensions);
    }),
    witness: async (w) => {
      const body = (await w.call('PUT', `/v3/agencias/${enc(SUR)}`, { json: {} })).json() ?? {};
      return isObject(body.Extensions) ? undefined : saw('PUT SUR with an empty body (400): Extensions', body.Extensions, 'an object');
    },
  },
];
