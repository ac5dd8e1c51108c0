// Request bodies whose fields the spec does not show come from the profile's templates, with
// {{url}}, {{adminMail}} and {{runId}} placeholders filled in at run time.
export type TemplateValues = Partial<Record<'url' | 'adminMail' | 'runId', string>>;

export function fillTemplate<T>(template: T, values: TemplateValues): T {
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') {
      return v.replace(/\{\{(url|adminMail|runId)\}\}/g, (whole, key: keyof TemplateValues) => values[key] ?? whole);
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(template) as T;
}
