import { addDays, daysBetween, listEntries, parseOffsetDateTime } from '../../models/index.ts';
import { lastSegment } from '../../sut/discovery.ts';
import { freshInquiry, tryHookInquiry } from '../events/hooks.ts';
import type { Check } from './check.ts';
import { describeResponse } from './describe.ts';

// Limits: "Inquiry resend applies to relatively recent inquiries only" (the bound is the profile's
// resendMaxAgeDays, or not shown). An inquiry of the fixture agency's last few days is recent under any bound;
// when the agency has none, the run makes one through the simulation hooks (received now). A resend check never
// assumes the fixture agency holds a recent inquiry.

const RECENT_DAYS = 7;
const DAY_MS = 86_400_000;

/** How many days old an inquiry may be and still count as recent: a week, or less under a tighter bound. */
export function recentDays(c: Check): number {
  const bound = c.ctx.profile.resendMaxAgeDays;
  return Math.max(0, Math.min(RECENT_DAYS, bound !== undefined ? bound - 1 : RECENT_DAYS));
}

/** Days between the reception of the inquiry read by sid and the target's today; undefined when unreadable. */
async function ageOf(c: Check, sid: string): Promise<number | undefined> {
  const res = await c.send('consultas-get', { params: { adminMail: c.ctx.fixtures.agency, sid }, form: 'json' });
  const momento = res.status === 200 ? (res.json as { Momento?: unknown } | undefined)?.Momento : undefined;
  const at = typeof momento === 'string' ? parseOffsetDateTime(momento) : undefined;
  return at ? daysBetween(at.date, c.ctx.today) : undefined;
}

/** The sid of the fixture agency's newest inquiry of the last days, confirmed by sid; undefined when it has none. */
export async function recentInquirySid(c: Check): Promise<string | undefined> {
  const days = recentDays(c);
  const call = { params: { adminMail: c.ctx.fixtures.agency }, query: { desde: addDays(c.ctx.today, -days) } };
  const full = await c.send('consultas-list', { ...call, form: 'json' });
  const ref = await c.send('consultas-list', { ...call, form: 'ref' });
  const entries = listEntries(full.json) ?? [];
  const links = listEntries(ref.json) ?? [];
  let newest: { sid: string; at: number } | undefined;
  entries.forEach((entry, i) => {
    const momento = (entry as { Momento?: unknown } | null)?.Momento;
    const href = (links[i] as { href?: unknown } | null | undefined)?.href;
    const at = typeof momento === 'string' ? parseOffsetDateTime(momento)?.epochMs : undefined;
    if (at === undefined || typeof href !== 'string') return;
    if (!newest || at > newest.at) newest = { sid: lastSegment(href), at };
  });
  if (!newest) return undefined;
  // The two forms were paired by position, whose order is not shown: the inquiry's own Momento decides.
  const age = await ageOf(c, newest.sid);
  return age !== undefined && age <= days ? newest.sid : undefined;
}

/**
 * Makes an inquiry of the fixture agency received `daysAgo` days ago through the simulation hooks and gives its
 * sid; skips (with `why`) when the profile has no hooks or the hook refuses.
 */
export async function injectedInquirySid(c: Check, daysAgo: number, why: string): Promise<string> {
  if (c.ctx.profile.simulationHooks === null) c.skip(`${why}, and the profile declares no simulation hooks to make one`);
  const made = await tryHookInquiry(c, c.ctx.fixtures.agency, freshInquiry(c, Date.now() - daysAgo * DAY_MS));
  if (!made.done) c.skip(`${why}, and the hooks made none (expected ${made.problem}; got ${describeResponse(made.res)})`);
  return made.sid!;
}

/** A sid a resend applies to: the fixture agency's newest inquiry of the last days, else one made now. */
export async function resendableSid(c: Check): Promise<string> {
  return (await recentInquirySid(c)) ?? injectedInquirySid(c, 0, `the fixture agency has no inquiry of the last ${recentDays(c)} days to resend`);
}
