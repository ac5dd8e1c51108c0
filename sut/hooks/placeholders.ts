import type { HookPlaceholder } from '../hooks-profile.ts';

// The placeholders of a hook template (HOOK_PLACEHOLDERS), filled in for one call. Values are text; where a
// template puts them decides how they are written: percent-encoded in a URL, as is in a header or an argument,
// and in a JSON body a string that is exactly "{{consulta}}" becomes the inquiry object itself.

export type HookValues = Partial<Record<HookPlaceholder, unknown>>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const ALONE = /^\{\{(\w+)\}\}$/;

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A string with every known placeholder written by `write` (an unknown one was refused when the profile loaded). */
export function fillText(template: string, values: HookValues, write: (value: string) => string = (v) => v): string {
  return template.replace(PLACEHOLDER, (whole, name: HookPlaceholder) => (values[name] === undefined ? whole : write(text(values[name]))));
}

/** A JSON body: strings filled in, and a string that is one placeholder alone replaced by its value (an object stays one). */
export function fillJson(template: unknown, values: HookValues): unknown {
  if (typeof template === 'string') {
    const alone = ALONE.exec(template)?.[1] as HookPlaceholder | undefined;
    return alone !== undefined && values[alone] !== undefined ? values[alone] : fillText(template, values);
  }
  if (Array.isArray(template)) return template.map((v) => fillJson(v, values));
  if (template && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fillJson(v, values)]));
  return template;
}
