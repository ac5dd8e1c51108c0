import { LIMITS, type MediaForm } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { Check } from './check.ts';

// Paged list envelope (inquiry list): Pagina "current page number, starting at 1", Total "total number of
// inquiries", PerPagina "page size", _entries; pagina "maximum 99" (Limits). A walk reads page 1 without a
// pagina parameter, then pagina=2…ceil(Total/PerPagina), never past 99.

export interface Page {
  /** The pagina sent; undefined for the first request, which sends none. */
  requested: number | undefined;
  res: TargetResponse;
  envelope: Record<string, unknown>;
  entries: unknown[];
}

export interface PageWalk {
  pages: Page[];
  /** The first page that is no paged envelope (an object with integer Total, positive PerPagina, _entries). */
  malformed?: { page: Page; expectation: string };
  /** Every page's entries, in order. */
  entries: unknown[];
  /** Total as the first page gives it. */
  total: number;
  /** Every page was read: Total fits in the 99 pages pagina can reach. */
  complete: boolean;
}

export interface WalkRequest {
  adminMail: string;
  form: MediaForm;
  query?: Record<string, string>;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** What makes a page no paged envelope, or undefined. */
function envelopeIssue(json: unknown): string | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return 'a paged envelope object';
  const e = json as Record<string, unknown>;
  if (!(isInt(e.Total) && e.Total >= 0)) return 'an integer Total';
  if (!(isInt(e.PerPagina) && e.PerPagina > 0)) return 'a positive integer PerPagina';
  return Array.isArray(e._entries) ? undefined : 'an _entries array';
}

interface ReadPage {
  page: Page;
  what: string;
  /** Why it is no paged envelope, when it is not. */
  issue?: string;
}

/** One page, read whatever it holds; the walk's checks decide what its status and envelope are to them. */
async function readPage(c: Check, request: WalkRequest, pagina: number | undefined): Promise<ReadPage> {
  const query = { ...request.query, ...(pagina !== undefined ? { pagina: String(pagina) } : {}) };
  const res = await c.send('consultas-list', { params: { adminMail: request.adminMail }, query, form: request.form });
  const filter = new URLSearchParams(request.query ?? {}).toString();
  const what = `page ${pagina ?? 1} of ${request.adminMail}'s inquiry list (${request.form}${filter ? `, ${filter}` : ''})`;
  const issue = res.status === 200 ? envelopeIssue(res.json) : undefined;
  const envelope = (res.status === 200 && issue !== 'a paged envelope object' ? res.json : {}) as Record<string, unknown>;
  const entries = Array.isArray(envelope._entries) ? (envelope._entries as unknown[]) : [];
  return { page: { requested: pagina, res, envelope, entries }, what, ...(issue ? { issue: `${what} with ${issue}` } : {}) };
}

export interface WalkOptions {
  /**
   * The walk is the answer under test (a filter's): a page not answered 200 fails the check. Otherwise the
   * walk is a precondition (the fixture's list, read to judge something of it) and such a page skips it.
   */
  judged?: boolean;
  /** Give back a walk whose pages are no paged envelopes too (the check judging envelopes); others skip on it. */
  anyEnvelope?: boolean;
}

/** Walks every page of one request; walks are kept, so checks of one file share them (each judging them). */
export class PageWalker {
  private readonly walks = new Map<string, PageWalk & { refused?: ReadPage }>();

  async walk(c: Check, request: WalkRequest, options: WalkOptions = {}): Promise<PageWalk> {
    const walk = await this.read(c, request);
    if (walk.refused) {
      const { page, what } = walk.refused;
      if (options.judged) c.expectStatus(page.res, 200, what);
      else c.givenStatus(page.res, 200, what);
    }
    // A check that reads Total, PerPagina or _entries shows nothing where they are not there: the envelope is
    // consultas/list/envelope-schema's to judge.
    if (walk.malformed && !options.anyEnvelope) c.given(false, walk.malformed.expectation, walk.malformed.page.res);
    return walk;
  }

  private async read(c: Check, request: WalkRequest): Promise<PageWalk & { refused?: ReadPage }> {
    const key = JSON.stringify([request.adminMail, request.form, Object.entries(request.query ?? {}).sort()]);
    const kept = this.walks.get(key);
    if (kept) {
      // Read by an earlier check: the pages are what this check judges, so they are its evidence too.
      for (const page of kept.pages) c.judge(page.res);
      return kept;
    }
    const read = [await readPage(c, request, undefined)];
    const first = read[0]!;
    const total = isInt(first.page.envelope.Total) ? first.page.envelope.Total : 0;
    const perPagina = isInt(first.page.envelope.PerPagina) && first.page.envelope.PerPagina > 0 ? first.page.envelope.PerPagina : 1;
    // A first page that is no envelope is the whole walk: how many pages follow cannot be known.
    const ok = (r: ReadPage) => r.page.res.status === 200 && !r.issue;
    const needed = ok(first) ? Math.max(1, Math.ceil(total / perPagina)) : 1;
    const last = Math.min(needed, LIMITS.pagina.maximum);
    for (let pagina = LIMITS.pagina.first + 1; pagina <= last && ok(read.at(-1)!); pagina++) read.push(await readPage(c, request, pagina));
    const pages = read.map((r) => r.page);
    const refused = read.find((r) => r.page.res.status !== 200);
    const bad = read.find((r) => r.issue !== undefined);
    const walk = {
      pages,
      ...(refused ? { refused } : {}),
      ...(bad ? { malformed: { page: bad.page, expectation: bad.issue! } } : {}),
      entries: pages.flatMap((p) => p.entries),
      total,
      complete: read.every(ok) && read.length === last && needed <= LIMITS.pagina.maximum,
    };
    this.walks.set(key, walk);
    return walk;
  }
}
/** The page that holds entry `index` of a walk (the last page for an index past the end). */
export function pageOf(walk: PageWalk, index: number): Page {
  let seen = 0;
  for (const page of walk.pages) {
    seen += page.entries.length;
    if (index < seen) return page;
  }
  return walk.pages.at(-1)!;
}
