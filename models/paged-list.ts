import { z } from 'zod';
import { consulta } from './consulta.ts';
import { dateTime } from './datetime.ts';
import { links, refLink } from './link.ts';
import { listEntries } from './opaque.ts';
import { objectOf, type Strictness } from './strictness.ts';

// Resources and their fields > Paged list envelope (inquiry list).
const envelope = <E extends z.ZodType>(mode: Strictness, entry: E) =>
  objectOf(mode, {
    Desde: dateTime,
    Hasta: dateTime,
    Pagina: z.number().int(),
    Total: z.number().int().nonnegative(),
    PerPagina: z.number().int().positive(),
    _links: links(mode),
    _entries: z.array(entry),
  });

export const consultaPage = (mode: Strictness = 'loose') => envelope(mode, consulta(mode));
export const consultaRefPage = (mode: Strictness = 'loose') => envelope(mode, refLink());

export type ConsultaPage = z.infer<ReturnType<typeof consultaPage>>;
export type ConsultaRefPage = z.infer<ReturnType<typeof consultaRefPage>>;

/**
 * What a page past the last may answer: not shown ("Pagina … current page number"), so a profile choice
 * (`pastLastPage`), each reading with its status: 200 with no entries, 404, or a 400 whose validation problem is
 * keyed pagina.
 */
export const PAST_LAST_PAGE = {
  empty: { status: 200, says: '200 with no entries' },
  'not-found': { status: 404, says: '404' },
  invalid: { status: 400, says: '400 with a validation problem keyed pagina' },
} as const;
export type PastLastPage = keyof typeof PAST_LAST_PAGE;
export const PAST_LAST_PAGE_READINGS = Object.keys(PAST_LAST_PAGE) as [PastLastPage, ...PastLastPage[]];

/** Which reading an answer to a page past the last is, or undefined when it is none of them. */
export function pastLastPageReading(status: number | undefined, json: unknown): PastLastPage | undefined {
  if (status === 200) return (listEntries(json)?.length ?? 0) === 0 ? 'empty' : undefined;
  if (status === 404) return 'not-found';
  const errors = (json as { Errors?: unknown } | null | undefined)?.Errors;
  const keyed = errors !== null && typeof errors === 'object' && Object.keys(errors).some((k) => k.toLowerCase() === 'pagina');
  return status === 400 && keyed ? 'invalid' : undefined;
}

/** The last page of a paged list, from one page's Total and PerPagina; undefined where it shows neither. */
export function lastPageOf(json: unknown): number | undefined {
  const envelope = json as { Total?: unknown; PerPagina?: unknown } | null | undefined;
  const [total, perPagina] = [envelope?.Total, envelope?.PerPagina];
  if (typeof total !== 'number' || typeof perPagina !== 'number' || perPagina <= 0) return undefined;
  return Math.max(1, Math.ceil(total / perPagina));
}
