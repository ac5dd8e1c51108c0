import { z } from 'zod';
import { endpoint, listEntries, MEDIA_TYPES, type MediaForm } from '../models/index.ts';
import { callEndpoint, type EndpointCall } from './call.ts';
import type { TargetClient, TargetResponse } from './client.ts';
import { requestLine, type Answer } from './failure-text.ts';
import { formFault } from './form-judge.ts';
import { entryHrefs, hrefsWithin, lastSegment, templateParams } from './hrefs.ts';
import type { AppName } from './profile.ts';
import type { Departure } from './departure.ts';

export { lastSegment } from './hrefs.ts';

// Fixtures the suites need, found through the API itself (a profile may pin them instead). Discovery judges
// every answer it reads as the media checks do (form-judge.ts): a broken form is a fault of its rule, which the
// run then fails with this exchange as evidence, and discovery reads the other form instead (issue 12 §5). A
// fixture it cannot find is missing with the reason, and the checks that need it skip with that reason.

/** A rule an exchange of discovery broke: the run fails it with this evidence. */
export interface DiscoveryFault {
  ruleId: string;
  expectation: string;
  /** One line naming the request and what it answered: `GET /v3/agencias answered 404 — expected 200 (…)`. */
  cause: string;
  /** What the target did (sut/departure.ts): the failed rule's cause. */
  departure?: Departure;
  /** The exchange (its body only as the evidence excerpt: fixtures travel to the suites' worker). */
  answer: Answer;
}

export type FixtureName = 'agency' | 'inquirySid' | 'operador' | 'externalId';

export interface Fixtures {
  /** The primary app's agency with the most inquiries (or the profile's); absent when none could be found. */
  agency?: string;
  agencies: string[];
  otherAgencies: string[];
  inquiryTotal: number;
  inquirySid?: string;
  operador?: string;
  externalId?: string;
  /** Why a fixture is absent, for the checks that need it to skip with. */
  missing: Partial<Record<FixtureName, string>>;
  faults: DiscoveryFault[];
}

const SCAN_LIMIT = 20;
/** Candidate names tried per full-form agency entry (its links first, then its e-mail values). */
const CANDIDATES_PER_ENTRY = 3;
const EMAIL = z.email();

type Read = { res: TargetResponse; entries: unknown[]; cause?: undefined } | { res: TargetResponse; entries?: undefined; cause: string };

/** The answer of an inquiry list: its Total, 'absent' (404: no agency of the app by that name), or unread. */
type InquiryTotal = number | 'absent' | undefined;

/** Discovery's reads, judged: each answer is the success answer in the form asked, or a fault with its cause. */
class Exploration {
  readonly faults: DiscoveryFault[] = [];
  constructor(readonly client: TargetClient) {}

  /**
   * Reads one form; the cause of a fault reads `GET /v3/agencias asking for application/json answered 404`.
   * `documented` statuses are answers the row defines for this request, not faults: returned with their cause.
   */
  async read(endpointId: string, call: EndpointCall & { form: MediaForm }, documented: readonly number[] = []): Promise<Read> {
    const res = await callEndpoint(this.client, endpointId, call);
    if (res.status !== undefined && !res.error && documented.includes(res.status)) return { res, cause: `${requestLine(res)} ${outcome(res)}` };
    const fault = formFault(endpoint(endpointId), call.form, res);
    if (!fault) return { res, entries: listEntries(res.json) ?? [] };
    const statusFault = fault.ruleId.startsWith('status/');
    if (!this.faults.some((f) => f.ruleId === fault.ruleId)) {
      const answer = { ...(res.status !== undefined ? { status: res.status } : {}), ...(res.error ? { error: res.error } : {}), exchange: res.exchange };
      this.faults.push({ ...fault, cause: `${requestLine(res)} ${outcome(res)} — expected ${fault.expectation}`, answer });
    }
    return { res, cause: `${requestLine(res)} asking for ${MEDIA_TYPES[call.form]} ${outcome(res)}${statusFault ? '' : ` (expected ${fault.expectation})`}` };
  }
}

