import { endOfDayIn, LIMITS, startOfDayIn } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { Difference } from './compare.ts';
import { entryKeys } from './identity.ts';
import { fold, type InquiryRecord, type InquiryView } from './world.ts';

// Endpoints > Consultas, the inquiry list's filters as the spec states them, applied to the inquiries the model
// knows of an agency: externalid "external id of a publication" (the inquiries whose Auto.ExternalId is that
// value, exactly); operador "only inquiries visible to that collaborator" (which ones a collaborator sees is not
// shown: at least those it is OperadorResponsable of, at most the unfiltered ones); desde/hasta the days of
// reception, from the first instant of desde to the end of hasta in the profile's time zone. Then the paged
// envelope: Total the number selected, pages of PerPagina (the profile's inquiryPageSize) each full but the
// last, no inquiry twice. Order is not shown, so nothing here depends on it.

export interface InquiryQuery {
  desde: string;
  hasta: string;
  externalid?: string;
  operador?: string;
}

export interface Selection {
  /** Keys that must be listed. */
  include: Set<string>;
  /** Keys that may be listed, when the model knows every inquiry of the period; undefined otherwise. */
  within: Set<string> | undefined;
}

/** Whether the selection decides the list exactly: what must be listed is all that may be. */
export const isExact = (s: Selection): boolean => s.within !== undefined && s.within.size === s.include.size;

/** What the query selects of the view; undefined when the query's period reaches outside the period the view was read over. */
export function select(view: InquiryView, q: InquiryQuery, timeZone: string): Selection | undefined {
  if (q.desde < view.desde || q.hasta > view.hasta) return undefined;
  const from = startOfDayIn(q.desde, timeZone);
  const to = endOfDayIn(q.hasta, timeZone);
  const inPeriod = (r: InquiryRecord) => r.epochMs !== undefined && r.epochMs >= from && r.epochMs <= to;
  const ofPublication = (r: InquiryRecord) => q.externalid === undefined || r.externalId === q.externalid;
  const responsible = (r: InquiryRecord) => q.operador === undefined || (typeof r.operador === 'string' && fold(r.operador) === fold(q.operador));
  const candidates = view.records.filter((r) => inPeriod(r) && ofPublication(r));
  const include = new Set(candidates.filter(responsible).map((r) => r.key));
  return { include, within: view.complete ? new Set(candidates.map((r) => r.key)) : undefined };
}

/** One page of a walk: the pagina sent (undefined on the first request) and the answer. */
export interface WalkedPage {
  pagina: number | undefined;
  res: TargetResponse;
}

export interface WalkJudgement {
  rule: string;
  /** The statement of the filter the query applies (the envelope's own statements for the page arithmetic). */
  statement: string;
  what: string;
}

interface Envelope {
  Total?: unknown;
  PerPagina?: unknown;
  _entries?: unknown;
}

/**
 * The page size a walk's pages are cut by: the PerPagina the answer states ("page size"), or the profile's
 * inquiryPageSize where it states none (whether it is the profile's is consultas/list/per-pagina's to judge).
 */
export function pageSize(res: TargetResponse, profilePageSize: number): number {
  const stated = (res.json as Envelope | undefined)?.PerPagina;
  return typeof stated === 'number' && Number.isInteger(stated) && stated > 0 ? stated : profilePageSize;
}

/**
 * The differences between a walk of every page of a query and its selection: Total the number selected (when
 * exact), each page as full as PerPagina allows, no entry twice, none outside what may be listed, none missing of
 * what must be (when every page could be read).
 */
export function judgeWalk(sel: Selection, pages: readonly WalkedPage[], profilePageSize: number, j: WalkJudgement): Difference[] {
  const out: Difference[] = [];
  const differ = (expectation: string, res: TargetResponse, statement = j.statement) =>
    out.push({ rule: j.rule, statement, expectation: `${expectation} (${j.what}) [${statement}]`, res });
  const first = pages[0]!;
  const total = (first.res.json as Envelope | undefined)?.Total;
  const perPagina = pageSize(first.res, profilePageSize);
  if (typeof total !== 'number') {
    differ('a paged envelope with an integer Total', first.res, 'paged/total');
    return out;
  }
  if (isExact(sel) && total !== sel.include.size)
    differ(`Total ${sel.include.size}, the inquiries the filter selects of those the model saw, not ${total}`, first.res, 'paged/total');
  const seen = new Map<string, number>();
  const listed = pages.map((page) => (page.res.json as Envelope | undefined)?._entries);
  // Keys over the whole walk: alike entries without identity are numbered in the order the pages list them.
  const keys = entryKeys(listed.flatMap((entries) => (Array.isArray(entries) ? entries : [])));
  let k = 0;
  for (const [i, page] of pages.entries()) {
    const entries = listed[i];
    if (!Array.isArray(entries)) {
      differ('a page with an _entries array', page.res, 'paged/entries');
      continue;
    }
    const size = Math.max(0, Math.min(perPagina, total - i * perPagina));
    if (entries.length !== size)
      differ(`${size} entries on page ${i + 1} (Total ${total}, PerPagina ${perPagina}), not ${entries.length}`, page.res, 'paged/per-pagina');
    for (const entry of entries) {
      const key = keys[k++]!;
      if (seen.has(key)) differ(`no inquiry twice, but one of page ${seen.get(key)} is on page ${i + 1} again`, page.res, 'paged/total');
      seen.set(key, i + 1);
      if (sel.within && !sel.within.has(key))
        differ(`only inquiries the filter selects of the agency's own, but page ${i + 1} lists one that is not: ${describe(entry)}`, page.res);
    }
  }
  const complete = total <= LIMITS.pagina.maximum * perPagina && pages.length >= Math.ceil(total / perPagina);
  const missing = complete ? [...sel.include].filter((k) => !seen.has(k)) : [];
  if (missing.length > 0) differ(`every inquiry the filter selects, but ${missing.length} ${missing.length > 1 ? 'are' : 'is'} missing`, pages.at(-1)!.res);
  return out;
}

function describe(entry: unknown): string {
  const e = entry as { Interesado?: { Email?: unknown }; Auto?: { ExternalId?: unknown }; OperadorResponsable?: unknown } | null;
  return JSON.stringify({ Email: e?.Interesado?.Email, ExternalId: e?.Auto?.ExternalId, OperadorResponsable: e?.OperadorResponsable });
}
