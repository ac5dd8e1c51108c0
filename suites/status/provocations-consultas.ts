import { LIMITS } from '../../models/index.ts';
import { tokenOfLength } from '../../generators/text.ts';
import type { Check } from '../harness/check.ts';
import { freshAdminMail } from '../harness/invitations.ts';
import { recentInquirySid } from '../harness/recent-inquiry.ts';
import { fixtureSid, unknownSid } from '../harness/request-inputs.ts';
import { read, type ProvocationTable } from './provocation.ts';

// Endpoints > Consultas, and the home document's 304 (Endpoints > Home; the header is the profile's).

const agency = (c: Check) => c.ctx.fixtures.agency;
/** A yyyy-mm-dd date written dd/mm/yyyy. */
const dayFirst = (date: string) => date.split('-').reverse().join('/');
const shortSid = (c: Check) => tokenOfLength(LIMITS.sid.minLength - 1, `${c.ctx.runId}s`);

export const CONSULTAS_PROVOCATIONS: ProvocationTable = {
  'consultas-list/200': { provoke: (c) => read(c, 'consultas-list', { params: { adminMail: agency(c) } }) },
  'consultas-list/404': { provoke: (c) => read(c, 'consultas-list', { params: { adminMail: freshAdminMail(c, 'st') } }) },
  // Conventions: "Query dates (desde, hasta) are ISO 8601 dates (yyyy-mm-dd)": today written day first is not
  // one. (pagina past 99 is limits/pagina-max-99/past-limit-rejected's.)
  'consultas-list/400': {
    provoke: (c) => read(c, 'consultas-list', { params: { adminMail: agency(c) }, query: { desde: dayFirst(c.ctx.today) } }),
  },

  'consultas-get/200': {
    async provoke(c) {
      const sid = c.ctx.fixtures.inquirySid ?? c.skip('the fixture agency has no inquiry (set fixtures.inquirySid in the profile)');
      return read(c, 'consultas-get', { params: { adminMail: agency(c), sid } });
    },
  },
  'consultas-get/404': { provoke: (c) => read(c, 'consultas-get', { params: { adminMail: agency(c), sid: unknownSid(c) } }) },
  // Limits: sid "20 to 30 characters".
  'consultas-get/400': { provoke: (c) => read(c, 'consultas-get', { params: { adminMail: agency(c), sid: shortSid(c) } }) },

  // A resend of a recent inquiry of the fixture agency: the webhook is sent once more, which is harmless.
  'consultas-resend/202': {
    async provoke(c) {
      const sid = (await recentInquirySid(c)) ?? c.skip('the fixture agency has no inquiry of the last days to resend');
      return { res: await c.send('consultas-resend', { params: { adminMail: agency(c), sid } }) };
    },
  },
  'consultas-resend/403': {
    provoke: async (c) => ({ res: await c.send('consultas-resend', { params: { adminMail: freshAdminMail(c, 'st'), sid: fixtureSid(c) } }) }),
  },
  'consultas-resend/404': {
    provoke: async (c) => ({ res: await c.send('consultas-resend', { params: { adminMail: agency(c), sid: unknownSid(c) } }) }),
  },
  'consultas-resend/400': {
    provoke: async (c) => ({ res: await c.send('consultas-resend', { params: { adminMail: agency(c), sid: shortSid(c) } }) }),
  },

  'home/304': {
    async provoke(c) {
      const first = await c.send('home', { form: 'json' });
      const etag = c.present(first.headers.etag, 'an ETag header to send back', first);
      return { res: await c.send('home', { headers: { [c.ctx.profile.conditionalRequestHeader]: etag } }) };
    },
  },
};