/** `answered 404`, `answered 200, then VMP_ERR_PROTOCOL: …`, or `got no answer (VMP_ERR_TIMEOUT: …)`. */
function outcome(res: TargetResponse): string {
  if (res.status === undefined) return `got no answer (${res.error ? `${res.error.code}: ${res.error.message}` : 'no status line'})`;
  return res.error ? `answered ${res.status}, then ${res.error.code}: ${res.error.message}` : `answered ${res.status}`;
}

/** Names in a full-form entry that may be its adminMail: agency links first, then e-mail values, in order. */
function candidateNames(entry: unknown): string[] {
  const linked = hrefsWithin(entry).flatMap((href) => templateParams(href, 'agencias-get')?.adminMail ?? []);
  const mails: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string' && EMAIL.safeParse(v).success) mails.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(entry);
  return [...new Set([...linked, ...mails])].slice(0, CANDIDATES_PER_ENTRY);
}

/**
 * The agencies a full-form list names. Agencia's fields are not shown, so a name counts only when
 * GET /v3/agencias/{name} finds it for the app.
 */
async function namedAgencies(client: TargetClient, app: AppName, entries: readonly unknown[]): Promise<string[]> {
  const found: string[] = [];
  for (const entry of entries.slice(0, SCAN_LIMIT)) {
    for (const adminMail of candidateNames(entry)) {
      const res = await callEndpoint(client, 'agencias-get', { app, params: { adminMail } });
      if (res.status === 200 && !res.error) {
        found.push(adminMail);
        break;
      }
    }
  }
  return found;
}

/** The app's agencies by adminMail: the reference form's hrefs, else the names the full form gives; else why not. */
async function agenciesOf(x: Exploration, app: AppName): Promise<{ agencies: string[]; why?: string }> {
  const ref = await x.read('agencias-list', { app, form: 'ref' });
  if (ref.entries) return { agencies: entryHrefs(ref.entries).map(lastSegment) };
  const full = await x.read('agencias-list', { app, form: 'json' });
  if (!full.entries) return { agencies: [], why: `${ref.cause}; ${full.cause}` };
  const agencies = await namedAgencies(x.client, app, full.entries);
  if (agencies.length > 0 || full.entries.length === 0) return { agencies };
  return { agencies, why: `${ref.cause}; and no entry of its full form names an agency that GET /v3/agencias/{adminMail} finds` };
}

/**
 * Page 1 of an agency's inquiry list, in the reference form and, where that is broken, the full form. For an
 * entry of the agency list, 404 is the row's own answer ("agency does not exist for the app"), not a fault: a
 * list may show what is no agency of the app yet (a pending invitation; its fields are not shown).
 */
async function inquiryTotal(x: Exploration, adminMail: string, listed: boolean): Promise<InquiryTotal> {
  for (const form of ['ref', 'json'] as const) {
    const read = await x.read('consultas-list', { params: { adminMail }, form }, listed ? [404] : []);
    if (read.res.status === 404 && listed) return 'absent';
    if (!read.cause) return (read.res.json as { Total: number }).Total;
  }
  return undefined;
}

/** The agency the checks use: the profile's, else the primary app's own one with the most inquiries. */
async function chooseAgency(x: Exploration, primary: string[], other: string[]): Promise<{ agency?: string; total: number }> {
  const pinned = x.client.profile.fixtures.agency;
  if (pinned) {
    const total = await inquiryTotal(x, pinned, false);
    return { agency: pinned, total: typeof total === 'number' ? total : 0 };
  }
  // An agency may be associated with both apps (nothing limits it to one): the scoping checks need one that
  // app `other` does not see, so shared agencies are candidates only when there is no other.
  const shared = new Set(other.map((a) => a.toLowerCase()));
  const own = primary.filter((a) => !shared.has(a.toLowerCase()));
  const candidates = (own.length > 0 ? own : primary).slice(0, SCAN_LIMIT);
  let best: { agency?: string; total: number } = { total: 0 };
  for (const agency of candidates) {
    const answer = await inquiryTotal(x, agency, true);
    if (answer === 'absent') continue;
    const total = answer ?? 0;
    if (best.agency === undefined || total > best.total) best = { agency, total };
  }
  // None has an inquiry list: the first is the fixture still, so its checks read it and fail what it breaks.
  return best.agency === undefined && candidates[0] !== undefined ? { agency: candidates[0], total: 0 } : best;
}

