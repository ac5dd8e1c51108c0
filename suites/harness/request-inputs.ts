import { LIMITS, type Endpoint, type MediaForm } from '../../models/index.ts';
import { tokenOfLength } from '../../generators/text.ts';
import { fillTemplate } from '../../sut/templates.ts';
import { runSegment } from '../../sut/run-mark.ts';
import type { Check } from './check.ts';
import { runCounter } from './run-counter.ts';

// Request inputs the suites invent: names that can only denote what the run itself created (fresh e-mails
// come from invitations.ts freshAdminMail), and request bodies from the profile's templates (Resources >
// Other resources: their fields are not shown).

const nextTopic = runCounter();

/** A topic name of valid length that no app was ever offered: `<runId>-<tag><n>`. */
export function freshTopic(c: Check, tag: string): string {
  return `${c.ctx.runId}-${tag}${nextTopic(c.ctx.runId)}`.toLowerCase();
}

/** A plainly invalid e-mail (no '@'), tagged with the run id so a broken server's echo is traceable. */
export const notAnEmail = (c: Check): string => `${c.ctx.runId}-not-an-email`;

/** A sid of valid length (Limits: 20 to 30) that names no inquiry. */
export const unknownSid = (c: Check): string => tokenOfLength(LIMITS.sid.maxLength, `${c.ctx.runId}x`);

/** The fixture inquiry's sid, or a sid of valid length when the target has none. */
export const fixtureSid = (c: Check): string => c.ctx.fixtures.inquirySid ?? unknownSid(c);

/** The callback URL configured by the checks that create webhook configurations: never delivered anywhere real. */
export const webhookUrl = (c: Check): string => `https://hooks.${c.ctx.profile.invitationDomain}/${runSegment(c.ctx.runId)}`;

export const webhookBody = (c: Check): Record<string, unknown> =>
  fillTemplate(c.ctx.profile.templates.webhookUpsert, { url: webhookUrl(c), runId: c.ctx.runId });

export const agenciaCreateBody = (c: Check, adminMail: string): Record<string, unknown> =>
  fillTemplate(c.ctx.profile.templates.agenciaCreate, { adminMail, runId: c.ctx.runId });

/** A valid AgenciaEdit from the profile's template; the check skips when the profile knows none (null). */
export function agenciaEditBody(c: Check, adminMail: string): Record<string, unknown> {
  const template = c.ctx.profile.templates.agenciaEdit;
  if (template === null)
    c.skip(
      "the profile's templates.agenciaEdit is null: AgenciaEdit's members are not shown, and were not told (init tells them through the simulation hooks)",
    );
  return fillTemplate(template, { adminMail, runId: c.ctx.runId });
}

/** Whether the profile knows a valid AgenciaEdit: cases of PUT on an agency are left out of a check's set without it. */
export const editKnown = (c: Check): boolean => c.ctx.profile.templates.agenciaEdit !== null;

/** For sweeps that judge any answer (no 5xx): the AgenciaEdit template, or {} when the profile knows none. */
export const anyAgenciaEditBody = (c: Check, adminMail: string): Record<string, unknown> => (editKnown(c) ? agenciaEditBody(c, adminMail) : {});

/** Broken request bodies: JSON that does not parse, and JSON that is not an object. */
export const MALFORMED_JSON = '{"AdminMail": ';
export const NOT_AN_OBJECT = ['not', 'an', 'object'];

/** The first media form the row offers, to ask for; undefined when the row lists none. */
export const firstForm = (e: Endpoint): MediaForm | undefined => e.success.mediaTypes?.[0];

/**
 * Whether a value survives as one path segment. '', '.', '..' and values with '/' or '\' address another
 * resource once the URL is normalized, and a lone surrogate cannot be percent-encoded at all.
 */
export function pathSafe(value: string): boolean {
  if (value === '' || value === '.' || value === '..' || /[/\\]/.test(value)) return false;
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** AgenciaCreate members the template fills with the AdminMail: a long one would invite someone else. */
export const adminMailMembers = (c: Check): string[] =>
  Object.entries(c.ctx.profile.templates.agenciaCreate).flatMap(([k, v]) => (typeof v === 'string' && v.includes('{{adminMail}}') ? [k] : []));
