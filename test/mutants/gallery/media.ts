import { MEDIA_TYPES } from '../../../models/index.ts';
import type { Fault, Mutant } from '../fault.ts';
import { answers, formAsked, type Json } from './helpers.ts';

// Resources and their fields > Conventions (media types, reference form, link objects, timestamps, null),
// the media types each Endpoints row offers, and Versioning.

/** Every success answer of these endpoints gets one fixed Content-Type, whatever was asked; body kept. */
const retype = (endpoints: string[], type: string): Fault =>
  answers(endpoints, (_req, res) => {
    if (res.status < 300) res.headers['content-type'] = type;
  });

/** No content negotiation: every request is answered in the default full form (application/json). */
const ignoresAccept = (endpoints: string[]): Fault => ({
  request(req) {
    if (req.endpoint && endpoints.includes(req.endpoint)) delete req.headers.accept;
  },
});

/** A reference-form request answered with the full representation, still labelled as the reference form. */
const fullAsRef = (endpoints: string[]): Fault => ({
  request(req) {
    if (req.endpoint && endpoints.includes(req.endpoint) && formAsked(req) === 'ref') req.headers.accept = MEDIA_TYPES.json;
  },
  response(req, res) {
    if (req.endpoint && endpoints.includes(req.endpoint) && res.status === 200) res.headers['content-type'] = MEDIA_TYPES.ref;
  },
});

/** Every link object's href made absolute. */
function absolutize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(absolutize);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Json).map(([k, v]) => [k, k === 'href' && typeof v === 'string' ? `http://vmp.mutant.example${v}` : absolutize(v)]),
  );
}

/** Leaves out the first member whose value is null (depth first); whether one was found. */
function dropFirstNull(value: Json): boolean {
  for (const [k, v] of Object.entries(value)) {
    if (v === null) return delete value[k];
    if (typeof v === 'object' && !Array.isArray(v) && dropFirstNull(v as Json)) return true;
  }
  return false;
}

/** What else a broken GET /v3/consultas/{agency}/{sid} body fails: every check that reads it as a Consulta. */
const CONSULTA_GET_READS = [
  'consultas/get/equals-list-entry',
  'media/consultas-get/json',
  'media/consultas-get/text-json',
  'media/consultas-get/entry',
  'status/consultas-get/200',
];

