// Media-type selection: this server names the form with a query parameter (`formato`), never with Accept
// (the spec: "How a caller chooses among the media types of a response ...: not shown").

export const JSON_FULL = 'application/json';
export const TEXT_JSON = 'text/json';
export const ENTRY = 'application/vnd.service.entry+json';
export const REF = 'application/vnd.service.ref+json';

export type Form = typeof JSON_FULL | typeof TEXT_JSON | typeof ENTRY | typeof REF;

export const FULL_FORMS: readonly Form[] = [JSON_FULL, TEXT_JSON, ENTRY];
export const ALL_FORMS: readonly Form[] = [JSON_FULL, TEXT_JSON, ENTRY, REF];

export const MEDIA_QUERY = 'formato';

/** Short names accepted besides the media types themselves. */
const aliases: Record<string, Form> = { json: JSON_FULL, texto: TEXT_JSON, entrada: ENTRY, ref: REF };

/** The default when nothing (or something not offered) is asked for: text/json. */
export function chooseForm(query: URLSearchParams, offered: readonly Form[]): Form {
  const asked = query.get(MEDIA_QUERY)?.trim().toLowerCase();
  if (asked) {
    const form = (ALL_FORMS as readonly string[]).includes(asked) ? (asked as Form) : aliases[asked];
    if (form && offered.includes(form)) return form;
  }
  return TEXT_JSON;
}
