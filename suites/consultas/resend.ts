import { addDays, consultaInput, daysBetween, endpoint, firstDifference, LIMITS, parseOffsetDateTime } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { check, type Check } from '../harness/check.ts';
import { pairByHref } from '../harness/consulta-match.ts';
import { consultaIn, pointerText } from '../../sut/json-pointer.ts';
import { LINKS_ANYWHERE } from '../harness/json-walk.ts';
import type { PageWalker } from '../harness/pages.ts';
import { injectedInquirySid, resendableSid } from '../harness/recent-inquiry.ts';
import { acceptingCallback, requireCapture, sendAcceptedResend, type ResendAspect } from '../harness/resend-setup.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';

// Endpoints > Consultas: resendwebhook answers "202 with header Location (URI of the webhook callback); the
// body carries the webhook payload that was sent"; "resend applies to a relatively recent inquiry; the exact
// age bound is given under Limits" — not shown there, so the profile's resendMaxAgeDays states it. Every
// resend here is sent with the app's inquiry topic pointing at the run's capture server (resend-setup.ts), on
// an inquiry the check knows to be recent or old (read by sid, or made through the simulation hooks).

/** Days kept clear of the bound on either side, so the target's clock and ours need not agree to the hour. */
const MARGIN_DAYS = 2;

interface Dated {
  sid: string;
  /** Days between the inquiry's reception date and today. */
  age: number;
}

/**
 * The inquiries of the fixture agency over the longest period desde allows (less a day, so the clocks of the
 * target and the run need not agree on the hour), with their ages.
 */
async function datedInquiries(c: Check, walker: PageWalker): Promise<Dated[]> {
  const adminMail = c.ctx.fixtures.agency;
  const query = { desde: addDays(c.ctx.today, -LIMITS.desde.minDaysBeforeToday + 1) };
  const full = await walker.walk(c, { adminMail, form: 'json', query });
  const ref = await walker.walk(c, { adminMail, form: 'ref', query });
  // The full entry linking to the ref href, else the one at the same position: either is confirmed by sid below.
  return pairByHref(full, ref).flatMap((p) => {
    const momento = (p.byHref ?? full.entries[p.index]) as { Momento?: unknown } | undefined;
    const at = typeof momento?.Momento === 'string' ? parseOffsetDateTime(momento.Momento) : undefined;
    return at ? [{ sid: p.sid, age: daysBetween(at.date, c.ctx.today) }] : [];
  });
}

/** The inquiry's own Consulta and age, read by sid (so a guess from list positions is never trusted): a precondition. */
async function confirm(c: Check, sid: string): Promise<{ res: TargetResponse; age: number | undefined }> {
  const res = await c.send('consultas-get', { params: { adminMail: c.ctx.fixtures.agency, sid }, form: 'json' });
  c.givenStatus(res, 200, `GET of inquiry ${sid}`);
  const momento = (res.json as { Momento?: unknown } | undefined)?.Momento;
  const at = typeof momento === 'string' ? parseOffsetDateTime(momento) : undefined;
  return { res, age: at ? daysBetween(at.date, c.ctx.today) : undefined };
}

/** A recent inquiry, the inquiry topic pointed at the capture server, and the resend judged on `aspects`. */
async function acceptedResend(c: Check, session: WebhookSession, name: string, aspects?: readonly ResendAspect[]) {
  requireCapture(c, session);
  // The inquiry first: one made now is delivered at once, and that delivery must not pass for the resend's.
  const sid = await resendableSid(c);
  const url = await acceptingCallback(c, session, name);
  const { res } = await sendAcceptedResend(
    c,
    session,
    { adminMail: c.ctx.fixtures.agency, sid, url, name, what: `resend of the recent inquiry ${sid}` },
    aspects,
  );
  return { sid, res };
}

