import type { Answer } from '../../sut/failure-text.ts';
import type { Profile } from '../../sut/profile.ts';

// Resources > Other resources: the fields of AgenciaCreate (but AdminMail), AgenciaEdit and AppWebhookUpsert are
// "not shown", so the profile's templates are the run's only source of them. A 400 whose validation problem keys
// a member the request carried with its template's own value is the template's fault, not the target's (issue 28
// §4: a profile whose agenciaEdit was verified with a shorter run id made every run fail two must rules by that
// 400): it is reported as a profile error naming the key, and the check does not judge the target on it.

type Templates = Profile['templates'];

const RUN_ID = /\{\{runId\}\}/g;
/** A member filled with the check's own input (the invited e-mail, the callback URL): its value is the check's. */
const CHECK_INPUT = /\{\{(?:url|adminMail)\}\}/;
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `sent` is what the template's `value` fills in to ({{runId}} standing for any run id). */
function filledFrom(value: unknown, sent: unknown): boolean {
  if (typeof value !== 'string') return JSON.stringify(value) === JSON.stringify(sent);
  if (typeof sent !== 'string' || CHECK_INPUT.test(value)) return false;
  const pattern = value.split(RUN_ID).map(escapeRegExp).join('[A-Za-z0-9_-]*');
  return new RegExp(`^${pattern}$`).test(sent);
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

const parsed = (text: string | undefined): Record<string, unknown> | undefined => {
  if (text === undefined || text === '') return undefined;
  try {
    return record(JSON.parse(text));
  } catch {
    return undefined;
  }
};

/** The member an Errors key names: its first segment (`Telefono`, `Telefono.Numero`, `Items[0]`), letter case aside. */
const memberOf = (key: string): string => key.split(/[.[]/)[0]!.toLowerCase();

/**
 * The profile error a 400 shows, when it is one: an Errors key naming a member the request carried as the
 * template `templates.<name>` fills it. Undefined when the answer is no 400, keys no such member, or the member's
 * value was not the template's (a check's own value is the target's to take). The answer's body is read from its
 * JSON, or from the exchange's excerpt where only that was kept (the model's ledger).
 */
export function templateRefusal(res: Answer & { json?: unknown }, templates: Templates): string | undefined {
  if (res.status !== 400) return undefined;
  const errors = record((record(res.json) ?? parsed(res.exchange.bodyExcerpt))?.Errors);
  const body = parsed(res.exchange.requestBody);
  if (!errors || !body) return undefined;
  const keyed = new Map(Object.keys(errors).map((k) => [memberOf(k), k]));
  for (const [name, template] of Object.entries(templates) as [keyof Templates, Record<string, unknown> | null][]) {
    if (!template) continue;
    for (const [member, value] of Object.entries(template)) {
      const key = keyed.get(member.toLowerCase());
      if (key === undefined || !(member in body) || !filledFrom(value, body[member])) continue;
      const said = Array.isArray(errors[key]) ? ` (${(errors[key] as unknown[]).map(String).join('; ').slice(0, 160)})` : '';
      return `profile error: templates.${name}.${member} — the target refused the value the profile's template gives it (400, Errors.${key}${said}); fix the template (or run init again): the target is not judged on a request its profile made invalid`;
    }
  }
  return undefined;
}