type ConsultaEntry = { OperadorResponsable?: unknown; Auto?: { ExternalId?: unknown } } | null;

/** What the inquiry list of the agency names: an inquiry (sid), an operador, an external id; and why not. */
async function inquiryFixtures(x: Exploration, agency: string): Promise<Pick<Fixtures, 'inquirySid' | 'operador' | 'externalId' | 'missing'>> {
  const ref = await x.read('consultas-list', { params: { adminMail: agency }, form: 'ref' });
  const full = await x.read('consultas-list', { params: { adminMail: agency }, form: 'json' });
  const entries = (full.entries ?? []) as ConsultaEntry[];
  const pinned = x.client.profile.fixtures;
  // A full-form Consulta names its sid in a link to /v3/consultas/{adminMail}/{sid}, where it has one.
  const fullSids = entries.flatMap((e) => hrefsWithin(e).flatMap((h) => templateParams(h, 'consultas-get')?.sid ?? []));
  const sid = pinned.inquirySid ?? (ref.entries ? entryHrefs(ref.entries).map(lastSegment) : fullSids)[0];
  const operador = pinned.operador ?? entries.map((e) => e?.OperadorResponsable).find((o) => typeof o === 'string');
  const externalId = entries.map((e) => e?.Auto?.ExternalId).find((v) => typeof v === 'string' && v !== '');
  const page1 = `the first page of the inquiry list of ${agency}`;
  const out: Pick<Fixtures, 'inquirySid' | 'operador' | 'externalId' | 'missing'> = { missing: {} };
  if (typeof sid === 'string') out.inquirySid = sid;
  else
    out.missing.inquirySid = `${ref.cause && full.cause ? `${ref.cause}; ${full.cause}` : `${page1} names no inquiry`} (set fixtures.inquirySid in the profile)`;
  if (typeof operador === 'string') out.operador = operador;
  else out.missing.operador = `${full.cause ?? `no OperadorResponsable in ${page1}`} (set fixtures.operador in the profile)`;
  if (typeof externalId === 'string') out.externalId = externalId;
  else out.missing.externalId = full.cause ?? `no non-empty Auto.ExternalId in ${page1}`;
  return out;
}

export async function discover(client: TargetClient): Promise<Fixtures> {
  const x = new Exploration(client);
  const primary = await agenciesOf(x, 'primary');
  const other = await agenciesOf(x, 'other');
  const { agency, total } = await chooseAgency(x, primary.agencies, other.agencies);
  const base = { agencies: primary.agencies, otherAgencies: other.agencies, inquiryTotal: total, faults: x.faults };
  if (agency === undefined) {
    const why = primary.why ? `no agency of the primary app is known: ${primary.why}` : "the primary app's agency list is empty, so no agency of it is known";
    return { ...base, missing: { agency: `${why} (set fixtures.agency in the profile)` } };
  }
  return { ...base, agency, ...(await inquiryFixtures(x, agency)) };
}

/** The console's account of discovery: every fault, and a missing agency (the checks that need it skip). */
export function discoveryNotes(f: Fixtures): string[] {
  return [
    ...f.faults.map((fault) => `${fault.cause} (fails ${fault.ruleId})`),
    ...(f.missing.agency ? [`${f.missing.agency} — the checks that need it skip`] : []),
  ];
}
