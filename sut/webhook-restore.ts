import { memberPointer, resolvePointer } from './json-pointer.ts';
import type { Profile } from './profile.ts';

// How a saved webhook configuration is put back (issue 13, item 5). The spec shows the fields of neither AppWebhook
// (what GET answers) nor AppWebhookUpsert (what PUT takes), so the restore body is never the representation sent
// back as is: it is the profile's upsert template, each member filled with the value the representation keeps for
// it (webhooks.restoreFrom, or a member of the same name), the {{url}} member with the saved callback URL, and the
// other members with the template's own values — the profile's literals and `${ENV}` values, such as a write-only
// secret that GET never shows. A member that only this run could fill ({{runId}}, {{adminMail}}) and that the
// representation does not keep, or a callback URL that cannot be told, makes the restore unfaithful: such a topic
// is not touched unless the user accepts the loss (--discard-unrestorable-webhooks).

export interface RestorePlan {
  /** The AppWebhookUpsert body that puts the configuration back; absent when the callback URL is unknown. */
  body?: Record<string, unknown>;
  /** The saved callback URL, when it could be told. */
  callbackUrl?: string;
  /** Why the body would not reproduce the configuration: what a restore would lose. Absent: faithful. */
  loses?: string;
  /** Members of the body the profile gave (a literal, a write-only secret), not the read: no read confirms them. */
  fromProfile?: string[];
}

const RUN_PLACEHOLDER = /\{\{(runId|adminMail)\}\}/;
const carriesRunValue = (v: unknown): boolean => JSON.stringify(v)?.match(RUN_PLACEHOLDER) != null;

function isAbsoluteUrl(v: unknown): v is string {
  if (typeof v !== 'string' || !URL.canParse(v)) return false;
  const { protocol, hostname } = new URL(v);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
}

/** Every absolute URL in the representation with its pointer; link maps and the API's own resources excluded. */
function absoluteUrls(value: unknown, api: string, at = ''): { pointer: string; url: string }[] {
  if (isAbsoluteUrl(value)) return value.startsWith(api) ? [] : [{ pointer: at, url: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => absoluteUrls(v, api, `${at}/${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([k]) => k !== '_links')
      .flatMap(([k, v]) => absoluteUrls(v, api, `${at}${memberPointer(k)}`));
  }
  return [];
}

/** The callback URL of a representation that does not keep it under the template's name: its only absolute URL. */
function findCallback(representation: Record<string, unknown>, baseUrl: string): { url: string } | { why: string } {
  const found = absoluteUrls(representation, `${baseUrl.replace(/\/+$/, '')}/v3`);
  const distinct = [...new Set(found.map((f) => f.url))];
  if (distinct.length === 1) return { url: distinct[0]! };
  const where = found.map((f) => f.pointer || '(root)').join(', ');
  return {
    why:
      distinct.length === 0
        ? 'its callback URL (the AppWebhook read shows no absolute URL; name the member in webhooks.restoreFrom)'
        : `its callback URL (the AppWebhook read shows several absolute URLs, at ${where}; name the member in webhooks.restoreFrom)`,
  };
}

/** Plans the restore of a configuration read with GET (its `_links` already dropped). */
export function planRestore(representation: Record<string, unknown>, profile: Profile, baseUrl: string): RestorePlan {
  const template = profile.templates.webhookUpsert;
  const restoreFrom = profile.webhooks.restoreFrom ?? {};
  const body: Record<string, unknown> = {};
  const lost: string[] = [];
  const fromProfile: string[] = [];
  let callbackUrl: string | undefined;
  let urlUnknown = false;
  for (const [member, value] of Object.entries(template)) {
    const isUrl = typeof value === 'string' && value.includes('{{url}}');
    const explicit = restoreFrom[member];
    const pointer = explicit ?? (Object.hasOwn(representation, member) ? memberPointer(member) : undefined);
    if (pointer !== undefined) {
      const saved = resolvePointer(representation, pointer);
      if (isUrl && typeof saved === 'string') {
        callbackUrl = saved;
        body[member] = saved;
      } else if (isUrl) {
        urlUnknown = true;
        lost.push(`its callback URL (${pointer} of the AppWebhook read is ${saved === undefined ? 'missing' : 'not a string'})`);
      } else if (saved === undefined) {
        lost.push(`${member} (webhooks.restoreFrom.${member} ${pointer} names nothing in the AppWebhook read)`);
      } else if (saved !== null) {
        // null: the configuration has no value there; leaving the member out keeps it so.
        body[member] = saved;
      }
      continue;
    }
    if (isUrl) {
      const found = findCallback(representation, baseUrl);
      if ('why' in found) {
        lost.push(found.why);
        urlUnknown = true;
      } else if (RUN_PLACEHOLDER.test(value)) {
        lost.push(`${member} (its template value carries a value of this run, and the AppWebhook read does not show it)`);
      } else {
        callbackUrl = found.url;
        body[member] = value.replaceAll('{{url}}', found.url);
      }
      continue;
    }
    if (carriesRunValue(value)) {
      lost.push(`${member} (its template value carries {{runId}} or {{adminMail}}, a value of this run, and the AppWebhook read shows no ${member})`);
      continue;
    }
    // The profile's own value: a literal, or a `${ENV}` value such as a write-only secret GET never shows.
    body[member] = value;
    fromProfile.push(member);
  }
  return {
    ...(urlUnknown ? {} : { body }),
    ...(fromProfile.length > 0 ? { fromProfile } : {}),
    ...(callbackUrl !== undefined ? { callbackUrl } : {}),
    ...(lost.length > 0 ? { loses: lost.join('; ') } : {}),
  };
}
