import { essence, MEDIA_TYPES } from '../../../models/index.ts';
import { empty, MutantResponse, problem } from '../exchange.ts';
import type { Mutant } from '../fault.ts';
import { answers, formAsked, replaceAnswers, requests, type Json } from './helpers.ts';

// Endpoints (the preamble and the cells of the rows) and Resources and their fields > Other resources: request
// bodies and their media types, the forms each resource has, what the webhook configuration resources hold,
// and the bare "400" cells — each got wrong as an outsider reading those words would.

const isTextJson = (contentType: string | undefined) => essence(contentType) === MEDIA_TYPES.textJson;
/** A body labelled, but with neither type a request body may have. */
const isOtherBodyType = (contentType: string | undefined) => ![MEDIA_TYPES.json, MEDIA_TYPES.textJson, ''].includes(essence(contentType));
/** An ISO 3166-2 subdivision code (AR-B, US-CA): the "iso" a state is matched against. */
const ISO_3166_2 = /^[a-z]{2}-[a-z0-9]{1,3}$/i;

export const STATEMENT_ENDPOINT_MUTANTS: Mutant[] = [
  {
    name: 'agency-without-reference-form',
    statement: 'resources/agencia-forms',
    breaks: 'media/agencias-get/ref',
    quote: 'reference forms',
    // Reference forms taken for lists only: one agency asked for in the reference form is not acceptable.
    fault: requests(['agencias-get'], (req) => (formAsked(req) === 'ref' ? empty(406) : undefined)),
  },
  {
    name: 'productos-as-list-of-publications',
    statement: 'resources/productos-full-only',
    breaks: 'media/agencias-productos/json',
    // "package of publications" read as the publications: a list of links, not one object.
    fault: answers(['agencias-productos'], (req, res) => {
      if (res.status === 200) res.setJson([{ href: req.path, title: 'Publicaciones del paquete' }]);
    }),
  },
  {
    name: 'webhook-list-empty-answers-204',
    statement: 'resources/app-webhooks',
    breaks: 'status/appnotificaciones-list/200',
    // Only configured topics listed, and nothing configured answered as no content.
    fault: answers(['appnotificaciones-list'], (_req, res) => {
      const topics = (res.json() as { Topicos?: Json[] } | undefined)?.Topicos;
      if (res.status === 200 && topics?.every((t) => t.Configurado !== true)) Object.assign(res, empty(204));
    }),
  },
  {
    name: 'webhook-list-shows-every-app',
    statement: 'endpoints/appnotificaciones-list/topics',
    breaks: 'scoping/webhook-config-per-app',
    quote: 'for the app',
    // The list of configured topics read from one table for the whole service: other apps' configurations too.
    fault: answers(['appnotificaciones-list'], async (req, res, ctx) => {
      if (res.status !== 200 || req.app === 'primary') return;
      const configured: unknown[] = [];
      for (const topic of Object.values(ctx.profile.topics)) {
        const read = await ctx.upstream('GET', `/v3/appnotificaciones/${encodeURIComponent(topic)}`, { app: 'primary' });
        if (read.status === 200) configured.push(read.json());
      }
      res.editJson((list) => void (list.Configuraciones = configured));
    }),
  },
  {
    name: 'webhook-read-as-list',
    statement: 'resources/app-webhook',
    breaks: 'status/appnotificaciones-get/200',
    // The configuration of one topic answered as a list holding it.
    fault: answers(['appnotificaciones-get'], (_req, res) => {
      if (res.status === 200) res.editJson<unknown>((config) => [config]);
    }),
  },
  {
    name: 'webhook-upsert-on-both-verbs',
    statement: 'resources/app-webhook-upsert',
    breaks: 'appnotificaciones/lifecycle-model',
    // "Upsert" taken literally: POST and PUT both create or replace, whichever state the topic is in.
    fault: answers(['appnotificaciones-post', 'appnotificaciones-put'], async (req, res, ctx) => {
      const instead = req.method === 'POST' && res.status === 409 ? 'PUT' : req.method === 'PUT' && res.status === 404 ? 'POST' : undefined;
      if (!instead) return;
      const done = await ctx.upstream(instead, req.path, { app: req.app ?? 'primary', json: req.json() });
      if (done.status < 300) Object.assign(res, { status: done.status, headers: done.headers, body: done.body });
    }),
  },
  {
    name: 'make-list-without-reference-form',
    statement: 'resources/reference-forms',
    breaks: 'media/marcas-list/ref',
    quote: 'makes',
    // No reference form for makes: the request is answered in the default full form.
    fault: requests(['marcas-list'], (req) => {
      if (formAsked(req) === 'ref') req.headers.accept = MEDIA_TYPES.json;
    }),
  },
  {
    name: 'body-style-bestmatch-without-bodystyle-404',
    statement: 'endpoints/preamble-400',
    breaks: 'status/carrocerias-bestmatch/400',
    // "may answer 400" read as a choice: a lookup of nothing finds nothing.
    fault: requests(['carrocerias-bestmatch'], (req) => (req.query.get('bodystyle') ? undefined : empty(404))),
  },
  {
    name: 'agency-list-400-without-body',
    statement: 'endpoints/agencias-list/400',
    breaks: 'status/agencias-list/400',
    // The cell says only "400": no problem body with it.
    fault: replaceAnswers('agencias-list', 400, () => empty(400)),
  },
  {
    name: 'city-bestmatch-ignores-state',
    statement: 'resources/city-region',
    breaks: 'catalogo/bestmatch-ciudades',
    quote: 'belonging to a region',
    // Cities looked up by name alone: of two cities of one name, the first listed, whatever the state.
    fault: answers(['ciudades-bestmatch'], async (req, res, ctx) => {
      const city = res.json() as Json | undefined;
      const name = String(city?.Nombre ?? '');
      if (res.status !== 200 || name.toLowerCase() !== (req.query.get('city') ?? '').toLowerCase()) return;
      const namesakes = (await ctx.upstream('GET', `/v3/ciudades?q=${encodeURIComponent(name)}`)).json();
      const first = Array.isArray(namesakes) ? (namesakes as Json[]).find((c) => String(c.Nombre).toLowerCase() === name.toLowerCase()) : undefined;
      if (first) res.setJson(first);
    }),
  },
  {
    name: 'city-bestmatch-400-as-plain-text',
    statement: 'endpoints/ciudades-bestmatch/400',
    breaks: 'status/ciudades-bestmatch/400',
    fault: replaceAnswers('ciudades-bestmatch', 400, () => new MutantResponse(400, { 'content-type': 'text/plain' }, 'state and city are required')),
  },
  {
    name: 'invitation-refuses-text-json',
    statement: 'endpoints/agencias-invite/body',
    breaks: 'media/agencias-invite/request-text-json',
    quote: 'text/json',
    fault: requests(['agencias-invite'], (req) => (isTextJson(req.headers['content-type']) ? empty(415) : undefined)),
  },
  {
    name: 'agency-put-text-json-read-as-text',
    statement: 'endpoints/agencias-put/body',
    breaks: 'media/agencias-put/request-text-json',
    quote: 'json or text/json',
    // text/json taken for text: the edit arrives as one string, not an AgenciaEdit object.
    fault: requests(['agencias-put'], (req) => (isTextJson(req.headers['content-type']) ? problem(req, 400, { _: ['expected a JSON object'] }) : undefined)),
  },
  {
    name: 'webhook-post-ignores-text-json-body',
    statement: 'endpoints/appnotificaciones-post/body',
    breaks: 'media/appnotificaciones-post/request-text-json',
    quote: 'json or text/json',
    // The body parser reads application/json only: a text/json body arrives as {} and fails validation.
    fault: requests(['appnotificaciones-post'], (req) => {
      if (!isTextJson(req.headers['content-type'])) return;
      req.headers['content-type'] = MEDIA_TYPES.json;
      req.body = '{}';
    }),
  },
  {
    name: 'webhook-post-other-body-type-404',
    statement: 'endpoints/appnotificaciones-post/body',
    breaks: 'conventions/body-other-type-refused',
    quote: 'json or text/json',
    // A router that routes the POST by its body's type: one labelled otherwise falls through to 404, which is
    // neither reading of bodyTypeRefusal (the same request labelled application/json is still created).
    fault: requests(['appnotificaciones-post'], (req) => (isOtherBodyType(req.headers['content-type']) ? empty(404) : undefined)),
  },
  {
    name: 'webhook-put-wants-full-representation',
    statement: 'endpoints/appnotificaciones-put/body',
    breaks: 'appnotificaciones/put-200',
    quote: 'body AppWebhookUpsert',
    // PUT taken to replace the resource with its own representation: an AppWebhook, Topic included.
    fault: requests(['appnotificaciones-put'], (req) => {
      const body = req.json() as Json | undefined;
      if (body && typeof body === 'object' && !('Topic' in body)) return problem(req, 400, { Topic: ['required'] });
    }),
  },
  {
    name: 'agency-put-answers-204',
    statement: 'endpoints/agencias-put/200',
    breaks: 'status/agencias-put/200',
    // The client sent the data, so nothing is sent back.
    fault: replaceAnswers('agencias-put', 200, () => empty(204)),
  },
  {
    name: 'desasociar-demands-a-body',
    statement: 'endpoints/agencias-desasociar/no-body',
    breaks: 'lifecycle/desasociar-204',
    // A PATCH read as a patch document: without one, nothing to apply.
    fault: requests(['agencias-desasociar'], (req) => (req.rawBody.length === 0 ? problem(req, 400, { _: ['a JSON body is required'] }) : undefined)),
  },
  {
    name: 'city-bestmatch-state-not-by-iso',
    statement: 'endpoints/ciudades-bestmatch/state',
    breaks: 'catalogo/bestmatch-ciudades',
    quote: 'iso',
    fault: requests(['ciudades-bestmatch'], (req) => {
      if (ISO_3166_2.test(req.query.get('state') ?? '')) return problem(req, 400, { state: ['no such state'] });
    }),
  },
];
