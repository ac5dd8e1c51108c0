import { LIMITS } from '../../models/index.ts';
import { tokenOfLength } from '../../generators/text.ts';
import type { Check } from '../harness/check.ts';
import { homeEtag } from '../harness/home-etag.ts';
import { freshAdminMail } from '../harness/invitations.ts';
import { resendableSid } from '../harness/recent-inquiry.ts';
import { conditionalHeader } from '../harness/conditional.ts';
import { fixtureSid, unknownSid } from '../harness/request-inputs.ts';
import { acceptingCallback, refusingCallback, requireCapture, sendAcceptedResend, skipIfUnprepared } from '../harness/resend-setup.ts';
import { read, type ProvocationTable, type Provoked, type StatusContext } from './provocation.ts';

// Endpoints > Consultas, and the home document's 304 (Endpoints > Home; the header is the profile's).

const agency = (c: Check) => c.ctx.fixtures.agency;
/** A yyyy-mm-dd date written dd/mm/yyyy. */
const dayFirst = (date: string) => date.split('-').reverse().join('/');
const shortSid = (c: Check) => tokenOfLength(LIMITS.sid.minLength - 1, `${c.ctx.runId}s`);
const STATUS_RESEND = 'status-resend';

/** A resend that must be refused with 403 or 404: a 400 while the callback could not be configured is skipped. */
async function refusedResend(c: Check, { session }: StatusContext, params: { adminMail: string; sid: string }): Promise<Provoked> {
  const unprepared = await refusingCallback(c, session);
  const res = await c.send('consultas-resend', { params });
  skipIfUnprepared(c, unprepared, res);
  return { res };
}

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
      const sid = c.needs('inquirySid');
      return read(c, 'consultas-get', { params: { adminMail: agency(c), sid } });
    },
  },
  'consultas-get/404': { provoke: (c) => read(c, 'consultas-get', { params: { adminMail: agency(c), sid: unknownSid(c) } }) },
  // Limits: sid "20 to 30 characters".
  'consultas-get/400': { provoke: (c) => read(c, 'consultas-get', { params: { adminMail: agency(c), sid: shortSid(c) } }) },

  // A resend of a recent inquiry of the fixture agency, its inquiry topic pointed at the run's capture server
  // first (without a callback a refusal would be right), judged as the row states it (resend-setup.ts).
  'consultas-resend/202': {
    mutates: true,
    async provoke(c, { session }) {
      requireCapture(c, session);
      const sid = await resendableSid(c);
      const url = await acceptingCallback(c, session, STATUS_RESEND);
      const what = `resend of the recent inquiry ${sid}`;
      return { res: (await sendAcceptedResend(c, session, { adminMail: agency(c), sid, url, name: STATUS_RESEND, what })).res };
    },
  },
  // The refusals, with the inquiry topic configured so that none of them can be the one for a missing callback.
  'consultas-resend/403': {
    provoke: (c, s) => refusedResend(c, s, { adminMail: freshAdminMail(c, 'st'), sid: fixtureSid(c) }),
  },
  'consultas-resend/404': {
    provoke: (c, s) => refusedResend(c, s, { adminMail: agency(c), sid: unknownSid(c) }),
  },
  'consultas-resend/400': {
    provoke: async (c) => ({ res: await c.send('consultas-resend', { params: { adminMail: agency(c), sid: shortSid(c) } }) }),
  },

  'home/304': {
    async provoke(c) {
      const etag = await homeEtag(c);
      // The same media type as the first request: each may have its own ETag, and no default is shown.
      return { res: await c.send('home', { form: 'json', headers: { [conditionalHeader(c)]: etag } }) };
    },
  },
};
