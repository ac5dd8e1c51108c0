import { LIMITS, lastPageOf, type PastLastPage } from '../../../models/index.ts';
import { lastSegment } from '../../../sut/hrefs.ts';
import { empty, problem, type MutantRequest, type MutantResponse } from '../../mutants/exchange.ts';
import type { FaultContext } from '../../mutants/fault.ts';
import type { Variation } from './variation.ts';

// The order of the inquiry list: the spec gives none ("Paged list envelope": Pagina, Total, PerPagina, _entries).
// The reference orders by Momento, newest first; this variation pages the same inquiries ordered by their sid,
// which has nothing to do with time, the same in every form and on every page.

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The sid an entry names: its href (reference form) or its self link (full form). */
function sidOf(entry: unknown): string {
  if (!isRecord(entry)) return '';
  if (typeof entry.href === 'string') return lastSegment(entry.href);
  const self = isRecord(entry._links) && isRecord(entry._links.self) ? entry._links.self.href : undefined;
  return typeof self === 'string' ? lastSegment(self) : '';
}

/** Page `Pagina` of the request's whole list (every page read from the reference), ordered by sid. */
async function bySid(req: MutantRequest, res: MutantResponse, ctx: FaultContext): Promise<void> {
  if (req.endpoint !== 'consultas-list' || res.status !== 200 || !req.app) return;
  const page = res.json();
  if (!isRecord(page) || !Array.isArray(page._entries)) return;
  const { Pagina, PerPagina, Total } = page;
  if (typeof Pagina !== 'number' || typeof PerPagina !== 'number' || typeof Total !== 'number' || PerPagina <= 0) return;
  const all: unknown[] = [];
  const last = Math.min(LIMITS.pagina.maximum, Math.ceil(Total / PerPagina));
  for (let pagina = 1; pagina <= last; pagina++) {
    const query = new URLSearchParams(req.query);
    query.set('pagina', String(pagina));
    const other = await ctx.upstream('GET', `${req.path}?${query}`, { app: req.app, ...(req.headers.accept ? { accept: req.headers.accept } : {}) });
    const entries = (other.json() as { _entries?: unknown } | undefined)?._entries;
    if (Array.isArray(entries)) all.push(...entries);
  }
  all.sort((a, b) => (sidOf(a) < sidOf(b) ? -1 : sidOf(a) > sidOf(b) ? 1 : 0));
  res.setJson({ ...page, _entries: all.slice((Pagina - 1) * PerPagina, Pagina * PerPagina) });
}

/** A page past the list's last one answered otherwise than with no entries: 404, or a 400 keyed pagina. */
function pastLast(reading: Exclude<PastLastPage, 'empty'>) {
  return (req: MutantRequest, res: MutantResponse): void => {
    if (req.endpoint !== 'consultas-list' || res.status !== 200) return;
    const page = res.json();
    const last = lastPageOf(page);
    if (!isRecord(page) || last === undefined || typeof page.Pagina !== 'number' || page.Pagina <= last) return;
    Object.assign(res, reading === 'not-found' ? empty(404) : problem(req, 400, { pagina: [`la última página es ${last}`] }));
  };
}

export const PAGING: Variation[] = [
  ...(['invalid', 'not-found'] as const).map(
    (reading): Variation => ({
      // Issue 28 §3: what a page past the last answers is the profile's; "at most 99" is judged where the list
      // reaches the page asked for.
      name: `past-last-page-${reading}`,
      kind: 'profile',
      allows: 'Paged list envelope: "Pagina | current page number" (what a page past the last answers is not shown)',
      targets: reading === 'invalid' ? ['reference', 'indep'] : ['reference'],
      profile: (p) => ({ ...p, pastLastPage: reading }),
      fault: { response: pastLast(reading) },
    }),
  ),
  {
    name: 'inquiries-ordered-by-sid',
    kind: 'lists',
    allows: 'Paged list envelope: "Pagina | current page number", "_entries | full form: Consulta objects" (no order is given)',
    targets: ['reference'],
    fault: { response: bySid },
  },
];
