import { addDays, daysBetween, dateIn, listEntries, parseOffsetDateTime, todayIn } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import { hrefsWithin, templateParams } from '../hrefs.ts';
import { pointTopic } from './deliveries.ts';
import { found, hint, objectBody, outcome, type Inferrer, type Probe } from './probe.ts';

// Limits: resend "applies to relatively recent inquiries only"; "the exact age bound for resending: not shown".
// The fixture agency's inquiries, by age in days (in the target's zone), bisected: the oldest one a resend
// accepts (202) and the youngest it refuses (400) bound it. The inquiry topic is configured (webhooks.ts put it
// at this probing's callback, so each resend reaches only us), and put back afterwards.

const MAX_PAGES = 10;

/**
 * Each inquiry's sid with its age in days, youngest first, one per age: over the longest window a list allows
 * (desde "not earlier than today minus 90 days"), since a bound may lie beyond the target's default period.
 */
async function inquiriesByAge(p: Probe, agency: string, zone: string): Promise<{ desde: string; all: { sid: string; age: number }[] }> {
  const today = p.known.today ?? todayIn(zone);
  const list = (desde: string, pagina: number) =>
    callEndpoint(p.client, 'consultas-list', { params: { adminMail: agency }, query: { desde, pagina }, form: 'json' });
  // A target whose today is behind ours refuses the first day: a day later then.
  const desde = (await list(addDays(today, -90), 1)).status === 400 ? addDays(today, -89) : addDays(today, -90);
  const byAge = new Map<number, string>();
  for (let pagina = 1; pagina <= MAX_PAGES; pagina++) {
    const res = await list(desde, pagina);
    const entries = listEntries(res.json) ?? [];
    for (const e of entries) {
      const momento = parseOffsetDateTime(String(objectBody(e)?.Momento ?? ''));
      const sid = hrefsWithin(e).flatMap((h) => templateParams(h, 'consultas-get')?.sid ?? [])[0];
      if (momento && sid) {
        const age = daysBetween(dateIn(momento.epochMs, zone), today);
        if (!byAge.has(age)) byAge.set(age, sid);
      }
    }
    if (res.status !== 200 || entries.length === 0) break;
  }
  return { desde, all: [...byAge].sort(([a], [b]) => a - b).map(([age, sid]) => ({ age, sid })) };
}

export const resendAgeInferrer: Inferrer = {
  name: 'resend age bound',
  keys: ['resendMaxAgeDays'],
  async infer(p) {
    const agency = p.fixtures.agency;
    const zone = p.known.timeZone;
    const inquiry = p.known.topics?.inquiry;
    const template = p.known.templates?.webhookUpsert;
    // Each resend sends a webhook: only while the inquiry topic calls this probing's callback, never a user's.
    if (!p.readOnly && inquiry !== undefined && template !== undefined && !p.changes.isPointed(inquiry)) {
      p.changes.useTemplate(template);
      await pointTopic(p, inquiry, template, 'resend');
    }
    if (p.readOnly || agency === undefined || zone === undefined || inquiry === undefined || !p.receiver || !p.changes.isPointed(inquiry)) {
      const why = p.readOnly
        ? '--read-only resends nothing'
        : agency === undefined
          ? 'no agency of the primary app is known'
          : !p.receiver
            ? (p.receiverWhy ?? 'no callback reaches this machine')
            : inquiry !== undefined && zone !== undefined
              ? `the inquiry topic '${inquiry}' is not pointed at this probing's callback, so no webhook is triggered`
              : 'the inquiry topic or time zone is not known';
      return outcome([], [hint('resendMaxAgeDays', `${why}; see the target's documentation (left out, the checks of the bound skip)`)]);
    }
    const { desde, all } = await inquiriesByAge(p, agency, zone);
    const accepts = async (i: number) => (await callEndpoint(p.client, 'consultas-resend', { params: { adminMail: agency, sid: all[i]!.sid } })).status === 202;
    if (all.length === 0 || !(await accepts(0)))
      return outcome([], [hint('resendMaxAgeDays', `no inquiry of ${agency} is resent (202); see the target's documentation`)]);
    if (await accepts(all.length - 1))
      return outcome([], [hint('resendMaxAgeDays', `every inquiry of ${agency} up to ${all.at(-1)!.age} days old (since ${desde}) is resent: no bound seen`)]);
    let [lo, hi] = [0, all.length - 1];
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (await accepts(mid)) lo = mid;
      else hi = mid;
    }
    const [oldest, youngest] = [all[lo]!.age, all[hi]!.age];
    // Ages between the two were not seen: the bound is somewhere in there.
    const gap =
      youngest - oldest > 1
        ? {
            resendMaxAgeDays: `no inquiry ${oldest + 1 === youngest - 1 ? `${oldest + 1} days old` : `aged ${oldest + 1} to ${youngest - 1} days`} was seen: the bound lies between ${oldest} and ${youngest - 1}`,
          }
        : undefined;
    return outcome([
      found(
        'resendMaxAgeDays',
        oldest,
        `resendwebhook accepted an inquiry ${oldest} days old and refused one ${youngest} days old (bisected over ${all.length} ages of ${agency}'s inquiries since ${desde})`,
        gap,
      ),
    ]);
  },
};
