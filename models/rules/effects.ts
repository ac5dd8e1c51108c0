import { rule } from '../rule.ts';

// Issue 12 §2: the effects the spec states, not just the acceptance. Transitions are followed on resources the
// run created to every later operation the spec's words reach; Location headers are followed; a validator the
// target did not give never yields 304; adminMail is matched case-insensitively on the modifying rows too;
// media forms a row does not list are never served under their name; declared webhook signatures are valid.
const ST = 'States and transitions';
const AN = 'Endpoints > AppNotificaciones';

export const EFFECT_RULES = [
  rule(
    'lifecycle/invitation-state-after-registration',
    'profile',
    ST,
    "once the invited person registers (through the simulation hooks), the state GET and OPTIONS give on the invitation's Location is no longer the state it had while pending",
    'agencias-get',
  ),
  rule(
    'lifecycle/registered-invitation-409',
    'must',
    ST,
    'inviting the AdminMail of an agency the run registered answers 409: the e-mail is already registered',
    'agencias-invite',
  ),
  rule(
    'lifecycle/desasociar-keeps-account',
    'must',
    ST,
    'after desasociar the agency keeps its own account: inviting its AdminMail again answers 409',
    'agencias-desasociar',
  ),
  rule(
    'lifecycle/desasociar-inquiry-404',
    'must',
    ST,
    "after desasociar the app reads the agency's inquiry as not found: GET /v3/consultas/{adminMail}/{sid} answers 404",
    'consultas-get',
  ),
  rule(
    'lifecycle/desasociar-modifications-403',
    'must',
    ST,
    'after desasociar, PUT, desasociar and resendwebhook naming the agency answer 403 to the same app',
    'agencias-desasociar',
  ),
  rule(
    'agencias/put-sets-fields',
    'profile',
    'Endpoints > Agencias',
    "after PUT /v3/agencias/{adminMail} with the profile's AgenciaEdit, GET of the agency shows the values it set",
    'agencias-put',
  ),
  rule(
    'agencias/admin-mail-case-insensitive-modify',
    'must',
    'Endpoints',
    'PUT, desasociar, the inquiry by sid and resendwebhook match adminMail case-insensitively, on an agency the run registered',
  ),

  rule(
    'appnotificaciones/post-location-resolves',
    'must',
    AN,
    'GET on the Location of a POST (URI of the webhook) returns the configuration the run made: the one GET of the topic returns, or one carrying its callback URL',
    'appnotificaciones-post',
  ),
  rule(
    'appnotificaciones/reads-show-callback',
    'profile',
    AN,
    "after POST and after PUT, GET /v3/appnotificaciones/{topic} shows the callback URL just configured (the profile's webhookUpsert {{url}} member)",
    'appnotificaciones-get',
  ),
  rule(
    'appnotificaciones/list-names-available',
    'must',
    AN,
    "the AppWebhooks list names every topic available to the app (the profile's inquiry and registration topics), configured or not",
    'appnotificaciones-list',
  ),
  rule(
    'appnotificaciones/list-shows-configured',
    'must',
    AN,
    'what the AppWebhooks list shows of a topic changes when the topic is configured, and is as before once it is deleted',
    'appnotificaciones-list',
  ),

  rule(
    'home/etag-mismatch-not-304',
    'profile',
    'Endpoints > Home',
    "a validator the target did not give (a made-up entity tag, its ETag altered by one character) in the profile's conditional header never yields 304",
    'home',
  ),
  rule(
    'events/resend-without-callback-location',
    'profile',
    'Endpoints > Consultas',
    "a resend accepted while the app has no inquiry callback configured carries a Location, or none, as the profile's webhooks.resendLocationWithoutCallback says",
    'consultas-resend',
  ),
  rule(
    'conventions/body-other-type-refused',
    'profile',
    'Endpoints > AppNotificaciones',
    "a valid AppWebhookUpsert body labelled with a media type other than application/json or text/json is refused as the profile's bodyTypeRefusal says: 415, or 400 with a validation problem",
    'appnotificaciones-post',
  ),
  rule(
    'conventions/unlisted-media-form-never-served',
    'must',
    'Resources and their fields > Conventions',
    'a media type the Endpoints row does not list for a resource (the reference form of body styles, products, webhooks and the home document) is never served labelled as that type',
  ),
  rule(
    'events/hook-inquiry-location-resolves',
    'profile',
    'Events',
    'GET on the Location the simulation hook gives for an injected inquiry returns that inquiry',
  ),
  rule(
    'events/deleted-topic-not-delivered',
    'must',
    'Events',
    'once a topic is removed (DELETE), an inquiry received is not delivered to the callback it was configured with',
  ),
  rule(
    'events/webhook-signature-valid',
    'profile',
    'Events',
    'when the profile declares webhooks.signature, every delivery the run provokes carries a valid signature of that scheme and secret',
  ),
];