export const MEDIA_MUTANTS: Mutant[] = [
  {
    name: 'ref-form-returns-full-entries',
    statement: 'conventions/media-ref',
    breaks: 'media/marcas-list/ref',
    fault: fullAsRef(['marcas-list']),
  },
  {
    name: 'inquiry-ref-form-returns-full-consulta',
    statement: 'endpoints/consultas-get/media',
    breaks: 'media/consultas-get/ref',
    fault: fullAsRef(['consultas-get']),
  },
  {
    name: 'color-list-ignores-accept',
    statement: 'endpoints/colores-list/media',
    breaks: 'media/colores-list/text-json',
    also: ['media/colores-list/entry', 'media/colores-list/ref'],
    fault: ignoresAccept(['colores-list']),
  },
  {
    name: 'city-lookup-ignores-accept',
    statement: 'endpoints/ciudades-get/media',
    breaks: 'media/ciudades-get/entry',
    also: ['media/ciudades-get/text-json', 'media/ciudades-get/ref'],
    fault: ignoresAccept(['ciudades-get']),
  },
  {
    name: 'productos-always-typed-as-hal',
    statement: 'endpoints/agencias-productos/media',
    breaks: 'media/agencias-productos/json',
    also: ['media/agencias-productos/text-json', 'media/agencias-productos/entry', 'conventions/success-media-type'],
    fault: retype(['agencias-productos'], 'application/hal+json'),
  },
  {
    name: 'webhook-put-always-typed-as-plain-text',
    statement: 'endpoints/appnotificaciones-put/media',
    breaks: 'media/appnotificaciones-put/json',
    also: ['media/appnotificaciones-put/text-json', 'media/appnotificaciones-put/entry', 'appnotificaciones/put-200'],
    fault: retype(['appnotificaciones-put'], 'text/plain'),
  },
  {
    name: 'default-media-type-is-hal',
    statement: 'conventions/success-media-types',
    breaks: 'conventions/success-media-type',
    // Without an Accept header the full form comes as a fifth, unlisted media type.
    fault: {
      response(req, res) {
        if (res.status < 300 && !req.headers.accept && res.contentType === MEDIA_TYPES.json) res.headers['content-type'] = 'application/hal+json';
      },
    },
  },
  {
    name: 'json-bodies-start-with-bom',
    statement: 'conventions/wire-json',
    breaks: 'conventions/json-no-bom',
    // A server whose UTF-8 writer emits a signature (the BOM) before every JSON text.
    fault: {
      response(_req, res) {
        if (res.contentType.endsWith('json') && res.body !== '') res.body = `\uFEFF${res.body}`;
      },
    },
  },
  {
    name: 'media-type-carries-version',
    statement: 'versioning/unversioned',
    breaks: 'versioning/media-type-unversioned',
    fault: {
      response(_req, res) {
        if (res.status < 300 && res.contentType === MEDIA_TYPES.json) res.headers['content-type'] = `${MEDIA_TYPES.json}; version=3`;
      },
    },
  },
  {
    name: 'body-style-links-absolute',
    statement: 'link/href-relative',
    breaks: 'conventions/link-href-relative',
    fault: answers(['carrocerias-list'], (_req, res) => res.editJson(absolutize)),
  },
  {
    name: 'agency-timestamps-without-offset',
    statement: 'conventions/timestamps',
    breaks: 'conventions/datetime-offset',
    // Agencia's fields are not shown, but "Timestamps are ISO 8601 date-times with a UTC offset" covers them:
    // an outsider writes its own members' instants as local times.
    fault: answers(['agencias-get'], (_req, res) => {
      res.body = res.body.replace(/"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})"/g, '"$1"');
    }),
  },
  {
    name: 'home-templated-dropped',
    statement: 'link/templated',
    breaks: 'conventions/link-templated',
    fault: answers(['home'], (_req, res) => {
      res.body = res.body.replace(/,"templated":true|"templated":true,?/g, '');
    }),
  },
  {
    name: 'agency-links-without-version',
    statement: 'versioning/v3-prefix',
    breaks: 'versioning/links-under-v3',
    quote: 'it is the first path segment of every path',
    // An outsider writes the agency's links from its routes, without the version prefix.
    fault: answers(['agencias-list'], (_req, res) => {
      res.body = res.body.replace(/"href":"\/v3\//g, '"href":"/');
    }),
  },
  {
    name: 'home-link-leads-nowhere',
    statement: 'endpoints/home/200',
    breaks: 'home/entry-points-lead',
    // An outsider names a list in the singular in its home document: the link is under /v3 and leads to nothing.
    fault: answers(['home'], (_req, res) => {
      res.body = res.body.replace(/"href":"\/v3\/colores"/, '"href":"/v3/color"');
    }),
  },
  {
    // Found by Stryker (reference/handlers/home.ts, EntryPoints emptied): a home document of no link passed every rule.
    name: 'home-lists-no-entry-point',
    statement: 'endpoints/home/200',
    breaks: 'home/entry-points-lead',
    fault: answers(['home'], (_req, res) => res.editJson((home) => void (home._links = {}))),
  },
  {
    name: 'momento-without-offset',
    statement: 'conventions/timestamps',
    breaks: 'conventions/datetime-offset',
    also: CONSULTA_GET_READS,
    fault: answers(['consultas-get'], (_req, res) =>
      res.editJson((c) => {
        if (typeof c.Momento === 'string') c.Momento = c.Momento.replace(/(Z|[+-]\d\d:\d\d)$/, '');
      }),
    ),
  },
  {
    name: 'null-member-omitted',
    statement: 'conventions/null',
    breaks: 'conventions/null-not-omitted',
    also: CONSULTA_GET_READS,
    fault: answers(['consultas-get'], (_req, res) => res.editJson((c) => void dropFirstNull(c))),
  },
];
