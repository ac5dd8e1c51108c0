// Media-type selection. By default this server names the form with a query parameter (`formato`), never with
// Accept (the spec: "How a caller chooses among the media types of a response ...: not shown"); a variant reads
// a request header instead. What is answered when nothing offered is named is a choice too (defaultForm).
import type { Context } from './context.ts';

export const JSON_FULL = 'application/json';
export const TEXT_JSON = 'text/json';
export const ENTRY = 'application/vnd.service.entry+json';
export const REF = 'application/vnd.service.ref+json';

export type Form = typeof JSON_FULL | typeof TEXT_JSON | typeof ENTRY | typeof REF;

export const FULL_FORMS: readonly Form[] = [JSON_FULL, TEXT_JSON, ENTRY];
export const ALL_FORMS: readonly Form[] = [JSON_FULL, TEXT_JSON, ENTRY, REF];

export type MediaSelection = { query: string } | { header: string };
/** text: text/json; ref: the reference form where offered, else the entry form; entry: the entry form. */
export type DefaultForm = 'text' | 'ref' | 'entry';

/** Short names accepted besides the media types themselves. */
const aliases: Record<string, Form> = { json: JSON_FULL, texto: TEXT_JSON, entrada: ENTRY, ref: REF };

function asked(ctx: Pick<Context, 'query' | 'req' | 'config'>): string | undefined {
  const selection = ctx.config.media;
  const value = 'query' in selection ? ctx.query.get(selection.query) : ctx.req.headers[selection.header.toLowerCase()];
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

/** The form asked for when offered, else the server's default. */
export function chooseForm(ctx: Pick<Context, 'query' | 'req' | 'config'>, offered: readonly Form[]): Form {
  const name = asked(ctx);
  if (name) {
    const form = (ALL_FORMS as readonly string[]).includes(name) ? (name as Form) : aliases[name];
    if (form && offered.includes(form)) return form;
  }
  if (ctx.config.defaultForm === 'ref') return offered.includes(REF) ? REF : ENTRY;
  if (ctx.config.defaultForm === 'entry') return ENTRY;
  return TEXT_JSON;
}
