import { ENDPOINTS, essence, MEDIA_TYPES, unlistedForms } from '../../models/index.ts';
import type { Check } from '../harness/check.ts';
import { validRequest, type RequestEnv } from './requests.ts';

// Conventions: "not every endpoint offers every one; see Endpoints". A row that leaves a media type out of its
// list (or whose resource has no reference form) may refuse a request for it or answer in another form, but
// never label an answer as that type. One rule walks every such row: the statement is one sentence, and a
// failure names the row; the reference form is the only one any row leaves out.

export async function checkUnlistedForms(c: Check, env: RequestEnv): Promise<void> {
  const unreachable: string[] = [];
  let judged = 0;
  const unserved: string[] = [];
  for (const e of ENDPOINTS) {
    const forms = unlistedForms(e);
    if (forms.length === 0) continue;
    // Reads of what exists only: a precondition this check would have to set up is not what it judges.
    const call = await validRequest(c, e, env, false);
    if (typeof call === 'string') {
      unreachable.push(`${e.id} (${call})`);
      continue;
    }
    // The request is valid only if the row's own form is served: else an answer to the unlisted one proves nothing.
    const listed = e.success.mediaTypes?.[0];
    const control = await c.send(e.id, { ...call, ...(listed ? { form: listed } : {}) });
    if (control.status === undefined || control.status < 200 || control.status >= 300) {
      unserved.push(`${e.id} (${control.status ?? control.error?.code})`);
      continue;
    }
    for (const form of forms) {
      const res = await c.send(e.id, { ...call, form });
      judged += 1;
      const type = essence(res.headers['content-type']);
      c.expect(
        type !== MEDIA_TYPES[form],
        `${e.method} ${e.path} does not list ${MEDIA_TYPES[form]}: an answer in another form or a refusal, not one labelled ${type}`,
        res,
      );
    }
  }
  if (unreachable.length > 0) c.observe(`not asked: ${unreachable.join('; ')}`);
  if (unserved.length > 0) c.observe(`not asked, their own form was not served: ${unserved.join('; ')}`);
  if (judged === 0) c.skip(`not exercised: no row answered a valid request in a form it lists (${[...unreachable, ...unserved].join('; ')})`);
}
