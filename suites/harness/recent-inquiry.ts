import { addDays, listEntries, parseOffsetDateTime } from '../../models/index.ts';
import { lastSegment } from '../../target/discovery.ts';
import type { Check } from './check.ts';

// Limits: "Inquiry resend applies to relatively recent inquiries only" (the bound is the profile's
// resendMaxAgeDays, or not shown). The newest inquiry of the fixture agency's last few days is recent under
// any bound: the full form of a page gives each entry's Momento, the reference form of the same page its sid.

const RECENT_DAYS = 7;

/** The sid of the fixture agency's newest inquiry of the last days; undefined when it has none. */
export async function recentInquirySid(c: Check): Promise<string | undefined> {
  const bound = c.ctx.profile.resendMaxAgeDays;
  const days = Math.max(0, Math.min(RECENT_DAYS, bound !== undefined ? bound - 1 : RECENT_DAYS));
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
  return newest?.sid;
}
