import { LIMITS, endpoint } from '../models/index.ts';
import { emailOfLength } from '../generators/text.ts';
import { nonAscii } from '../generators/value-classes.ts';
import { check, type Check } from './harness/check.ts';
import { acceptanceStatuses } from './harness/expectations.ts';
import { invite } from './harness/invitations.ts';
import { tryHookRegistration } from './events/hooks.ts';
import { callEndpoint } from '../sut/call.ts';
import { firstForm } from './harness/request-inputs.ts';
import { LIMIT_RULES_CHECKED } from './limits/limit-rules.ts';
import { callWith, runLimitRule } from './limits/limit-run.ts';
import { describeReadings } from './limits/bound-readings.ts';
import { webhookSession } from './harness/webhook-session.ts';

// Limits: both sides of every boundary, each rule over every endpoint whose parameters carry it — a
// deterministic boundary phase, then a fast-check phase (issue 4). consultas/list/per-pagina-* and
// limits/resend-recent-only are checked by the consultas and events suites.

// Resend's inquiry topic is configured before its limits are probed (limit-run.ts), and restored in afterAll.
const session = webhookSession();

const AT_LIMIT_MAIL = `limits/admin-mail-max-${LIMITS.adminMail.maxLength}/at-limit-accepted`;
const DESDE_RULES = new Set(
  ['at-limit-accepted', 'past-limit-rejected'].map((side) => `limits/desde-min-today-minus-${LIMITS.desde.minDaysBeforeToday}/${side}`),
);

/** Reads that name an agency: for an agency that exists they answer their success code. */
const AGENCY_READS = ['agencias-get', 'agencias-productos', 'consultas-list'];

/**
 * On reads whose only refusal is 404, "accepted" and "refused" look alike for an agency that does not exist.
 * So, when the target lets the run create agencies, one whose adminMail has exactly the maximum length is
 * invited and registered, and every read of it must succeed.
 */
async function readsOfLongestAgency(c: Check): Promise<void> {
  if (c.ctx.readOnly || c.ctx.profile.simulationHooks === null) {
    c.observe('no agency with an adminMail at the limit was created (read-only run or no simulation hooks)');
    return;
  }
  const adminMail = emailOfLength(LIMITS.adminMail.maxLength, c.ctx.profile.invitationDomain, `${c.ctx.runId}-`);
  const invited = await invite(c, adminMail);
  const registered = invited.status === 202 ? await tryHookRegistration(c, adminMail) : undefined;
  // Safety: the agency served these reads only; it is dissociated again when the check ends.
  if (registered?.done) c.defer((client) => callEndpoint(client, 'agencias-desasociar', { params: { adminMail } }));
  if (!registered?.done) {
    // AdminMail limits in AgenciaCreate are not shown: a target may refuse to invite one this long.
    const how = registered ? (registered.done ? 'done' : `not done: expected ${registered.problem}`) : 'not tried';
    c.observe(`an agency ${adminMail} could not be created (invitation ${invited.status}, registration ${how})`);
    return;
  }
  for (const id of AGENCY_READS) {
    const e = endpoint(id);
    const form = firstForm(e);
    const res = await c.send(id, { params: { adminMail }, ...(form ? { form } : {}) });
    c.expectStatus(res, e.success.status, `the agency ${adminMail} (${adminMail.length} characters) that the run created`);
  }
}

/** Reads that name an agency and document 400: where "accepted" (404 for an agency nobody has) shows. */
const REFUSING_READS = ['agencias-productos', 'consultas-list', 'consultas-get'];

/**
 * Limits: adminMail is "at most 50 characters" — characters, not UTF-8 octets. Whether a non-ASCII address is an
 * e-mail (RFC 6531) the spec leaves open, so only where the target takes a short one does the length tell: an
 * address of exactly 50 non-ASCII-heavy characters (more octets than that) must be taken too.
 */
async function nonAsciiAtLimit(c: Check): Promise<void> {
  const domain = c.ctx.profile.invitationDomain;
  const local = LIMITS.adminMail.maxLength - domain.length - 1;
  if (local < 2) return;
  for (const id of REFUSING_READS) {
    const e = endpoint(id);
    const target = { e, p: e.params.find((p) => p.name === 'adminMail')! };
    const probe = await c.send(id, callWith(c, target, `${nonAscii(2)}@${domain}`));
    if (probe.status === 400 || probe.status === undefined) {
      c.observe(`${id}: a short non-ASCII adminMail answered ${probe.status ?? 'nothing'}: lengths in characters not told apart from octets there`);
      continue;
    }
    const atLimit = `${nonAscii(local)}@${domain}`;
    const res = await c.send(id, callWith(c, target, atLimit));
    c.expectStatus(
      res,
      acceptanceStatuses(e),
      `accepted as the short non-ASCII one was: ${atLimit.length} characters (${new TextEncoder().encode(atLimit).length} octets)`,
    );
  }
}

for (const rule of LIMIT_RULES_CHECKED) {
  check(rule.id, async (c) => {
    await runLimitRule(c, rule, session);
    if (rule.id === AT_LIMIT_MAIL) {
      await readsOfLongestAgency(c);
      await nonAsciiAtLimit(c);
    }
    if (DESDE_RULES.has(rule.id)) {
      c.observe(describeReadings(LIMITS.desde.minDaysBeforeToday, c.ctx.today, c.ctx.profile.timeZone, c.ctx.profile.today !== undefined));
    }
  });
}
