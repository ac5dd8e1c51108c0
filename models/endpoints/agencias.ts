import type { Endpoint } from '../endpoint.ts';
import { ALL_FORMS, FULL_FORMS, adminMailPath, badRequest, conflict, forbidden, location, noContent, notFound, success } from './parts.ts';

const section = 'Endpoints > Agencias';
const agencyNotFound = notFound('agency does not exist for the app');

export const agencias: Endpoint[] = [
  {
    id: 'agencias-list',
    method: 'GET',
    path: '/v3/agencias',
    section,
    summary: "list the app's agencies",
    params: [{ name: 'operador', in: 'query', type: 'string', format: 'email', required: false, description: "e-mail of one of the agency's operators" }],
    success: success(200, 'list of Agencias', 'Agencias', ALL_FORMS),
    others: [badRequest()],
    scoping: 'app',
  },
  {
    id: 'agencias-invite',
    method: 'POST',
    path: '/v3/agencias',
    section,
    summary: 'invite an agency to register',
    params: [],
    body: { model: 'AgenciaCreate', mediaTypes: ['json', 'textJson'] },
    success: noContent(202, 'invitation accepted', [location('URI of the agency')]),
    others: [conflict('e-mail already registered; the administrator must contact customer support'), badRequest()],
    scoping: 'app',
  },
  {
    id: 'agencias-get',
    method: 'GET',
    path: '/v3/agencias/{adminMail}',
    section,
    summary: 'read an agency',
    params: [adminMailPath],
    success: success(200, 'Agencia', 'Agencia', ALL_FORMS),
    others: [agencyNotFound],
    scoping: 'agency-read',
  },
  {
    id: 'agencias-put',
    method: 'PUT',
    path: '/v3/agencias/{adminMail}',
    section,
    summary: "modify an agency's data",
    params: [adminMailPath],
    body: { model: 'AgenciaEdit', mediaTypes: ['json', 'textJson'] },
    success: success(200, 'Agencia', 'Agencia', ALL_FORMS),
    others: [badRequest(), forbidden('agency does not exist for the app, or the app has no permission over it')],
    scoping: 'agency-modify',
  },
  {
    id: 'agencias-desasociar',
    method: 'PATCH',
    path: '/v3/agencias/{adminMail}/desasociar',
    section,
    summary: 'dissociate the agency from the app',
    params: [adminMailPath],
    success: noContent(204, 'agency dissociated from the app'),
    others: [forbidden('the app has no permission over the agency')],
    scoping: 'agency-modify',
  },
  {
    id: 'agencias-productos',
    method: 'GET',
    path: '/v3/agencias/{adminMail}/productos',
    section,
    summary: "read the agency's publication package",
    params: [adminMailPath],
    success: success(200, 'AgenciaProductos', 'AgenciaProductos', FULL_FORMS),
    others: [agencyNotFound, badRequest()],
    scoping: 'agency-read',
  },
];

/**
 * States and transitions: on the Location of an invitation "GET or OPTIONS returns the state of the
 * invitation". Not a row of the Endpoints tables, so its status, media types and body are not shown.
 */
export const agencyOptions: Endpoint = {
  id: 'agencias-options',
  method: 'OPTIONS',
  path: '/v3/agencias/{adminMail}',
  section: 'States and transitions',
  summary: 'read the state of an invitation',
  params: [adminMailPath],
  success: { ...success(200, 'state of the invitation', 'InvitationState', undefined), source: 'not-shown' },
  others: [],
  othersNotShown: true,
  scoping: 'agency-read',
};
