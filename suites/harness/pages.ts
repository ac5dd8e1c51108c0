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

async function readPage(c: Check, request: WalkRequest, pagina: number | undefined): Promise<Page> {
  const query = { ...request.query, ...(pagina !== undefined ? { pagina: String(pagina) } : {}) };
  const res = await c.send('consultas-list', { params: { adminMail: request.adminMail }, query, form: request.form });
  const what = `page ${pagina ?? 1} of ${request.adminMail}'s inquiry list (${request.form})`;
  c.expectStatus(res, 200, what);
  const envelope = res.json;
  c.expect(envelope !== null && typeof envelope === 'object' && !Array.isArray(envelope), `${what} as a paged envelope object`, res);
  const e = envelope as Record<string, unknown>;
  c.expect(isInt(e.Total) && e.Total >= 0, `${what} with an integer Total`, res);
  c.expect(isInt(e.PerPagina) && e.PerPagina > 0, `${what} with a positive integer PerPagina`, res);
  c.expect(Array.isArray(e._entries), `${what} with an _entries array`, res);
  return { requested: pagina, res, envelope: e, entries: e._entries as unknown[] };
}

/** Walks every page of one request; successful walks are kept, so checks of one file share them (each judging them). */
export class PageWalker {
  private readonly walks = new Map<string, PageWalk>();

  async walk(c: Check, request: WalkRequest): Promise<PageWalk> {
    const key = JSON.stringify([request.adminMail, request.form, Object.entries(request.query ?? {}).sort()]);
    const kept = this.walks.get(key);
    if (kept) {
      // Read by an earlier check: the pages are what this check judges, so they are its evidence too.
      for (const page of kept.pages) c.judge(page.res);
      return kept;
    }
    const first = await readPage(c, request, undefined);
    const total = first.envelope.Total as number;
    const perPagina = first.envelope.PerPagina as number;
    const needed = Math.max(1, Math.ceil(total / perPagina));
    const last = Math.min(needed, LIMITS.pagina.maximum);
    const pages = [first];
    for (let pagina = LIMITS.pagina.first + 1; pagina <= last; pagina++) pages.push(await readPage(c, request, pagina));
    const walk: PageWalk = { pages, entries: pages.flatMap((p) => p.entries), total, complete: needed <= LIMITS.pagina.maximum };
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
