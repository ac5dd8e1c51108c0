import type { Check } from '../harness/check.ts';
import { agencySegment, freshAdminMail, invite, inviteFresh, registerCheckAgency, registeredAdminMail } from '../harness/invitations.ts';
import { agenciaEditBody, MALFORMED_JSON, notAnEmail } from '../harness/request-inputs.ts';
import { read, type ProvocationTable } from './provocation.ts';

// Endpoints > Agencias, and OPTIONS on the agency URI (States and transitions). Changes act only on agencies
// the run invites (e-mails under the run id) and registers through the simulation hooks.

const fixture = (c: Check) => c.ctx.fixtures.agency;

export const AGENCIAS_PROVOCATIONS: ProvocationTable = {
  'agencias-list/200': { provoke: (c) => read(c, 'agencias-list', {}) },
  // operador "(optional, string, email)": a value that is no e-mail fails validation.
  'agencias-list/400': { provoke: (c) => read(c, 'agencias-list', { query: { operador: notAnEmail(c) } }) },

  'agencias-invite/202': { mutates: true, provoke: async (c) => ({ res: await invite(c, freshAdminMail(c, 'st')) }) },
  // 409: "e-mail already registered" — a registered agency's AdminMail. (An AdminMail only invited is not
  // registered yet: a second invitation may be answered 202 again.)
  'agencias-invite/409': { mutates: true, provoke: async (c) => ({ res: await invite(c, await registeredAdminMail(c)) }) },
  // 400 "validation failed": a body that is no JSON at all, invalid whatever the format rules of AdminMail.
  'agencias-invite/400': { provoke: async (c) => ({ res: await c.send('agencias-invite', { body: MALFORMED_JSON, contentType: 'application/json' }) }) },

  'agencias-get/200': { provoke: (c) => read(c, 'agencias-get', { params: { adminMail: fixture(c) } }) },
  'agencias-get/404': { provoke: (c) => read(c, 'agencias-get', { params: { adminMail: freshAdminMail(c, 'st') } }) },

  'agencias-put/200': {
    mutates: true,
    async provoke(c) {
      const adminMail = await registerCheckAgency(c);
      const res = await c.send('agencias-put', { params: { adminMail }, json: agenciaEditBody(c, adminMail), form: 'json' });
      return { res, form: 'json' };
    },
  },
  'agencias-put/400': {
    provoke: async (c) => ({ res: await c.send('agencias-put', { params: { adminMail: notAnEmail(c) }, json: agenciaEditBody(c, notAnEmail(c)) }) }),
  },
  // Authentication: an agency that does not exist for the app is, on modifying operations, forbidden (403).
  'agencias-put/403': {
    async provoke(c) {
      const adminMail = freshAdminMail(c, 'st');
      return { res: await c.send('agencias-put', { params: { adminMail }, json: agenciaEditBody(c, adminMail) }) };
    },
  },

  'agencias-desasociar/204': {
    mutates: true,
    async provoke(c) {
      const adminMail = await registerCheckAgency(c);
      return { res: await c.send('agencias-desasociar', { params: { adminMail } }) };
    },
  },
  'agencias-desasociar/403': {
    provoke: async (c) => ({ res: await c.send('agencias-desasociar', { params: { adminMail: freshAdminMail(c, 'st') } }) }),
  },

  'agencias-productos/200': { provoke: (c) => read(c, 'agencias-productos', { params: { adminMail: fixture(c) } }) },
  'agencias-productos/404': { provoke: (c) => read(c, 'agencias-productos', { params: { adminMail: freshAdminMail(c, 'st') } }) },
  'agencias-productos/400': { provoke: (c) => read(c, 'agencias-productos', { params: { adminMail: notAnEmail(c) } }) },

  // States and transitions: on the Location of an invitation "GET or OPTIONS returns the state of the invitation".
  'agencias-options/200': {
    mutates: true,
    async provoke(c) {
      const { adminMail, location } = await inviteFresh(c, 'st');
      // The row is OPTIONS on the agency URI: a Location naming something else is lifecycle/invitation-location-is-agency's.
      const segment = agencySegment(location.path);
      c.given(segment?.toLowerCase() === adminMail.toLowerCase(), `a Location naming the agency /v3/agencias/${adminMail}, not ${location.raw}`);
      return { res: await c.sendRaw({ method: 'OPTIONS', path: location.path }) };
    },
  },
};
