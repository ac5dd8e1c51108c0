import type { Endpoint } from '../endpoint.ts';
import { LIMITS } from '../limits.ts';
import { ALL_FORMS, adminMailPath, badRequest, forbidden, location, notFound, sidPath } from './parts.ts';

const section = 'Endpoints > Consultas';

/**
 * Between Marcas and Consultas the spec says "Any further paths, methods or response codes after this point in
 * the interface: not shown": the Consultas rows list their codes, but codes beyond them are not excluded.
 */
const FURTHER_CODES_NOT_SHOWN = true;

export const consultas: Endpoint[] = [
  {
    id: 'consultas-list',
    method: 'GET',
    path: '/v3/consultas/{adminMail}',
    section,
    summary: "page through an agency's inquiries",
    params: [
      { ...adminMailPath, description: `${adminMailPath.description}; the description also says it is optional when operador is given` },
      { name: 'operador', in: 'query', type: 'string', format: 'email', required: false, description: 'only inquiries visible to that collaborator' },
      { name: 'externalid', in: 'query', type: 'string', required: false, description: 'external id of a publication' },
      { name: 'desde', in: 'query', type: 'date', required: false, minDaysBeforeToday: LIMITS.desde.minDaysBeforeToday, description: 'first day of reception' },
      { name: 'hasta', in: 'query', type: 'date', required: false, description: 'last day of reception' },
      { name: 'pagina', in: 'query', type: 'integer', format: 'int32', required: false, maximum: LIMITS.pagina.maximum, description: 'page number' },
    ],
    success: {
      status: 200,
      meaning: 'paged list of Consulta, or of link objects (ref)',
      body: 'representation',
      source: 'row',
      representation: 'ConsultaPage',
      mediaTypes: ALL_FORMS,
      headers: [],
    },
    others: [notFound('agency does not exist for the app'), badRequest()],
    othersNotShown: FURTHER_CODES_NOT_SHOWN,
    scoping: 'agency-read',
  },
  {
    id: 'consultas-get',
    method: 'GET',
    path: '/v3/consultas/{adminMail}/{sid}',
    section,
    summary: 'read one inquiry',
    params: [adminMailPath, sidPath],
    success: {
      status: 200,
      meaning: 'Consulta, or link object (ref)',
      body: 'representation',
      source: 'row',
      representation: 'Consulta',
      mediaTypes: ALL_FORMS,
      headers: [],
    },
    others: [notFound('for the app the agency or the inquiry does not exist'), badRequest()],
    othersNotShown: FURTHER_CODES_NOT_SHOWN,
    scoping: 'agency-read',
  },
  {
    id: 'consultas-resend',
    method: 'POST',
    path: '/v3/consultas/{adminMail}/{sid}/resendwebhook',
    section,
    summary: 'send the webhook of one inquiry again',
    params: [adminMailPath, sidPath],
    success: {
      status: 202,
      meaning: 'the body carries the webhook payload that was sent',
      body: 'webhook-payload',
      source: 'row',
      headers: [location('URI of the webhook callback')],
    },
    others: [forbidden('agency does not exist for the app'), notFound('inquiry does not exist for the app'), badRequest()],
    othersNotShown: FURTHER_CODES_NOT_SHOWN,
    scoping: 'agency-modify',
  },
];
