import { LIMITS } from '../../models/index.ts';
import { callEndpoint } from '../../sut/call.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { hookRegistration } from '../events/hooks.ts';
import { check, type Check } from '../harness/check.ts';
import { requestOf } from '../harness/follow.ts';
import { freshAdminMail, invite, resolveLocation } from '../harness/invitations.ts';
import { agenciaEditBody, editKnown } from '../harness/request-inputs.ts';

// Values survive the round trip (issue 28 §2). Endpoints: "Path parameter adminMail is the e-mail of the agency's
// administrator operator"; AgenciaCreate "carries a property named AdminMail, the e-mail address"; the invitation's
// "Location header gives the agency URI, on which GET … returns the state of the invitation". An e-mail valid by
// RFC 5322 but unusual — upper case, a dot and a plus in the local part — names one agency: invited, it is read at
// its Location's path and at the path the caller spells (percent-encoded, and with + and @ written as they are:
// RFC 3986 lets a path segment hold both, and a + in a path is no space). Non-ASCII text written through each text
// member of the profile's AgenciaEdit is read back as written, in the PUT's answer and by a later GET.

/** Two- and three-byte UTF-8 characters: letters of the region's languages and beyond. */
const NON_ASCII = 'Ñandú São Łódź 東京';

/** What makes the local part unusual besides its upper case: a dot and a plus. */
const UNUSUAL = '.d+t';

/** The e-mail `freshAdminMail` gives, made unusual: upper case first, `.d+t` added to its local part; undefined past 50 characters. */
function unusualMail(c: Check): string | undefined {
  const [local, domain] = freshAdminMail(c, 'rt', UNUSUAL.length).split('@') as [string, string];
  const mail = `${local.charAt(0).toUpperCase()}${local.slice(1)}${UNUSUAL}@${domain}`;
  return mail.length <= LIMITS.adminMail.maxLength ? mail : undefined;
}

/** Every string leaf of a JSON value. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v !== null && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];

const holds = (body: unknown, value: string): boolean => strings(body).some((s) => s.normalize('NFC').includes(value.normalize('NFC')));

/** The path of the agency as a caller writes it by hand: + and @ left as they are. */
const literalPath = (adminMail: string): string => `/v3/agencias/${encodeURIComponent(adminMail).replace(/%2B/g, '+').replace(/%40/g, '@')}`;

/** Registers the invited agency through the hooks, writes non-ASCII text through AgenciaEdit and reads it back. */
async function editRoundTrip(c: Check, adminMail: string): Promise<void> {
  if (!editKnown(c) || !c.ctx.profile.simulationHooks) {
    c.observe('no non-ASCII text written: the profile knows no AgenciaEdit or no simulation hooks to register the agency');
    return;
  }
  // The hook stands for the invited person following the e-mail's instructions (a failing hook skips).
  await hookRegistration(c, adminMail);
  c.defer((client) => callEndpoint(client, 'agencias-desasociar', { params: { adminMail } }));
  const template = agenciaEditBody(c, adminMail);
  // Free-text members: those whose template value holds a letter (a telephone number is left as it is).
  const texts = Object.keys(template).filter((m) => typeof template[m] === 'string' && /\p{L}/u.test(template[m] as string));
  if (texts.length === 0) {
    c.observe("the profile's AgenciaEdit has no text member to write non-ASCII text through");
    return;
  }
  const json = Object.fromEntries(Object.entries(template).map(([k, v]) => [k, texts.includes(k) ? `${v} ${NON_ASCII}` : v]));
  const put = await c.send('agencias-put', { params: { adminMail }, form: 'json', json });
  c.givenStatus(put, 200, 'PUT of the agency with non-ASCII text (see status/agencias-put/200)');
  const read = await c.send('agencias-get', { params: { adminMail }, form: 'json' });
  c.givenStatus(read, 200, 'GET of the agency just edited');
  const answers: [string, TargetResponse][] = [
    ["the PUT's answer", put],
    ['a GET after it', read],
  ];
  for (const m of texts) {
    const value = json[m] as string;
    for (const [what, res] of answers) c.expect(holds(res.json, value), `${what} holding ${m} as written, ${JSON.stringify(value)}`, res);
  }
}

/** Registered by agencias.suite.ts each time the file runs (a module's own top level runs once per session). */
export function registerRoundTripCheck(): void {
  check(
    'agencias/values-round-trip',
    async (c) => {
      const adminMail = unusualMail(c) ?? c.skip('the invitation domain leaves no room under 50 characters for an unusual local part');
      const res = await invite(c, adminMail);
      c.givenStatus(res, 202, `inviting ${adminMail} (see limits/email-format/rfc-forms-accepted)`);
      const location = resolveLocation(c, res) ?? c.skip('the invitation carried no usable Location (see lifecycle/invitation-accepted-202)');
      const byLocation = await c.sendRaw({ method: 'GET', ...requestOf(c, location), form: 'json' });
      c.expectStatus(byLocation, 200, `GET on the Location of the invitation of ${adminMail}`);
      const spelled = await c.send('agencias-get', { params: { adminMail }, form: 'json' });
      c.expectStatus(spelled, 200, `GET of /v3/agencias/{adminMail} as the caller spells it, ${adminMail}, percent-encoded`);
      const literal = await c.sendRaw({ method: 'GET', path: literalPath(adminMail), form: 'json', endpointId: 'agencias-get' });
      c.expectStatus(literal, 200, `GET of ${literalPath(adminMail)}: + and @ as written (a + in a path is no space)`);
      await editRoundTrip(c, adminMail);
    },
    { mutates: true },
  );
}