export function registerResendChecks(walker: PageWalker, session: WebhookSession): void {
  check(
    'limits/resend-recent-only',
    async (c: Check) => {
      const bound = c.ctx.profile.resendMaxAgeDays;
      if (bound === undefined) c.skip('the profile states no resendMaxAgeDays');
      requireCapture(c, session);
      const dated = await datedInquiries(c, walker);
      const oldAge = bound + MARGIN_DAYS;
      const old =
        dated.filter((d) => d.age >= oldAge).sort((a, b) => b.age - a.age)[0]?.sid ??
        (await injectedInquirySid(c, oldAge + 1, `the fixture agency has no inquiry older than ${oldAge} days`));
      const recent =
        dated.filter((d) => d.age <= bound - MARGIN_DAYS).sort((a, b) => a.age - b.age)[0]?.sid ??
        (await injectedInquirySid(c, 0, `the fixture agency has no inquiry newer than ${bound - MARGIN_DAYS} days`));
      const ages: Record<string, number> = {};
      for (const [sid, isOld] of [
        [old, true],
        [recent, false],
      ] as const) {
        const { res, age } = await confirm(c, sid);
        c.given(
          age !== undefined && (isOld ? age >= oldAge : age <= bound - MARGIN_DAYS),
          `inquiry ${sid} to be ${isOld ? `at least ${oldAge}` : `at most ${bound - MARGIN_DAYS}`} days old (it reads ${age} days)`,
          res,
        );
        ages[sid] = age!;
      }
      // Configured after any inquiry was made, so a delivery of that making cannot pass for the resend's.
      const url = await acceptingCallback(c, session, 'limits-resend');
      const refused = endpoint('consultas-resend').others.map((o) => o.status);
      const oldRes = await c.send('consultas-resend', { params: { adminMail: c.ctx.fixtures.agency, sid: old } });
      c.expectStatus(oldRes, refused, `resend of an inquiry ${ages[old]} days old (bound ${bound}), its callback configured, refused with a documented code`);
      const what = `resend of an inquiry ${ages[recent]} days old (bound ${bound})`;
      await sendAcceptedResend(c, session, { adminMail: c.ctx.fixtures.agency, sid: recent, url, name: 'limits-resend', what });
    },
    { mutates: true },
  );

  check(
    'events/resend-returns-payload',
    async (c: Check) => {
      const { sid, res } = await acceptedResend(c, session, 'consultas-resend-payload', ['payload']);
      const { res: got } = await confirm(c, sid);
      // Where the Consulta sits in the payload is not shown: the profile's webhooks.consultaPointer says.
      const pointer = c.ctx.profile.webhooks.consultaPointer;
      const same = (v: unknown) => firstDifference(v, got.json, LINKS_ANYWHERE) === undefined;
      const sent = c.present(consultaIn(res.json, pointer, same), `a Consulta ${pointerText(pointer)}`, res);
      const parsed = consultaInput('loose').safeParse(sent);
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      if (issue) c.fail(`a Consulta ${pointerText(pointer)}, but ${issue.path.join('.') || '(value)'}: ${issue.message}`, res);
      const diff = firstDifference(sent, got.json, LINKS_ANYWHERE);
      c.expect(diff === undefined, `the payload's Consulta equal to the inquiry read by sid; first difference at ${diff}`, res);
    },
    { mutates: true },
  );

  check(
    'events/resend-without-callback-location',
    async (c: Check) => {
      // That 202's "Location (URI of the webhook callback)" names no callback: the profile says whether one is sent.
      const { resendWithoutCallback, resendLocationWithoutCallback: choice } = c.ctx.profile.webhooks;
      if (resendWithoutCallback === 'refuse') c.skip('the profile\'s webhooks.resendWithoutCallback is "refuse": no resend is accepted without a callback');
      if (choice === null) c.skip("the profile's webhooks.resendLocationWithoutCallback is not known");
      const sid = await resendableSid(c);
      const topic = c.ctx.profile.topics.inquiry;
      await session.guard('primary', topic);
      const removed = await c.send('appnotificaciones-delete', { params: { topic } });
      c.givenStatus(removed, [204, 404], `removing the primary app's '${topic}' configuration (saved first, put back afterwards)`);
      const res = await c.send('consultas-resend', { params: { adminMail: c.ctx.fixtures.agency, sid } });
      c.givenStatus(res, 202, `resend of the recent inquiry ${sid} with no inquiry callback configured (webhooks.resendWithoutCallback "accept")`);
      const location = res.headers.location;
      const what = `(the profile's webhooks.resendLocationWithoutCallback: ${choice}), with no inquiry callback configured`;
      if (choice === 'absent') c.expect(location === undefined || location === '', `no Location ${what}, not ${location}`, res);
      else
        c.expect(
          location !== undefined && location !== '' && URL.canParse(location, c.ctx.baseUrl),
          `a Location, a URI reference ${what}, not ${location ?? 'none'}`,
          res,
        );
    },
    { mutates: true },
  );

  check(
    'events/resend-location-is-callback',
    async (c: Check) => {
      await acceptedResend(c, session, 'consultas-resend-location', ['location']);
    },
    { mutates: true },
  );
}
