import { listEntries } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { lastSegment } from '../../sut/discovery.ts';
import type { AppName } from '../../sut/profile.ts';
import type { Check } from './check.ts';

// An app's agencies, named by adminMail: reference-form entries are link objects whose href is the agency
// URI /v3/agencias/{adminMail}, so the last segment names the agency (compared lower-case: Endpoints says
// the segment is matched case-insensitively).

/**
 * The lower-cased adminMails in the app's agency list (reference form, `query` applied), with the response that
 * gave them. A list read to find or compare agencies is a precondition (its answer is its own rules' to judge);
 * one whose answer is the check's statement (a filter's effect) is `judged`: it must be a 200 list.
 */
export async function agencyMails(
  c: Check,
  app: AppName,
  query?: Record<string, string>,
  judged = false,
): Promise<{ mails: Set<string>; res: TargetResponse }> {
  const res = await c.send('agencias-list', { app, form: 'ref', ...(query ? { query } : {}) });
  const what = `the ${app} app's agency list${query ? ` with ${new URLSearchParams(query)}` : ''}`;
  if (judged) c.expectStatus(res, 200, what);
  else c.givenStatus(res, 200, what);
  const list = listEntries(res.json);
  const entries = judged ? c.present(list, 'a list of link objects', res) : c.givenPresent(list, 'a list of link objects', res);
  const mails = new Set(
    entries.flatMap((e) => {
      const href = (e as { href?: unknown } | null)?.href;
      return typeof href === 'string' ? [lastSegment(href).toLowerCase()] : [];
    }),
  );
  return { mails, res };
}

/** Spellings of `mail` that differ from it only in letter case (upper, lower, alternating); none without letters. */
export function caseVariants(mail: string): string[] {
  let upper = true;
  const alternating = [...mail]
    .map((ch) => {
      if (ch.toLowerCase() === ch.toUpperCase()) return ch;
      upper = !upper;
      return upper ? ch.toLowerCase() : ch.toUpperCase();
    })
    .join('');
  return [...new Set([mail.toUpperCase(), mail.toLowerCase(), alternating])].filter((v) => v !== mail);
}
