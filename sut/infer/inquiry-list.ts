import { addDays, formatOffset, listEntries, offsetMinutesAt, parseOffsetDateTime, todayIn, type OffsetDateTime } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import type { TargetResponse } from '../client.ts';
import { found, hint, objectBody, outcome, type Finding, type Hint, type Inferrer, type Probe } from './probe.ts';
import { readZone, type ZoneObservations } from './zone-fit.ts';

// Paged list envelope: "PerPagina … page size; 100 in the observed response" is the page size the target uses, seen
// filling a page; "Desde: first instant of the period covered", "Hasta: … end of the final day" are a day's
// boundaries in the zone the target reckons days in, and each Momento's offset, where not UTC, is that zone's offset
// then. The zone is read over the longest window a list allows (desde "not earlier than today minus 90 days"), with
// single days across it, so that a daylight-saving change in those 90 days shows as two offsets (zone-fit.ts).

/** Days between the single-day lists across the window: a change of offset shows within this many days. */
const STEP_DAYS = 15;

const stamp = (v: unknown) => (typeof v === 'string' ? parseOffsetDateTime(v) : undefined);

/** The window's first day: today − 90 when today is known, else a day later (the target's today may be ahead of ours). */
function windowStart(p: Probe): { from: string; today: string } {
  if (p.known.today) return { from: addDays(p.known.today, -90), today: p.known.today };
  const today = todayIn('UTC');
  return { from: addDays(today, -89), today };
}

/**
 * What one list answer shows of the target's days: the envelope's Desde and Hasta, the target's own bounds of the
 * days it was asked for, and their offsets. Inquiries' Momento is left out: its offset may be one a caller wrote (the
 * inquiries a `simulate` injected carry the simulator's -03:00; Conventions only ask for "a UTC offset"), and a
 * page of them would outvote the bounds (issue 28 §4: a UTC target read as Etc/GMT+3).
 */
export function observeZone(o: ZoneObservations, res: TargetResponse): void {
  const envelope = objectBody(res.json);
  if (res.status !== 200 || !envelope) return;
  const [desde, hasta] = [stamp(envelope.Desde), stamp(envelope.Hasta)];
  if (desde) o.starts.push(desde);
  if (hasta) o.ends.push(hasta);
  o.local.push(...[desde, hasta].filter((t): t is OffsetDateTime => t !== undefined && t.offsetMinutes !== 0));
}

function pageSize(agency: string, res: TargetResponse): Finding | Hint {
  const envelope = objectBody(res.json) ?? {};
  const [perPagina, total] = [envelope.PerPagina, envelope.Total];
  const entries = listEntries(res.json)?.length ?? 0;
  if (!Number.isInteger(perPagina) || (perPagina as number) <= 0)
    return hint('inquiryPageSize', `GET /v3/consultas/${agency} shows no PerPagina; see the target's documentation`);
  const how = `PerPagina of GET /v3/consultas/${agency}`;
  if (Number.isInteger(total) && (total as number) > (perPagina as number)) {
    if (entries === perPagina) return found('inquiryPageSize', perPagina, `${how}, the number of entries of its full first page`);
    return found('inquiryPageSize', perPagina, how, {
      inquiryPageSize: `the first of ${String(total)} inquiries' pages holds ${entries} entries, not PerPagina ${String(perPagina)}`,
    });
  }
  return found('inquiryPageSize', perPagina, how, {
    inquiryPageSize: `no page was full (${entries} of ${String(total)} inquiries over 90 days): PerPagina was not seen as the page size`,
  });
}

function zoneFinding(agency: string, o: ZoneObservations, from: string, today: string): Finding | Hint {
  const reading = o.starts.length + o.ends.length > 0 ? readZone(o, from, today) : undefined;
  if (!reading)
    return hint('timeZone', `no time zone makes Desde/Hasta of GET /v3/consultas/${agency} a day's first and last instants; see the target's documentation`);
  const offsets = [...new Set([...o.starts, ...o.ends].map((t) => formatOffset(offsetMinutesAt(t.epochMs, reading.zone))))];
  const seen = `${o.starts.length} Desde and ${o.ends.length} Hasta of GET /v3/consultas/${agency} between ${from} and ${today}${o.local.length > 0 ? `, and their offsets` : ''}`;
  const how = `the first zone in which the ${seen} are days' first and last instants${reading.changeSeen ? ` (offsets ${offsets.join(' and ')}: a zone with rules)` : ''}`;
  const doubts = [
    ...(reading.rivals.length > 0
      ? [
          `${reading.rivals.slice(0, 3).join(', ')}${reading.rivals.length > 3 ? ` and ${reading.rivals.length - 3} more` : ''} fit${reading.rivals.length === 1 ? 's' : ''} these 90 days too and reckon${reading.rivals.length === 1 ? 's' : ''} days otherwise within a year (${reading.changeSeen ? 'other rules' : 'a daylight-saving change the window did not hold'})`,
        ]
      : []),
    ...(reading.misfits > 0 ? [`${reading.misfits} of the bounds or offsets read fit no zone with the others (a clock change's day answered otherwise?)`] : []),
  ];
  return found('timeZone', reading.zone, how, doubts.length > 0 ? { timeZone: `${doubts.join('; ')}: check the target's zone` } : undefined);
}

export const inquiryListInferrer: Inferrer = {
  name: 'inquiry list (page size, time zone)',
  keys: ['inquiryPageSize', 'timeZone'],
  async infer(p) {
    const agency = p.fixtures.agency;
    if (agency === undefined) {
      const why = `no agency of the primary app is known to read an inquiry list of (${p.fixtures.missing.agency ?? 'none found'})`;
      return outcome(
        [],
        [hint('inquiryPageSize', `${why}; PerPagina of GET /v3/consultas/{adminMail} gives it`), hint('timeZone', `${why}; see the target's documentation`)],
      );
    }
    const { from, today } = windowStart(p);
    const list = (desde: string, hasta?: string) =>
      callEndpoint(p.client, 'consultas-list', { params: { adminMail: agency }, query: { desde, ...(hasta ? { hasta } : {}) }, form: 'json' });
    let start = from;
    let res = await list(start);
    // A target whose today is behind ours refuses the first day (desde "not earlier than today minus 90 days").
    if (res.status === 400) res = await list((start = addDays(from, 1)));
    if (res.status !== 200 || !objectBody(res.json)) {
      const why = `GET /v3/consultas/${agency}?desde=${start} answered ${res.status ?? res.error?.code}`;
      return outcome([], [hint('inquiryPageSize', why), hint('timeZone', why)]);
    }
    const o: ZoneObservations = { starts: [], ends: [], local: [] };
    observeZone(o, res);
    for (let day = start; day <= today && !p.signal?.aborted; day = addDays(day, STEP_DAYS)) observeZone(o, await list(day, day));
    const results = [pageSize(agency, res), zoneFinding(agency, o, start, today)];
    return outcome(
      results.filter((r): r is Finding => 'value' in r),
      results.filter((r): r is Hint => 'hint' in r),
    );
  },
};
