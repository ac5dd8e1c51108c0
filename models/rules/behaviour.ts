import { rule } from '../rule.ts';

// Home, States and transitions, Authentication (scoping), Events, Errors, catalog lookups, webhook configuration.
const ST = 'States and transitions';
const AU = 'Authentication';
const EV = 'Events';
const ER = 'Errors';
const AN = 'Endpoints > AppNotificaciones';

export const BEHAVIOUR_RULES = [
  rule('home/etag-present', 'must', 'Endpoints > Home', 'GET /v3 carries an ETag header whose value is an entity-tag (RFC 9110 8.8.3), in every form', 'home'),
  rule(
    'home/etag-304',
    'profile',
    'Endpoints > Home',
    "repeating GET /v3 in each form the row offers, with the ETag that form gave in the profile's conditional header, answers 304",
    'home',
  ),
  rule('home/304-no-body', 'must', 'Endpoints > Home', 'a 304 has no body', 'home'),
  rule(
    'home/entry-points-lead',
    'must',
    'Endpoints > Home',
    'the home document holds links, and every link of it that names one resource, followed with GET, answers no 404 and no 5xx, and a status its row documents where it names a row',
    'home',
  ),

  rule('lifecycle/invitation-accepted-202', 'must', ST, 'inviting a new AdminMail answers 202 with no body and a Location', 'agencias-invite'),
  rule(
    'lifecycle/invitation-invalid-body-400',
    'must',
    ST,
    'a POST /v3/agencias body that is no JSON object, or whose AdminMail is missing, not a string or not an e-mail address, is no valid AgenciaCreate: the invitation is not accepted (400)',
    'agencias-invite',
  ),
  rule('lifecycle/invitation-location-is-agency', 'must', ST, "the invitation's Location is the URI of the agency named by AdminMail", 'agencias-invite'),
  rule('lifecycle/invitation-state-get', 'must', ST, 'GET on the Location returns the state of the invitation', 'agencias-get'),
  rule('lifecycle/invitation-state-options', 'must', ST, 'OPTIONS on the Location returns the state of the invitation', 'agencias-options'),
  rule(
    'lifecycle/invitation-conflict-409',
    'must',
    ST,
    'inviting an AdminMail that is already registered answers 409 with a validation problem',
    'agencias-invite',
  ),
  rule(
    'lifecycle/invitation-pending-202',
    'must',
    ST,
    'inviting an AdminMail whose invitation is still pending (not registered) answers 202, by the inviting app and by another, and the invitation stays readable at its Location; so does inviting it again once the pending invitation was dissociated',
    'agencias-invite',
  ),
  rule('lifecycle/desasociar-204', 'must', ST, 'desasociar on an agency of the app answers 204 with no body', 'agencias-desasociar'),
  rule('lifecycle/desasociar-removes-association', 'must', ST, 'after desasociar the agency is no longer visible to the app', 'agencias-desasociar'),
  rule('agencias/admin-mail-case-insensitive', 'must', 'Endpoints', 'adminMail is matched case-insensitively'),
  rule(
    'agencias/values-round-trip',
    'must',
    'Endpoints > Agencias',
    'an unusual valid AdminMail (upper case, a dot and a plus in the local part) names its agency at the Location and at the path as the caller spells it, and non-ASCII text written through AgenciaEdit is read back as written',
    'agencias-invite',
  ),

  rule('scoping/foreign-agency-get-404', 'must', AU, "app other reading primary's agency gets 404", 'agencias-get'),
  rule(
    'scoping/pending-invitation-hidden',
    'must',
    AU,
    "app other, which did not invite it, gets 404 on GET and OPTIONS of the Location of primary's pending invitation",
    'agencias-get',
  ),
  rule('scoping/foreign-agency-productos-404', 'must', AU, "app other reading primary's agency products gets 404", 'agencias-productos'),
  rule('scoping/foreign-consultas-list-404', 'must', AU, "app other listing primary's agency inquiries gets 404", 'consultas-list'),
  rule('scoping/foreign-consulta-get-404', 'must', AU, "app other reading primary's inquiry gets 404", 'consultas-get'),
  rule('scoping/foreign-agency-put-403', 'must', AU, "app other modifying primary's agency gets 403", 'agencias-put'),
  rule('scoping/foreign-agency-desasociar-403', 'must', AU, "app other dissociating primary's agency gets 403", 'agencias-desasociar'),
  rule('scoping/foreign-resend-403', 'must', AU, "app other resending primary's inquiry webhook gets 403", 'consultas-resend'),
  rule(
    'scoping/agency-lists-disjoint',
    'must',
    AU,
    "app other's agency list never holds an agency of primary's that other cannot read (one not associated with other)",
    'agencias-list',
  ),
  rule('scoping/webhook-config-per-app', 'must', AU, 'a webhook configuration of one app is not visible to another', 'appnotificaciones-get'),
  rule('scoping/empty-app-no-agencies', 'profile', AU, "the profile's empty app sees no agencies", 'agencias-list'),

  rule(
    'events/inquiry-webhook-delivered',
    'profile',
    EV,
    "an inquiry received through the simulation hooks is delivered once to the app's inquiry topic, and no other app's, once it can be read",
  ),
  rule(
    'events/resend-returns-payload',
    'must',
    EV,
    "resendwebhook (the inquiry topic configured) answers 202 with the sent payload, the inquiry's Consulta, as its body",
    'consultas-resend',
  ),
  rule(
    'events/resend-delivers-payload',
    'must',
    EV,
    "after resendwebhook the app's configured callback, and no other app's, receives exactly the payload the response carried, once",
    'consultas-resend',
  ),
  rule(
    'events/registration-webhook',
    'profile',
    EV,
    "completing a registration through the simulation hooks delivers the registration webhook to the app's registration topic only, and not before: no copy ahead of the registration, none for an invitation not completed",
  ),
  rule(
    'events/each-event-own-topic',
    'profile',
    EV,
    "each event is delivered to its own topic, for every app: a registration completed through the simulation hooks to the app's registration topic's callback and never its inquiry topic's, an inquiry to the inquiry topic's and never the registration topic's (each topic configured with a callback of its own)",
  ),
  rule(
    'events/delivered-once-each',
    'profile',
    EV,
    "every inquiry and registration the run makes through the simulation hooks (over a hundred, some at once) is delivered exactly once, after it happened, to the primary app's topic only",
  ),

  rule('errors/validation-problem-body', 'must', ER, 'every 400 and 409 body is a validation problem body'),
  rule('errors/problem-media-type', 'must', ER, '400, 403 and 409 bodies are application/problem+json'),
  rule('errors/status-member-matches', 'must', ER, 'the Status member of a problem equals the HTTP status'),
  rule('errors/instance-is-request-path', 'must', ER, 'the Instance member is the URI path of the request'),
  rule(
    'errors/errors-keyed-by-property',
    'must',
    ER,
    'every key of Errors, in every 400 and 409, is a property name of the request exactly as the spec or profile names it, or _ (entry-level); Errors names the offending property where it is known',
  ),
  rule('errors/forbidden-problem-body', 'must', ER, 'a 403 body is a problem body'),

  rule('catalogo/ciudades-needs-region-or-q', 'must', 'Endpoints > Ciudades', 'GET /v3/ciudades without region and q is 400', 'ciudades-list'),
  rule(
    'catalogo/marcas-solo-mercado-nuevos-narrows',
    'must',
    'Endpoints > Marcas',
    'soloMercadoNuevos=true returns a subset of the default list',
    'marcas-list',
  ),
  rule(
    'catalogo/bestmatch-carrocerias',
    'profile',
    'Endpoints > Carrocerias',
    'bestmatch by each listed field returns the record of that id',
    'carrocerias-bestmatch',
  ),
  rule(
    'catalogo/bestmatch-ciudades',
    'profile',
    'Endpoints > Ciudades',
    'bestmatch by each listed state and city field returns the record of that id, and an inner part of a city name finds a city of that state whose name holds it',
    'ciudades-bestmatch',
  ),
  rule('catalogo/bestmatch-marcas', 'profile', 'Endpoints > Marcas', 'bestmatch by each listed field returns the record of that id', 'marcas-bestmatch'),
  rule(
    'catalogo/marcas-bestmatch-no-match',
    'profile',
    'Endpoints > Marcas',
    "bestmatch of a make that matches none answers as the profile's marcasNoMatch says: 404, 400 keyed make, or 200 with the nearest make",
    'marcas-bestmatch',
  ),
  rule('catalogo/list-entries-resolve', 'profile', 'Endpoints', 'every catalog list entry is found by its id', 'carrocerias-get'),

  rule('appnotificaciones/post-201-location', 'must', AN, 'POST of an available, unconfigured topic answers 201 with a Location', 'appnotificaciones-post'),
  rule('appnotificaciones/post-again-409', 'must', AN, 'a second POST of a configured topic answers 409', 'appnotificaciones-post'),
  rule('appnotificaciones/put-200', 'must', AN, 'PUT of a configured topic answers 200', 'appnotificaciones-put'),
  rule('appnotificaciones/unconfigured-404', 'must', AN, 'GET, PUT and DELETE of a topic never configured answer 404'),
  rule(
    'appnotificaciones/delete-204',
    'must',
    AN,
    'DELETE of a configured topic answers 204, and the topic reads as 404 afterwards',
    'appnotificaciones-delete',
  ),
  rule('appnotificaciones/unavailable-403', 'must', AN, 'POST of a topic not available to the app answers 403', 'appnotificaciones-post'),
  rule('appnotificaciones/lifecycle-model', 'must', AN, 'any sequence of POST, PUT, GET and DELETE answers as the configuration model predicts'),
];
