// Everything a report shows comes from the target (bodies, headers) or the profile: escape it all.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const esc = (value: unknown): string => String(value).replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);

/** A tagged template that escapes every interpolated value unless it is already markup (raw()). */
export class Markup {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

export const raw = (html: string): Markup => new Markup(html);

export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0]!;
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    out += parts.map((p) => (p instanceof Markup ? p.html : p === undefined || p === null || p === false ? '' : esc(p))).join('');
    out += strings[i + 1]!;
  });
  return new Markup(out);
}
