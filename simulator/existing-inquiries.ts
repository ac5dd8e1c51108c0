import { LIMITS, addDays, listEntries, todayIn } from '../models/index.ts';
import { callEndpoint } from '../sut/call.ts';
import type { TargetClient } from '../sut/client.ts';
import { lastSegment } from '../sut/discovery.ts';
import { eachLimit } from './each-limit.ts';
import { CONSULTA_LINKS, contentDigest } from './content-digest.ts';
import type { Ledger } from './ledger.ts';
import { READ_CONCURRENCY } from './read-checks.ts';

// Observe mode (a target without simulation hooks): the inquiries to resend are the fixture agency's own recent
// ones. "Resend applies to a relatively recent inquiry" (Limits): within the profile's resendMaxAgeDays, or the
// last week when the profile does not say.

export const OBSERVE_DEFAULT_DAYS = 7;

/** The target's today: the profile's fixed date, or the clock in its time zone. */
export const targetToday = (profile: TargetClient['profile']): string => profile.today ?? todayIn(profile.timeZone);

/** Up to `max` sids of recent inquiries of the agency, from the reference form of its list. */
export async function recentSids(client: TargetClient, agency: string, max: number): Promise<{ sids: string[]; desde: string; error?: string }> {
  const today = targetToday(client.profile);
  const days = Math.min(client.profile.resendMaxAgeDays ?? OBSERVE_DEFAULT_DAYS, LIMITS.desde.minDaysBeforeToday);
  const desde = addDays(today, -(days - 1));
  const sids: string[] = [];
  for (let pagina = LIMITS.pagina.first; pagina <= LIMITS.pagina.maximum && sids.length < max; pagina++) {
    const query = pagina === LIMITS.pagina.first ? { desde } : { desde, pagina: String(pagina) };
    const res = await callEndpoint(client, 'consultas-list', { params: { adminMail: agency }, query, form: 'ref' });
    const entries = listEntries(res.json);
    if (res.status !== 200 || !entries) return { sids, desde, error: `GET ${res.exchange.url} answered ${res.status ?? res.error?.code}` };
    for (const e of entries) {
      const href = (e as { href?: unknown } | null)?.href;
      if (typeof href === 'string' && sids.length < max) sids.push(lastSegment(href));
    }
    const { Total, PerPagina } = (res.json ?? {}) as { Total?: unknown; PerPagina?: unknown };
    if (typeof Total !== 'number' || typeof PerPagina !== 'number' || pagina * PerPagina >= Total || entries.length === 0) break;
  }
  return { sids, desde };
}

/** Reads each inquiry by sid and enters it in the ledger with the digest of its Consulta; returns how many read well. */
export async function adoptInquiries(client: TargetClient, agency: string, ledger: Ledger, sids: readonly string[]): Promise<number> {
  let ok = 0;
  await eachLimit(sids.entries(), READ_CONCURRENCY, async ([index, sid]) => {
    const res = await callEndpoint(client, 'consultas-get', { params: { adminMail: agency, sid }, form: 'json' });
    if (res.status !== 200 || res.json === null || typeof res.json !== 'object') {
      ledger.adopt(index, sid);
      ledger.problems.add({ kind: 'not-found-by-sid', phase: 'read', index, sid, detail: `GET ${res.exchange.url} answered ${res.status ?? res.error?.code}` });
      return;
    }
    ledger.adopt(index, sid, contentDigest(res.json, CONSULTA_LINKS));
    const problem = ledger.contentProblem(index, res.json, 'the Consulta read by sid');
    if (problem) ledger.problems.add({ kind: 'mismatched', phase: 'read', index, sid, detail: problem });
    else ok++;
  });
  return ok;
}
