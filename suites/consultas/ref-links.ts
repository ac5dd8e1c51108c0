import { consulta, firstDifference, listEntries, refTitleParts, type Consulta } from '../../models/index.ts';
import { check, type Check } from '../harness/check.ts';
import { toldApart } from '../harness/consulta-match.ts';
import { requestOf, resolveUri } from '../harness/follow.ts';
import { INQUIRY_REF_RULE, type InquiryRef } from '../harness/inquiry-refs.ts';
import { LINKS_ANYWHERE } from '../harness/json-walk.ts';
import { runLedger } from '../harness/run-ledger.ts';
import { sweepOnce } from '../media/conventions.ts';
import type { RequestEnv } from '../media/requests.ts';

// consultas/ref/links-to-inquiry: every inquiry reference form the run heard (harness/inquiry-refs.ts) links to
// that inquiry. Its href, resolved against the answer that carried it, is read in the full form by the same app: a
// Consulta (not the list, the agency, the resend operation or nothing), which the link's title labels (its buyer
// e-mail, make, model and external id, where they can be told apart); the link GET by sid answers leads to the
// inquiry that request named. Registered in the last suite file, so the ledger has heard the whole run; the
// conventions sweep reads both rows in the reference form, so a run of this rule alone has links to follow.

const LOOSE = consulta('loose');

/** The links an answer of either row carries: GET by sid's one, a list's entries. */
const linksOf = (json: unknown, get: boolean): unknown[] => (get ? [json] : (listEntries(json) ?? []));

/**
 * Whether the answer that carried the link still carries it: an inquiry never changes, but its agency may have been
 * dissociated since (the run's own are, as its checks end), and then the link leads nowhere for a reason of state.
 */
async function stillCarried(c: Check, ref: InquiryRef): Promise<boolean> {
  const again = await c.sendRaw({ method: 'GET', ...requestOf(c, resolveUri(c, ref.res.exchange.url, ref.res.exchange.url)!), form: 'ref', app: ref.app });
  return again.status === 200 && linksOf(again.json, ref.ownPath !== undefined).some((l) => (l as { href?: unknown } | null)?.href === ref.href);
}

/** Follows one link; gives back false when it was not judged (its answer no longer carries it). */
async function follow(c: Check, ref: InquiryRef): Promise<boolean> {
  const what = ref.ownPath === undefined ? 'an entry of a reference-form inquiry list' : `the reference form of ${ref.ownPath}`;
  const resolved = resolveUri(c, ref.href, ref.res.exchange.url)!;
  const there = await c.sendRaw({ method: 'GET', ...requestOf(c, resolved), form: 'json', app: ref.app });
  const parsed = there.status === 200 && !there.error ? LOOSE.safeParse(there.json) : undefined;
  if (!parsed?.success && !(await stillCarried(c, ref))) return false;
  c.witness(ref.res.exchange);
  c.expect(
    parsed?.success === true,
    `the href ${ref.href} of ${what} leading to that inquiry, a Consulta; GET of it answered ${there.status ?? there.error?.code}${parsed && !parsed.success ? ' with no Consulta' : ''}`,
    there,
  );
  if (!parsed?.success) return true;
  if (ref.ownPath !== undefined) {
    const own = await c.sendRaw({ method: 'GET', path: ref.ownPath, form: 'json', app: ref.app });
    if (own.status !== 200) return true;
    const diff = firstDifference(there.json, own.json, LINKS_ANYWHERE);
    c.expect(diff === undefined, `the href ${ref.href} of ${what} leading to the inquiry ${ref.ownPath} names; first difference at ${diff}`, there);
    return true;
  }
  const parts = toldApart(refTitleParts(parsed.data as Consulta));
  if (parts.length < 2 || typeof ref.title !== 'string') return true;
  const title = ref.title.toLowerCase();
  const missing = parts.filter((p) => !title.includes(p.toLowerCase()));
  c.expect(
    missing.length === 0,
    `the inquiry the href ${ref.href} of ${what} leads to labelled by its title ${JSON.stringify(ref.title)} (the target's "short human label"), but ${missing.map((m) => JSON.stringify(m)).join(', ')} not in it`,
    there,
  );
  return true;
}

export function registerInquiryRefCheck(env: RequestEnv): void {
  check(
    INQUIRY_REF_RULE,
    async (c) => {
      await sweepOnce(c, env);
      const refs = runLedger(c.ctx.runId)?.inquiryRefs;
      if (!refs) return;
      // The reads sent to follow them are heard too: the lists are taken before.
      let gone = 0;
      for (const ref of [...refs.get, ...refs.list]) if (!(await follow(c, ref))) gone += 1;
      if (gone > 0) c.observe(`${gone} links not judged: the answer that carried each no longer does (its agency dissociated since)`);
    },
    { judgesRun: true },
  );
}
