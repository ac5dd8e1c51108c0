import { inRow, inSection, restated, type Statement } from './statement.ts';

// Resources and their fields > Other resources, and States and transitions.

const other = inSection('Resources and their fields > Other resources');
const states = inSection('States and transitions');
const invitation = inRow('States and transitions', '| Agency invitation |');
const association = inRow('States and transitions', '| Agency association with the app |');

export const RESOURCE_STATEMENTS: Statement[] = [
  other('resources/agencia-forms', 'Agencia (full and reference forms)', ['media/agencias-get/json', 'media/agencias-get/ref', 'media/agencias-list/ref']),
  other('resources/agencia-create-admin-mail', 'AgenciaCreate (request; carries a property named AdminMail, the e-mail address that receives the invitation)', [
    'lifecycle/invitation-location-is-agency',
    'lifecycle/invitation-conflict-409',
    'status/agencias-invite/400',
    'errors/errors-keyed-by-property',
  ]),
  other('resources/productos-full-only', 'AgenciaProductos (package of publications of an agency; full form only)', [
    'media/agencias-productos/json',
    'conventions/unlisted-media-form-never-served',
  ]),
  other('resources/fields-not-shown', 'Fields of these, other than AdminMail: not shown.', ['observe/unknown-members', 'profile/templates-accepted']),
  other('resources/app-webhooks', 'AppWebhooks (list of topics available and configured for the app)', [
    'status/appnotificaciones-list/200',
    'scoping/webhook-config-per-app',
    'appnotificaciones/list-shows-configured',
  ]),
  other('resources/app-webhook', 'AppWebhook (configuration of one topic)', ['appnotificaciones/lifecycle-model', 'status/appnotificaciones-get/200']),
  other('resources/app-webhook-upsert', 'AppWebhookUpsert (request body to create or replace a configuration)', [
    'appnotificaciones/post-201-location',
    'appnotificaciones/put-200',
    'appnotificaciones/lifecycle-model',
    'appnotificaciones/reads-show-callback',
  ]),
  other('resources/city-region', 'Ciudades/Ciudad (city, belonging to a region)', ['catalogo/bestmatch-ciudades']),
  other('resources/reference-forms', 'Reference forms exist for agencies, cities, colors, makes and inquiries.', [
    'media/agencias-*/ref',
    'media/ciudades-*/ref',
    'media/colores-*/ref',
    'media/marcas-list/ref',
    'media/consultas-*/ref',
    'conventions/unlisted-media-form-never-served',
  ]),
  other('resources/catalog-fields-not-shown', 'Fields of these: not shown.', ['observe/list-shape', 'observe/unknown-members']),
  other(
    'resources/enumerations-not-shown',
    'Complete enumerations of OrigenLead, TipoAnuncio, Estado and Interes: not shown beyond the observed values.',
    [],
    'values beyond the observed ones are allowed: only the member types are checked (consultas/consulta-schema)',
  ),
  other(
    'resources/types-not-shown',
    'Types of RefStock, Anticipo, Cuota (in Auto), Adelanto, Telefono, DocIdentidad and QuiereCotizacionSeguro when they carry a value: not shown.',
    [],
    'any JSON value is allowed for these members; only their presence is checked (consultas/consulta-schema)',
  ),

  states(
    'states/no-state-field',
    'No state field is defined on any resource.',
    [],
    "nothing to check: where the invitation state sits is the profile's invitationState.pointer",
  ),
  restated(invitation('states/invitation-trigger', 'POST /v3/agencias', []), 'endpoints/agencias-invite/202'),
  // An invitation still pending registers nothing: only this cell says it is accepted again.
  invitation('states/invitation-condition', 'valid body; the e-mail in AdminMail is not already registered', [
    'lifecycle/invitation-pending-202',
    'lifecycle/registered-invitation-409',
    'status/agencias-invite/400',
    'lifecycle/invitation-invalid-body-400',
    'model/refused-write-unchanged',
  ]),
  restated(invitation('states/invitation-accepted', 'invitation accepted (202)', []), 'endpoints/agencias-invite/202'),
  invitation('states/invitation-email', 'an e-mail is sent to AdminMail', [], 'an e-mail leaves the API: a client cannot observe it'),
  restated(invitation('states/invitation-registration', 'the recipient follows its instructions to register the agency', []), 'events/registration'),
  invitation('states/invitation-location', 'a Location header gives the agency URI', [
    'lifecycle/invitation-location-is-agency',
    'lifecycle/invitation-accepted-202',
  ]),
  invitation('states/invitation-state', 'on which GET or OPTIONS returns the state of the invitation', [
    'lifecycle/invitation-state-get',
    'lifecycle/invitation-state-options',
    'status/agencias-options/200',
    'lifecycle/invitation-state-after-registration',
  ]),
  restated(
    invitation('states/invitation-webhook', 'if the app is subscribed to notifications, a webhook is sent when the user registers', []),
    'events/registration',
  ),
  restated(association('states/desasociar-trigger', 'PATCH /v3/agencias/{adminMail}/desasociar', []), 'endpoints/agencias-desasociar/204'),
  association('states/desasociar-condition', 'the app has permission over the agency', [
    'scoping/foreign-agency-desasociar-403',
    'status/agencias-desasociar/403',
  ]),
  association('states/desasociar-result', 'agency dissociated from the app (204)', [
    'lifecycle/desasociar-204',
    'lifecycle/desasociar-removes-association',
    'model/write-neighbours-unchanged',
  ]),
  association('states/desasociar-keeps-account', 'the agency keeps its own account', ['lifecycle/desasociar-keeps-account']),
  association(
    'states/desasociar-publications',
    'its publications are suspended and the agency may recover them',
    [],
    'publications are not shown: neither their suspension nor their recovery can be observed',
  ),
  states('states/invitation-names-not-shown', 'Names of the states of an invitation, and the transitions between them: not shown.', [
    'observe/invitation-state-values',
  ]),
  states('states/publications-not-shown', 'States of publications: not shown.', [], 'not shown, and publications have no endpoint'),
];
