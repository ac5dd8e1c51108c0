import { addDays, consultaInput, daysBetween, endpoint, LIMITS, parseOffsetDateTime } from '../../models/index.ts';
import type { TargetResponse } from '../../target/client.ts';
import { check, type Check } from '../harness/check.ts';
import { pairByHref } from '../harness/consulta-match.ts';
import { resolvePointer } from '../harness/json-pointer.ts';
import { firstDifference } from '../harness/json-walk.ts';
import type { PageWalker } from '../harness/pages.ts';

// Endpoints > Consultas: resendwebhook answers "202 with header Location (URI of the webhook callback); the
// body carries the webhook payload that was sent"; "resend applies to a relatively recent inquiry; the exact
// age bound is given under Limits" — not shown there, so the profile's resendMaxAgeDays states it.

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

/** The inquiry's own Consulta and age, read by sid (so a guess from list positions is never trusted). */
async function confirm(c: Check, sid: string): Promise<{ res: TargetResponse; age: number | undefined }> {
  const res = await c.send('consultas-get', { params: { adminMail: c.ctx.fixtures.agency, sid }, form: 'json' });
  c.expectStatus(res, 200, `GET of inquiry ${sid}`);
  const momento = (res.json as { Momento?: unknown } | undefined)?.Momento;
  const at = typeof momento === 'string' ? parseOffsetDateTime(momento) : undefined;
  return { res, age: at ? daysBetween(at.date, c.ctx.today) : undefined };
}

const resend = (c: Check, sid: string) => c.send('consultas-resend', { params: { adminMail: c.ctx.fixtures.agency, sid } });

export function registerResendChecks(walker: PageWalker): void {
  check(
    'limits/resend-recent-only',
    async (c: Check) => {
      const bound = c.ctx.profile.resendMaxAgeDays;
      if (bound === undefined) c.skip('the profile states no resendMaxAgeDays');
      const dated = await datedInquiries(c, walker);
      const old = dated.filter((d) => d.age >= bound + MARGIN_DAYS).sort((a, b) => b.age - a.age)[0];
      const recent = dated.filter((d) => d.age <= bound - MARGIN_DAYS).sort((a, b) => a.age - b.age)[0];
      if (!old || !recent) c.skip(`the fixture agency needs an inquiry older than ${bound + MARGIN_DAYS} days and one newer than ${bound - MARGIN_DAYS} days`);
      for (const [d, isOld] of [[old, true], [recent, false]] as const) {
        const { res, age } = await confirm(c, d.sid);
        if (age === undefined || (isOld ? age < bound + MARGIN_DAYS : age > bound - MARGIN_DAYS)) {
          c.fail(`inquiry ${d.sid} to be ${isOld ? 'old' : 'recent'} as its list entry says (age ${d.age} days), but it reads ${age} days`, res);
        }
      }
      const refused = endpoint('consultas-resend').others.map((o) => o.status);
      const oldRes = await resend(c, old.sid);
      c.expectStatus(oldRes, refused, `resend of an inquiry ${old.age} days old (bound ${bound}) refused with a documented code`);
      const recentRes = await resend(c, recent.sid);
      c.expectStatus(recentRes, endpoint('consultas-resend').success.status, `resend of an inquiry ${recent.age} days old (bound ${bound})`);
    },
    { mutates: true },
  );

  check(
    'events/resend-returns-payload',
    async (c: Check) => {
      const dated = await datedInquiries(c, walker);
      const newest = dated.sort((a, b) => a.age - b.age)[0];
      if (!newest) c.skip("the fixture agency's list has no inquiry to resend");
      const { res: got } = await confirm(c, newest.sid);
      const res = await resend(c, newest.sid);
      c.expectStatus(res, endpoint('consultas-resend').success.status, `resend of the newest inquiry (${newest.age} days old)`);
      c.expect((res.headers.location ?? '') !== '', 'a Location header (URI of the webhook callback)', res);
      const body = res.json;
      const empty = body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0);
      c.expect(!empty, `a JSON body carrying the webhook payload${res.jsonError ? ` (not JSON: ${res.jsonError})` : ''}`, res);
      // Where the Consulta sits in the payload is not shown: the profile's webhooks.consultaPointer says.
      const pointer = c.ctx.profile.webhooks.consultaPointer;
      const sent = c.present(resolvePointer(body, pointer), `a Consulta at the profile's consultaPointer ${JSON.stringify(pointer)}`, res);
      const parsed = consultaInput('loose').safeParse(sent);
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      if (issue) c.fail(`a Consulta at ${JSON.stringify(pointer)}, but ${issue.path.join('.') || '(value)'}: ${issue.message}`, res);
      const diff = firstDifference(sent, got.json, ['_links']);
      c.expect(diff === undefined, `the payload's Consulta equal to the inquiry read by sid; first difference at ${diff}`, res);
    },
    { mutates: true },
  );
}
