import { PAST_LAST_PAGE, pastLastPageReading } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { Check } from '../harness/check.ts';

// Limits: pagina "at most 99" says which pages may be asked for; what a page past the last answers is not shown
// (Paged list envelope: "Pagina … current page number"): 200 with no entries, 404 or a 400 keyed pagina are all
// read by someone, so it is the profile's `pastLastPage` (models/paged-list.ts). A pagina within 1..99 the list
// reaches is judged as the bound says (accepted); one past the list's last page is held to the profile's choice,
// and only observed where the profile does not know it.

/** Judges `res`, the answer to `pagina` past `last` (the list's last page), as the profile's choice says. */
export function judgePastLast(c: Check, pagina: number, last: number, res: TargetResponse, what: string): void {
  const choice = c.ctx.profile.pastLastPage;
  if (choice === null) {
    c.observe(`${what}: past the last page (${last}), answered ${res.status ?? res.error?.code}; not judged (the profile's pastLastPage is not known)`);
    return;
  }
  const { status, says } = PAST_LAST_PAGE[choice];
  const expectation = `pagina ${pagina}, past the last page (${last}): ${says} (the profile's pastLastPage: ${choice}) — ${what}`;
  c.expectStatus(res, status, expectation);
  if (res.status === status) c.expect(pastLastPageReading(res.status, res.json) === choice, expectation, res);
}
