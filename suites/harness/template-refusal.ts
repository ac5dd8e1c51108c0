import type { Answer } from '../../sut/failure-text.ts';
import type { Profile } from '../../sut/profile.ts';

// Resources > Other resources: the fields of AgenciaCreate (but AdminMail), AgenciaEdit and AppWebhookUpsert are
// "not shown", so the profile's templates are the run's only source of them. A 400 whose validation problem keys
// a member the request carried with its template's own value is the template's fault, not the target's (issue 28
// §4: a profile whose agenciaEdit was verified with a shorter run id made every run fail two must rules by that
// 400): it is reported as a profile error naming the key, and the check does not judge the target on it. One
// profile rule (TEMPLATES_RULE) judges the templates on every write the run heard, so a target that refuses what its
// profile says it takes fails that rule once, and never passes with nothing judged.

type Templates = Profile['templates'];

const RUN_ID = /\{\{runId\}\}/g;
/** A member filled with the check's own input (the invited e-mail, the callback URL): its value is the check's. */
const CHECK_INPUT = /\{\{(?:url|adminMail)\}\}/;
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `sent` is what the template's `value` fills in to ({{runId}} standing for any run id, and the model's `<runId>.<n>`). */
function filledFrom(value: unknown, sent: unknown): boolean {
  if (typeof value !== 'string') return JSON.stringify(value) === JSON.stringify(sent);
  if (typeof sent !== 'string' || CHECK_INPUT.test(value)) return false;
  const pattern = value.split(RUN_ID).map(escapeRegExp).join('[A-Za-z0-9_.-]*');
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

/** The rule that judges the templates themselves: the one rule a template's refusal fails (models/rules/resources.ts). */
export const TEMPLATES_RULE = 'profile/templates-accepted';

/** The members of a request body that carry their template's value, as `templates.<name>.<member>`. */
function templateMembers(body: Record<string, unknown>, templates: Templates): { name: keyof Templates; member: string }[] {
  return (Object.entries(templates) as [keyof Templates, Record<string, unknown> | null][]).flatMap(([name, template]) =>
    Object.entries(template ?? {})
      .filter(([member, value]) => member in body && filledFrom(value, body[member]))
      .map(([member]) => ({ name, member })),
  );
}

/**
 * The template member a 400 keys, when it is one: an Errors key naming a member the request carried as
 * `templates.<name>` fills it. Undefined when the answer is no 400, keys no such member, or the member's value was
 * not the template's (a check's own value is the target's to take). The answer's body is read from its JSON, or
 * from the exchange's excerpt where only that was kept (the model's ledger).
 */
function refusedMember(
  res: Answer & { json?: unknown },
  templates: Templates,
  body = parsed(res.exchange.requestBody),
): { at: string; key: string; said: string } | undefined {
  if (res.status !== 400) return undefined;
  const errors = record((record(res.json) ?? parsed(res.exchange.bodyExcerpt))?.Errors);
  if (!errors || !body) return undefined;
  const keyed = new Map(Object.keys(errors).map((k) => [memberOf(k), k]));
  for (const { name, member } of templateMembers(body, templates)) {
    const key = keyed.get(member.toLowerCase());
    if (key === undefined) continue;
    const said = Array.isArray(errors[key]) ? ` (${(errors[key] as unknown[]).map(String).join('; ').slice(0, 160)})` : '';
    return { at: `templates.${name}.${member}`, key, said };
  }
  return undefined;
}

/** The profile error a 400 shows, when it is one (refusedMember): the check that met it skips, naming it. */
export function templateRefusal(res: Answer & { json?: unknown }, templates: Templates): string | undefined {
  const refused = refusedMember(res, templates);
  if (!refused) return undefined;
  return `profile error: ${refused.at} — the target refused the value the profile's template gives it (400, Errors.${refused.key}${refused.said}); fix the template (or run init again): this check does not judge the target on a request its profile made invalid (${TEMPLATES_RULE} reports it)`;
}

/**
 * What an answer the run heard says of the templates (TEMPLATES_RULE): nothing when the request carried no member
 * with its template's value, or its answer is neither a success nor a 400 keyed by such a member; else one
 * instance, at fault when the 400 refused one.
 */
export function templateVerdict(res: Answer & { json?: unknown }, templates: Templates): { issue?: string } | undefined {
  const body = parsed(res.exchange.requestBody);
  if (!body || templateMembers(body, templates).length === 0 || res.status === undefined) return undefined;
  if (res.status >= 200 && res.status < 300) return {};
  const refused = refusedMember(res, templates, body);
  if (!refused) return undefined;
  return {
    issue: `the target to take ${refused.at} as the profile gives it, but it refused it (400, Errors.${refused.key}${refused.said}): either the target refuses a valid body, or the template is not what the target takes (fix it, or run init again)`,
  };
}
