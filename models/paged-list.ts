import { z } from 'zod';
import { consulta } from './consulta.ts';
import { dateTime } from './datetime.ts';
import { links, refLink } from './link.ts';
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
